// SA, P-way simulated annealing (survey 002 Table 1 "SA: P-way SA [157]", §2.3 "Stochastic
// Optimization Techniques", ../shared/seeds/002_6cf480ff57e2bb72.txt). Starts from params.initial
// (default: ORB-I with coordinates, Cuthill–McKee clustering without) and anneals all P parts at
// once (anneal.cpp) with every part capped at (1 + imbalance) · average weight (or its initial
// weight if that is larger, so the start is always feasible).
#include <algorithm>
#include <numeric>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace partition_detail {

// The starting partition of ggp and sa.
std::vector<int> initial_partition(const Mesh& m, int parts, const PartitionParams& p) {
  std::string name = p.initial;
  if (name.empty()) name = m.has_coordinates() ? "orb_i" : "cm";
  if (name == "sa" || name == "ggp" || name == "metis" || name == "orb_sa")
    throw std::invalid_argument("initial partition '" + name + "' is not allowed");
  return run_partition_method(name, m, parts, p);
}

std::vector<std::int64_t> capped_weights(const Mesh& m, const std::vector<int>& part, int parts,
                                         double imbalance) {
  std::vector<std::int64_t> w(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < m.size(); ++v) w[part[v]] += m.weight(v);
  const double avg = static_cast<double>(m.total_weight()) / parts;
  const auto cap = static_cast<std::int64_t>(avg * (1.0 + imbalance));
  for (auto& x : w) x = std::max(x, cap);
  return w;
}

}  // namespace partition_detail

std::vector<int> partition_sa(const Mesh& m, int parts, const PartitionParams& p) {
  std::vector<int> part = partition_detail::initial_partition(m, parts, p);
  const std::vector<std::int64_t> caps =
      partition_detail::capped_weights(m, part, parts, p.imbalance);
  std::vector<int> verts(static_cast<std::size_t>(m.size())),
      labels(static_cast<std::size_t>(parts));
  std::iota(verts.begin(), verts.end(), 0);
  std::iota(labels.begin(), labels.end(), 0);
  partition_detail::anneal(m, verts, labels, 0, &caps, parts, p.sweeps, p.t0, p.cooling, p.seed,
                           part);
  return part;
}

}  // namespace loadlab::core
