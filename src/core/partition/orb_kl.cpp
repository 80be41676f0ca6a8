// ORB-KL, Kernighan–Lin ORB (survey 002 Table 1 "Kernighan-Lin ORB [74]", §2.3 "Deterministic
// Optimization Techniques", ../shared/seeds/002_6cf480ff57e2bb72.txt): every bisection of the
// orthogonal recursive bisection (by default the inertia-axis one, params.base) is refined by
// Kernighan–Lin in Fiduccia–Mattheyses form before recursing, within a per-level balance slack.
#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

std::vector<int> partition_orb_kl(const Mesh& m, int parts, const PartitionParams& p) {
  const partition_detail::RefineFn refine = [&p](const Mesh& mesh, std::span<const int> verts,
                                                 int left, int right, std::int64_t cap_left,
                                                 std::int64_t cap_right, std::vector<int>& part) {
    partition_detail::fm_refine(mesh, verts, left, right, cap_left, cap_right, p.passes, part);
  };
  return partition_detail::recursive_bisection(
      m, parts, partition_detail::bisector_by_name(p.base, p.coarse_limit, p.smoothing), &refine,
      p.imbalance);
}

}  // namespace loadlab::core
