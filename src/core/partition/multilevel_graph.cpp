// The graph side of the multilevel scheme (Karypis & Kumar 1998, "A fast and high quality multilevel
// scheme for partitioning irregular graphs", SIAM J. Sci. Comput. 20(1), §3 heavy-edge matching and
// §5 refinement; Karypis & Kumar 1998b, "Multilevel k-way partitioning scheme for irregular graphs",
// J. Parallel Distrib. Comput. 48, greedy k-way refinement): weighted graphs, coarsening by
// heavy-edge matching, and the greedy k-way refinement applied while uncoarsening.
#include <algorithm>
#include <numeric>

#include "core/partition/multilevel.h"

namespace loadlab::core::partition_detail {

MlGraph ml_graph_of(const Mesh& m) {
  MlGraph g;
  g.n = m.size();
  g.off = m.offsets();
  g.adj = m.adjacency();
  g.ew.assign(g.adj.size(), 1);
  g.vw.resize(static_cast<std::size_t>(g.n));
  for (int v = 0; v < g.n; ++v) g.vw[v] = m.weight(v);
  g.total = std::accumulate(g.vw.begin(), g.vw.end(), std::int64_t{0});
  return g;
}

MlGraph ml_induced(const MlGraph& g, const std::vector<int>& side, int s, std::vector<int>& global) {
  std::vector<int> local(static_cast<std::size_t>(g.n), -1);
  global.clear();
  for (int v = 0; v < g.n; ++v)
    if (side[v] == s) {
      local[v] = static_cast<int>(global.size());
      global.push_back(v);
    }
  MlGraph h;
  h.n = static_cast<int>(global.size());
  h.off.assign(static_cast<std::size_t>(h.n) + 1, 0);
  h.vw.resize(static_cast<std::size_t>(h.n));
  for (int i = 0; i < h.n; ++i) {
    const int v = global[i];
    h.vw[i] = g.vw[v];
    h.total += g.vw[v];
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (local[g.adj[e]] >= 0) {
        h.adj.push_back(local[g.adj[e]]);
        h.ew.push_back(g.ew[e]);
      }
    h.off[i + 1] = static_cast<std::int64_t>(h.adj.size());
  }
  return h;
}

MlGraph ml_coarsen(const MlGraph& g, std::int64_t max_vw, util::Rng& rng, std::vector<int>& cmap) {
  std::vector<int> order(static_cast<std::size_t>(g.n));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.data(), order.size());
  std::vector<int> match(static_cast<std::size_t>(g.n), -1);
  for (int v : order) {
    if (match[v] >= 0) continue;
    int best = -1;
    std::int64_t bw = -1;
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
      const int u = g.adj[e];
      if (match[u] >= 0 || u == v || g.vw[v] + g.vw[u] > max_vw) continue;
      if (g.ew[e] > bw || (g.ew[e] == bw && g.vw[u] < g.vw[best])) {
        bw = g.ew[e];
        best = u;
      }
    }
    match[v] = best >= 0 ? best : v;
    if (best >= 0) match[best] = v;
  }
  cmap.assign(static_cast<std::size_t>(g.n), -1);
  int nc = 0;
  for (int v = 0; v < g.n; ++v)
    if (cmap[v] < 0) {
      cmap[v] = nc;
      cmap[match[v]] = nc;
      ++nc;
    }
  MlGraph c;
  c.n = nc;
  c.total = g.total;
  c.off.assign(static_cast<std::size_t>(nc) + 1, 0);
  c.vw.assign(static_cast<std::size_t>(nc), 0);
  std::vector<int> first(static_cast<std::size_t>(nc), -1), slot(static_cast<std::size_t>(nc), -1);
  for (int v = 0; v < g.n; ++v) {
    c.vw[cmap[v]] += g.vw[v];
    if (first[cmap[v]] < 0) first[cmap[v]] = v;
  }
  std::vector<int> touched;
  for (int cv = 0; cv < nc; ++cv) {
    touched.clear();
    const int a = first[cv], b = match[a];
    const int members[2] = {a, b};
    for (int k = 0; k < (a == b ? 1 : 2); ++k) {
      const int v = members[k];
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const int cu = cmap[g.adj[e]];
        if (cu == cv) continue;
        if (slot[cu] < 0) {
          slot[cu] = static_cast<int>(c.adj.size());
          c.adj.push_back(cu);
          c.ew.push_back(0);
          touched.push_back(cu);
        }
        c.ew[slot[cu]] += g.ew[e];
      }
    }
    for (int cu : touched) slot[cu] = -1;
    c.off[cv + 1] = static_cast<std::int64_t>(c.adj.size());
  }
  return c;
}

std::int64_t ml_cut(const MlGraph& g, const std::vector<int>& part) {
  std::int64_t cut = 0;
  for (int v = 0; v < g.n; ++v)
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (part[g.adj[e]] != part[v]) cut += g.ew[e];
  return cut / 2;
}

void ml_kway_refine(const MlGraph& g, std::vector<int>& part, int parts, std::int64_t cap, int passes,
                    util::Rng& rng) {
  std::vector<std::int64_t> pw(static_cast<std::size_t>(parts), 0), conn(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < g.n; ++v) pw[part[v]] += g.vw[v];
  std::vector<int> order(static_cast<std::size_t>(g.n)), touched;
  std::iota(order.begin(), order.end(), 0);
  for (int pass = 0; pass < passes; ++pass) {
    rng.shuffle(order.data(), order.size());
    std::int64_t moved = 0;
    for (int v : order) {
      const int a = part[v];
      const std::int64_t w = g.vw[v];
      touched.clear();
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const int q = part[g.adj[e]];
        if (conn[q] == 0) touched.push_back(q);
        conn[q] += g.ew[e];
      }
      const bool over = pw[a] > cap;
      const std::int64_t own = conn[a];
      int best = -1;
      std::int64_t best_gain = 0;
      for (int q : touched) {
        if (q == a || pw[q] + w > cap) continue;
        const std::int64_t gain = conn[q] - own;
        if (best < 0 || gain > best_gain || (gain == best_gain && pw[q] < pw[best])) {
          best = q;
          best_gain = gain;
        }
      }
      for (int q : touched) conn[q] = 0;
      // Positive gain; zero gain that evens the two weights (lowers Σ weight², so passes end); any
      // gain out of an overweight part.
      const bool take = best >= 0 && (best_gain > 0 || (best_gain == 0 && pw[best] + w < pw[a]) || over);
      if (!take) continue;
      part[v] = best;
      pw[a] -= w;
      pw[best] += w;
      ++moved;
    }
    if (moved == 0) break;
  }
  // A part still over the cap (its neighbour parts full too): balance wins over the cut, so its
  // vertices go to the lightest part while that has room.
  for (int v = 0; v < g.n; ++v) {
    const int a = part[v];
    if (pw[a] <= cap) continue;
    int light = 0;
    for (int q = 1; q < parts; ++q)
      if (pw[q] < pw[light]) light = q;
    if (light == a || pw[light] + g.vw[v] > cap) continue;
    part[v] = light;
    pw[a] -= g.vw[v];
    pw[light] += g.vw[v];
  }
}

}  // namespace loadlab::core::partition_detail
