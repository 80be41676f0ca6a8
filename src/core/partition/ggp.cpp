// GGP, P-way Geometric Graph Partitioning (survey 002 Table 1 "P-way Geometric Graph Part [24]",
// §2.3: "a P-way partitioning algorithm ... with a modified profit function based on
// Kernighan-Lin's idea of selecting improved feasible solutions";
// ../shared/seeds/002_6cf480ff57e2bb72.txt). From an initial feasible partition (params.initial,
// "selected by the user out of the set of predetermined initializations"), each pass visits the
// boundary vertices in order and moves a vertex to the adjacent part with the largest profit =
// edges gained − edges lost, if the profit is positive and the target stays within its cap, or if
// the profit is zero and the move strictly evens out the two parts' weights. Each move lowers (cut,
// Σ weight²), so passes terminate; unlike 2-way KL there is no hill climbing over negative-profit
// moves (the reference's exact profit function is not given in the survey).
#include <algorithm>
#include <vector>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace partition_detail {
std::vector<int> initial_partition(const Mesh& m, int parts, const PartitionParams& p);
std::vector<std::int64_t> capped_weights(const Mesh& m, const std::vector<int>& part, int parts,
                                         double imbalance);
}  // namespace partition_detail

std::vector<int> partition_ggp(const Mesh& m, int parts, const PartitionParams& p) {
  std::vector<int> part = partition_detail::initial_partition(m, parts, p);
  const std::vector<std::int64_t> cap =
      partition_detail::capped_weights(m, part, parts, p.imbalance);
  std::vector<std::int64_t> weight(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < m.size(); ++v) weight[part[v]] += m.weight(v);
  std::vector<int> conn(static_cast<std::size_t>(parts), 0), touched;
  for (int pass = 0; pass < p.passes; ++pass) {
    std::int64_t moved = 0;
    for (int v = 0; v < m.size(); ++v) {
      const int own = part[v];
      touched.clear();
      for (int u : m.neighbours(v)) {
        if (conn[part[u]]++ == 0) touched.push_back(part[u]);
      }
      int best = own, best_profit = 0;
      const std::int64_t w = m.weight(v);
      for (int q : touched) {
        if (q == own || weight[q] + w > cap[q]) continue;
        const int profit = conn[q] - conn[own];
        const bool better = profit > best_profit ||
                            (profit == best_profit && profit >= 0 && weight[q] + w < weight[own] &&
                             (best == own || weight[q] < weight[best]));
        if (better) {
          best = q;
          best_profit = profit;
        }
      }
      for (int q : touched) conn[q] = 0;
      if (best != own) {
        part[v] = best;
        weight[own] -= w;
        weight[best] += w;
        ++moved;
      }
    }
    if (moved == 0) break;
  }
  return part;
}

}  // namespace loadlab::core
