// Multilevel recursive bisection with Fiduccia–Mattheyses refinement: Hendrickson & Leland, "A
// multilevel algorithm for partitioning graphs" (Supercomputing 1995), and Karypis & Kumar, "A fast
// and high quality multilevel scheme for partitioning irregular graphs" (SIAM J. Sci. Comput.
// 20(1), 1998). The refinement is the Kernighan–Lin heuristic in Fiduccia–Mattheyses form that
// survey 002 §2.3 names for improving a feasible partition
// (../shared/seeds/002_6cf480ff57e2bb72.txt, [74]).
//
// Each bisection: (1) coarsen by heavy-edge matching in a seeded random visit order, a coarse
// vertex never heavier than 1.5 · W / coarse_size (Karypis & Kumar §3.1, HEM); (2) on the coarsest
// graph, greedy graph growing from several random seeds (their GGGP, §3.2), each grown region
// refined by FM, the best kept; (3) uncoarsen, refining every level by boundary FM with rollback to
// the best prefix (§3.3, BKLR). Balance first, then cut: a prefix that is closer to the caps always
// wins, so an infeasible projection is repaired. Each bisection is computed `cuts` times from
// different random matchings and the best is kept (their "ncuts"). The P parts come from recursive
// bisection (floor(p/2) : rest target weights); a final P-way greedy boundary pass (Karypis &
// Kumar's k-way refinement) spends the imbalance allowance the per-level caps left unused. Integer
// weights and seeded util::Rng only: identical natively and in WebAssembly.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <queue>
#include <tuple>
#include <vector>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

// A weighted graph of one level (vertex and edge weights are sums of the finer level's).
struct MlGraph {
  int n = 0;
  std::vector<std::int64_t> off{0};
  std::vector<int> adj;
  std::vector<std::int64_t> ew;
  std::vector<std::int64_t> vw;
  std::int64_t total = 0;
  std::int64_t max_vw = 0;
};

void multilevel_finish(MlGraph& g) {
  g.total = 0;
  g.max_vw = 0;
  for (std::int64_t w : g.vw) {
    g.total += w;
    g.max_vw = std::max(g.max_vw, w);
  }
}

