// ORB-SA, simulated-annealing ORB (survey 002 Table 1 "ORB-SA Simulated Annealing", §2.3
// "Stochastic Optimization Techniques", ../shared/seeds/002_6cf480ff57e2bb72.txt): every bisection
// of the orthogonal recursive bisection (params.base, inertia axis by default) is refined by a
// 2-way simulated annealing (anneal.cpp) within the per-level balance caps, before recursing.
#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

std::vector<int> partition_orb_sa(const Mesh& m, int parts, const PartitionParams& p) {
  const partition_detail::RefineFn refine =
      [&p, parts](const Mesh& mesh, std::span<const int> verts, int left, int right,
                  std::int64_t cap_left, std::int64_t cap_right, std::vector<int>& part) {
        const int labels[2] = {left, right};
        const std::vector<std::int64_t> caps = {cap_left, cap_right};
        // A distinct, reproducible stream per bisection: the seed mixed with the left label.
        partition_detail::anneal(
            mesh, verts, labels, 0, &caps, parts, p.sweeps, p.t0, p.cooling,
            p.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(left) + 1, part);
      };
  return partition_detail::recursive_bisection(
      m, parts, partition_detail::bisector_by_name(p.base, p.coarse_limit, p.smoothing), &refine,
      p.imbalance);
}

}  // namespace loadlab::core
