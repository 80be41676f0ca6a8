// Simulated annealing for mesh partitioning (survey 002 §2.3, "Stochastic Optimization
// Techniques": SA [76] as used in [51], [53], [157]; Table 1 rows ORB-SA and SA;
// ../shared/seeds/002_6cf480ff57e2bb72.txt). A proposal picks a random vertex of `verts` and a
// random neighbour in another of the `labels` parts and moves the vertex there; moves that would
// push a part past its cap are rejected (the balance constraint is hard), the others are accepted
// with the Metropolis rule on the change of the cut. Temperature t0 · cooling^sweep; the last sweep
// runs at T = 0 (greedy). Randomness from util::Rng, exp from portable_exp_neg: bit-identical
// everywhere.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/partition/bisection.h"
#include "core/util/rng.h"

namespace loadlab::core::partition_detail {

void anneal(const Mesh& m, std::span<const int> verts, std::span<const int> labels,
            std::int64_t cap_default, const std::vector<std::int64_t>* caps, int parts_total,
            int sweeps, double t0, double cooling, std::uint64_t seed, std::vector<int>& part) {
  if (verts.empty() || labels.size() < 2) return;
  std::vector<int> slot(static_cast<std::size_t>(parts_total), -1);
  for (std::size_t i = 0; i < labels.size(); ++i) slot[labels[i]] = static_cast<int>(i);
  std::vector<std::int64_t> weight(labels.size(), 0);
  for (int v : verts) weight[slot[part[v]]] += m.weight(v);
  auto cap_of = [&](int s) { return caps ? (*caps)[s] : cap_default; };
  int max_degree = 1;
  for (int v : verts) max_degree = std::max(max_degree, m.degree(v));
  std::vector<double> accept(static_cast<std::size_t>(max_degree) + 1);
  util::Rng rng(seed);
  const auto count = static_cast<std::uint64_t>(verts.size());
  double t = t0;
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    const bool greedy = sweep + 1 == sweeps || t <= 1e-9;
    for (int d = 1; d <= max_degree; ++d) accept[d] = greedy ? 0.0 : portable_exp_neg(d / t);
    for (std::uint64_t step = 0; step < count; ++step) {
      const int v = verts[rng.below(count)];
      const auto nb = m.neighbours(v);
      if (nb.empty()) continue;
      const int u = nb[rng.below(nb.size())];
      const int from = part[v], to = part[u];
      if (from == to || slot[to] < 0) continue;
      const std::int64_t w = m.weight(v);
      if (weight[slot[to]] + w > cap_of(slot[to])) continue;
      // Cut change of the move: edges to `from` become cut, edges to `to` stop being cut; edges
      // to other parts inside the region stay cut, edges leaving the region are not counted.
      int delta = 0;
      for (int x : nb) {
        if (part[x] == from)
          ++delta;
        else if (part[x] == to)
          --delta;
      }
      if (delta > 0 && !(rng.uniform01() < accept[delta])) continue;
      part[v] = to;
      weight[slot[from]] -= w;
      weight[slot[to]] += w;
    }
    t *= cooling;
  }
}

}  // namespace loadlab::core::partition_detail