// Heavy-edge matching; `cmap` gets fine vertex -> coarse vertex.
MlGraph multilevel_contract(const MlGraph& g, util::Rng& rng, std::int64_t max_vw,
                            std::vector<int>& cmap) {
  std::vector<int> order(static_cast<std::size_t>(g.n));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.data(), order.size());
  std::vector<int> match(static_cast<std::size_t>(g.n), -1);
  for (int v : order) {
    if (match[v] >= 0) continue;
    int best = -1;
    std::int64_t bw = 0;
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
      const int u = g.adj[e];
      if (match[u] < 0 && g.ew[e] > bw && g.vw[v] + g.vw[u] <= max_vw) {
        bw = g.ew[e];
        best = u;
      }
    }
    if (best < 0) {
      match[v] = v;
    } else {
      match[v] = best;
      match[best] = v;
    }
  }
  cmap.assign(static_cast<std::size_t>(g.n), -1);
  std::vector<int> rep;
  for (int v = 0; v < g.n; ++v)
    if (cmap[v] < 0) {
      cmap[v] = cmap[match[v]] = static_cast<int>(rep.size());
      rep.push_back(v);
    }
  MlGraph c;
  c.n = static_cast<int>(rep.size());
  c.off.assign(static_cast<std::size_t>(c.n) + 1, 0);
  c.vw.assign(static_cast<std::size_t>(c.n), 0);
  std::vector<int> slot(static_cast<std::size_t>(c.n), -1);
  std::vector<int> touched;
  c.adj.reserve(g.adj.size() / 2);
  c.ew.reserve(g.adj.size() / 2);
  for (int cv = 0; cv < c.n; ++cv) {
    const int a = rep[cv], b = match[a];
    touched.clear();
    for (int k = 0; k < (a == b ? 1 : 2); ++k) {
      const int v = k == 0 ? a : b;
      c.vw[cv] += g.vw[v];
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
  multilevel_finish(c);
  return c;
}

// Balance violation of a bisection: how far the sides are above their caps.
std::int64_t multilevel_excess(const std::int64_t w[2], const std::int64_t cap[2]) {
  return std::max<std::int64_t>(0, w[0] - cap[0]) + std::max<std::int64_t>(0, w[1] - cap[1]);
}

std::int64_t multilevel_cut(const MlGraph& g, const std::vector<char>& side) {
  std::int64_t cut = 0;
  for (int v = 0; v < g.n; ++v)
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (side[g.adj[e]] != side[v]) cut += g.ew[e];
  return cut / 2;
}

// FM passes on a weighted bisection; returns the final cut.
std::int64_t multilevel_fm(const MlGraph& g, std::vector<char>& side, const std::int64_t cap[2],
                           std::int64_t target0, int passes) {
  std::vector<std::int64_t> gain(static_cast<std::size_t>(g.n));
  std::vector<char> locked(static_cast<std::size_t>(g.n));
  std::vector<int> moves;
  std::int64_t w[2] = {0, 0};
  for (int v = 0; v < g.n; ++v) w[static_cast<int>(side[v])] += g.vw[v];
  std::int64_t cut = multilevel_cut(g, side);
  const std::size_t stall = static_cast<std::size_t>(std::clamp(g.n / 100, 25, 150));
  for (int pass = 0; pass < passes; ++pass) {
    using Entry = std::tuple<std::int64_t, int>;  // (gain, -vertex)
    std::priority_queue<Entry> heap;
    for (int v = 0; v < g.n; ++v) {
      std::int64_t gv = 0;
      bool boundary = false;
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const bool ext = side[g.adj[e]] != side[v];
        gv += ext ? g.ew[e] : -g.ew[e];
        boundary = boundary || ext;
      }
      gain[v] = gv;
      locked[v] = 0;
      if (boundary) heap.emplace(gv, -v);
    }
    const std::int64_t start_cut = cut, start_excess = multilevel_excess(w, cap);
    const std::int64_t start_dev = std::llabs(w[0] - target0);
    std::int64_t best_cut = start_cut, best_excess = start_excess, best_dev = start_dev;
    std::size_t best_len = 0;
    moves.clear();
    while (!heap.empty() && moves.size() - best_len < stall) {
      const auto [gv, neg] = heap.top();
      heap.pop();
      const int v = -neg;
      if (locked[v] || gv != gain[v]) continue;
      const int from = side[v], to = 1 - from;
      // A move may not overfill its target side, unless it drains a side that is already over.
      if (w[to] + g.vw[v] > cap[to] && !(w[from] > cap[from] && w[to] + g.vw[v] < w[from]))
        continue;
      side[v] = static_cast<char>(to);
      w[from] -= g.vw[v];
      w[to] += g.vw[v];
      locked[v] = 1;
      cut -= gv;
      moves.push_back(v);
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const int u = g.adj[e];
        gain[u] += side[u] == to ? -2 * g.ew[e] : 2 * g.ew[e];
        if (!locked[u]) heap.emplace(gain[u], -u);
      }
      const std::int64_t ex = multilevel_excess(w, cap), dev = std::llabs(w[0] - target0);
      if (ex < best_excess ||
          (ex == best_excess && (cut < best_cut || (cut == best_cut && dev < best_dev)))) {
        best_excess = ex;
        best_cut = cut;
        best_dev = dev;
        best_len = moves.size();
      }
    }
    for (std::size_t k = moves.size(); k > best_len; --k) {
      const int v = moves[k - 1];
      const int from = side[v], to = 1 - from;
      side[v] = static_cast<char>(to);
      w[from] -= g.vw[v];
      w[to] += g.vw[v];
    }
    cut = best_cut;
    if (best_len == 0) break;
  }
  return cut;
}

// Greedy graph growing from `start` until side 0 reaches its target weight (other components are
// entered at their lowest unvisited vertex when the frontier runs dry).
void multilevel_grow(const MlGraph& g, int start, std::int64_t target0, std::vector<char>& side) {
  side.assign(static_cast<std::size_t>(g.n), 1);
  std::vector<std::int64_t> gain(static_cast<std::size_t>(g.n), 0);
  using Entry = std::tuple<std::int64_t, int>;
  std::priority_queue<Entry> heap;
  std::int64_t w0 = 0;
  int next_free = 0;
  heap.emplace(0, -start);
  while (w0 < target0) {
    int v = -1;
    while (!heap.empty()) {
      const auto [gv, neg] = heap.top();
      heap.pop();
      if (side[-neg] == 1 && gv == gain[-neg]) {
        v = -neg;
        break;
      }
    }
    if (v < 0) {
      while (next_free < g.n && side[next_free] == 0) ++next_free;
      if (next_free >= g.n) break;
      v = next_free;
    }
    // Stop before a vertex that would overshoot the target by more than stopping short misses it.
    if (w0 + g.vw[v] - target0 > target0 - w0) break;
    side[v] = 0;
    w0 += g.vw[v];
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
      const int u = g.adj[e];
      if (side[u] == 0) continue;
      gain[u] += 2 * g.ew[e];
      heap.emplace(gain[u], -u);
    }
  }
}

struct MlBisectSettings {
  int coarse_size = 120;
  int tries = 8;
  int passes = 8;
  int cuts = 4;
};

// Multilevel bisection of `g`: side 0 should weigh about target0; caps bound the final sides.
std::vector<char> multilevel_bisect(const MlGraph& g, std::int64_t target0,
                                    const std::int64_t cap[2], const MlBisectSettings& s,
                                    util::Rng& rng) {
  std::vector<MlGraph> coarse;
  std::vector<std::vector<int>> cmaps;
  const std::int64_t max_vw = std::max<std::int64_t>(g.max_vw, (3 * g.total) / (2 * s.coarse_size));
  while (true) {
    const MlGraph& cur = coarse.empty() ? g : coarse.back();
    if (cur.n <= s.coarse_size) break;
    std::vector<int> cmap;
    MlGraph c = multilevel_contract(cur, rng, max_vw, cmap);
    if (static_cast<std::int64_t>(c.n) * 20 > static_cast<std::int64_t>(cur.n) * 19) break;
    coarse.push_back(std::move(c));
    cmaps.push_back(std::move(cmap));
  }
  // Caps of a level: the final caps widened by the level's heaviest vertex (a coarse graph cannot
  // always be split finer than one vertex); the finest level uses the exact caps.
  auto level_caps = [&](const MlGraph& lg, std::int64_t out[2]) {
    const std::int64_t extra = &lg == &g ? 0 : lg.max_vw;
    out[0] = cap[0] + extra;
    out[1] = cap[1] + extra;
  };
  const MlGraph& cg = coarse.empty() ? g : coarse.back();
  std::int64_t ccap[2];
  level_caps(cg, ccap);
  std::vector<char> best, side;
  std::int64_t best_cut = 0, best_excess = 0;
  const int tries = cg.n <= 1 ? 1 : s.tries;
  for (int t = 0; t < tries && cg.n > 0; ++t) {
    const int start = static_cast<int>(rng.below(static_cast<std::uint64_t>(cg.n)));
    multilevel_grow(cg, start, target0, side);
    const std::int64_t cut = multilevel_fm(cg, side, ccap, target0, s.passes);
    std::int64_t w[2] = {0, 0};
    for (int v = 0; v < cg.n; ++v) w[static_cast<int>(side[v])] += cg.vw[v];
    const std::int64_t ex = multilevel_excess(w, ccap);
    if (best.empty() || ex < best_excess || (ex == best_excess && cut < best_cut)) {
      best = side;
      best_cut = cut;
      best_excess = ex;
    }
  }
  if (best.empty()) best.assign(static_cast<std::size_t>(cg.n), 0);
  for (std::size_t l = coarse.size(); l > 0; --l) {
    const MlGraph& fine = l >= 2 ? coarse[l - 2] : g;
    const std::vector<int>& cmap = cmaps[l - 1];
    std::vector<char> proj(static_cast<std::size_t>(fine.n));
    for (int v = 0; v < fine.n; ++v) proj[v] = best[cmap[v]];
    best.swap(proj);
    std::int64_t lcap[2];
    level_caps(fine, lcap);
    multilevel_fm(fine, best, lcap, target0, s.passes);
  }
  return best;
}

MlGraph multilevel_from_mesh(const Mesh& m) {
  MlGraph g;
  g.n = m.size();
  g.off = m.offsets();
  g.adj = m.adjacency();
  g.ew.assign(g.adj.size(), 1);
  g.vw.resize(static_cast<std::size_t>(g.n));
  for (int v = 0; v < g.n; ++v) g.vw[v] = m.weight(v);
  multilevel_finish(g);
  return g;
}

// The subgraph of `g` induced by the vertices with side[v] == which; `ids` maps its vertices back.
MlGraph multilevel_induce(const MlGraph& g, const std::vector<char>& side, char which,
                          const std::vector<int>& ids, std::vector<int>& sub_ids) {
  std::vector<int> local(static_cast<std::size_t>(g.n), -1);
  MlGraph s;
  sub_ids.clear();
  for (int v = 0; v < g.n; ++v)
    if (side[v] == which) {
      local[v] = s.n++;
      sub_ids.push_back(ids[v]);
      s.vw.push_back(g.vw[v]);
    }
  s.off.assign(static_cast<std::size_t>(s.n) + 1, 0);
  for (int v = 0; v < g.n; ++v) {
    if (local[v] < 0) continue;
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (local[g.adj[e]] >= 0) {
        s.adj.push_back(local[g.adj[e]]);
        s.ew.push_back(g.ew[e]);
      }
    s.off[local[v] + 1] = static_cast<std::int64_t>(s.adj.size());
  }
  multilevel_finish(s);
  return s;
}

// P-way greedy boundary refinement within caps: a vertex moves to the adjacent part it has most
// edges to if that lowers the cut, or keeps it and evens the two parts' weights.
void multilevel_kway_refine(const Mesh& m, int parts, double imbalance, int passes,
                            std::vector<int>& part) {
  std::vector<std::int64_t> weight(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < m.size(); ++v) weight[part[v]] += m.weight(v);
  const auto cap = static_cast<std::int64_t>(
      std::floor(static_cast<double>(m.total_weight()) * (1.0 + imbalance) / parts));
  std::vector<int> conn(static_cast<std::size_t>(parts), 0), touched;
  for (int pass = 0; pass < passes; ++pass) {
    std::int64_t moved = 0;
    for (int v = 0; v < m.size(); ++v) {
      const int own = part[v];
      touched.clear();
      for (int u : m.neighbours(v))
        if (conn[part[u]]++ == 0) touched.push_back(part[u]);
      // A part over the cap (recursive bisection's rounding can leave one a vertex over) sheds
      // boundary vertices even at a loss.
      const bool over = weight[own] > cap;
      int best = own, best_gain = over ? INT32_MIN : 0;
      const std::int64_t w = m.weight(v);
      for (int q : touched) {
        if (q == own || weight[q] + w > cap) continue;
        const int gain = conn[q] - conn[own];
        const bool better = gain > best_gain || (gain == best_gain && (over || gain >= 0) &&
                                                 weight[q] + w < weight[own] &&
                                                 (best == own || weight[q] < weight[best]));
        if (better) {
          best = q;
          best_gain = gain;
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
}

}  // namespace

std::vector<int> partition_multilevel(const Mesh& m, int parts, const PartitionParams& p) {
  std::vector<int> part(static_cast<std::size_t>(m.size()), 0);
  if (parts <= 1 || m.size() == 0) return part;
  const double slack = partition_detail::level_slack(parts, p.imbalance);
  MlBisectSettings settings;
  settings.passes = std::max(1, p.passes);
  util::Rng rng(p.seed * 0x9E3779B97F4A7C15ULL + 0x6D6C);
  struct Job {
    MlGraph g;
    std::vector<int> ids;
    int first = 0, count = 0;
  };
  std::vector<Job> stack;
  {
    Job top{multilevel_from_mesh(m), std::vector<int>(static_cast<std::size_t>(m.size())), 0,
            parts};
    std::iota(top.ids.begin(), top.ids.end(), 0);
    stack.push_back(std::move(top));
  }
  while (!stack.empty()) {
    Job job = std::move(stack.back());
    stack.pop_back();
    for (int v : job.ids) part[v] = job.first;
    if (job.count <= 1 || job.g.n == 0) continue;
    const int left_count = job.count / 2;
    const std::int64_t target0 = (job.g.total * left_count + job.count / 2) / job.count;
    const std::int64_t cap[2] = {
        static_cast<std::int64_t>(std::floor(static_cast<double>(target0) * (1.0 + slack))),
        static_cast<std::int64_t>(
            std::floor(static_cast<double>(job.g.total - target0) * (1.0 + slack)))};
    std::vector<char> side;
    std::int64_t best_cut = 0, best_excess = 0;
    for (int c = 0; c < settings.cuts; ++c) {
      std::vector<char> s = multilevel_bisect(job.g, target0, cap, settings, rng);
      std::int64_t w[2] = {0, 0};
      for (int v = 0; v < job.g.n; ++v) w[static_cast<int>(s[v])] += job.g.vw[v];
      const std::int64_t ex = multilevel_excess(w, cap), cut = multilevel_cut(job.g, s);
      if (c == 0 || ex < best_excess || (ex == best_excess && cut < best_cut)) {
        side.swap(s);
        best_cut = cut;
        best_excess = ex;
      }
    }
    Job a, b;
    a.first = job.first;
    a.count = left_count;
    b.first = job.first + left_count;
    b.count = job.count - left_count;
    a.g = multilevel_induce(job.g, side, 0, job.ids, a.ids);
    b.g = multilevel_induce(job.g, side, 1, job.ids, b.ids);
    job = Job{};
    stack.push_back(std::move(b));
    stack.push_back(std::move(a));
  }
  multilevel_kway_refine(m, parts, p.imbalance, 2 * std::max(1, p.passes), part);
  return part;
}

}  // namespace loadlab::core
