// Multilevel partitioning (Hendrickson & Leland 1995, "A multilevel algorithm for partitioning
// graphs", Supercomputing '95; Karypis & Kumar 1998, "A fast and high quality multilevel scheme for
// partitioning irregular graphs", SIAM J. Sci. Comput. 20(1)), the scheme the survey's §2.3 points
// to beside Kernighan–Lin [74] (../shared/seeds/002_6cf480ff57e2bb72.txt). Each bisection coarsens
// the graph by heavy-edge matching to about 100 vertices, bisects the coarsest graph by greedy
// graph growing from several random seeds (each refined by FM, the best kept), then projects back
// level by level with boundary Fiduccia–Mattheyses refinement on the weighted graph. P parts come
// from recursive bisection (per-level balance slack as orb_kl), then greedy k-way refinement within
// the total imbalance cap. Integer arithmetic and util::Rng: identical natively and in WebAssembly.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <queue>
#include <tuple>

#include "core/partition/bisection.h"
#include "core/partition/multilevel.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace partition_detail {

namespace {

constexpr int kMlCoarsestSize = 100;

struct MlSides {
  std::vector<std::int64_t> id, ed;
  std::int64_t w[2] = {0, 0};
};

void ml_side_degrees(const MlGraph& g, const std::vector<int>& side, MlSides& s) {
  s.id.assign(static_cast<std::size_t>(g.n), 0);
  s.ed.assign(static_cast<std::size_t>(g.n), 0);
  s.w[0] = s.w[1] = 0;
  for (int v = 0; v < g.n; ++v) {
    s.w[side[v]] += g.vw[v];
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      (side[g.adj[e]] == side[v] ? s.id[v] : s.ed[v]) += g.ew[e];
  }
}

void ml_move(const MlGraph& g, std::vector<int>& side, MlSides& s, int v) {
  const int from = side[v], to = 1 - from;
  side[v] = to;
  s.w[from] -= g.vw[v];
  s.w[to] += g.vw[v];
  std::swap(s.id[v], s.ed[v]);
  for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
    const int u = g.adj[e];
    if (side[u] == to) {
      s.id[u] += g.ew[e];
      s.ed[u] -= g.ew[e];
    } else {
      s.id[u] -= g.ew[e];
      s.ed[u] += g.ew[e];
    }
  }
}

using MlEntry = std::tuple<std::int64_t, int>;  // (gain, −vertex): highest gain, then lowest id

// Moves best-gain vertices off a side that is over its cap, while the other side has room.
void ml_balance(const MlGraph& g, std::vector<int>& side, MlSides& s, const std::int64_t cap[2]) {
  const int heavy = s.w[0] > cap[0] ? 0 : (s.w[1] > cap[1] ? 1 : -1);
  if (heavy < 0) return;
  std::priority_queue<MlEntry> heap;
  for (int v = 0; v < g.n; ++v)
    if (side[v] == heavy) heap.emplace(s.ed[v] - s.id[v], -v);
  while (s.w[heavy] > cap[heavy] && !heap.empty()) {
    const auto [gain, neg] = heap.top();
    heap.pop();
    const int v = -neg;
    if (side[v] != heavy || gain != s.ed[v] - s.id[v]) continue;
    if (s.w[1 - heavy] + g.vw[v] > cap[1 - heavy]) continue;
    ml_move(g, side, s, v);
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (side[g.adj[e]] == heavy) heap.emplace(s.ed[g.adj[e]] - s.id[g.adj[e]], -g.adj[e]);
  }
}

// Greedy graph growing (Karypis & Kumar 1998 §4): side 0 grows from `start` by the vertex of best
// gain until it reaches its target weight.
void ml_grow(const MlGraph& g, int start, std::int64_t target0, std::int64_t cap0,
             std::vector<int>& side) {
  side.assign(static_cast<std::size_t>(g.n), 1);
  MlSides s;
  ml_side_degrees(g, side, s);
  std::priority_queue<MlEntry> heap;
  heap.emplace(s.ed[start] - s.id[start], -start);
  int scan = start;
  while (s.w[0] < target0) {
    if (heap.empty()) {
      // Side 0's component is used up: continue from the next vertex of side 1 that fits.
      int tried = 0;
      while (tried < g.n && (side[scan] == 0 || s.w[0] + g.vw[scan] > cap0)) {
        scan = (scan + 1) % g.n;
        ++tried;
      }
      if (tried == g.n) break;
      heap.emplace(s.ed[scan] - s.id[scan], -scan);
    }
    const auto [gain, neg] = heap.top();
    heap.pop();
    const int v = -neg;
    if (side[v] == 0 || gain != s.ed[v] - s.id[v] || s.w[0] + g.vw[v] > cap0) continue;
    ml_move(g, side, s, v);
    for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e)
      if (side[g.adj[e]] == 1) heap.emplace(s.ed[g.adj[e]] - s.id[g.adj[e]], -g.adj[e]);
  }
}

}  // namespace

std::int64_t ml_fm(const MlGraph& g, std::vector<int>& side, std::int64_t target0,
                   std::int64_t cap0, std::int64_t cap1, int passes) {
  const std::int64_t cap[2] = {cap0, cap1};
  MlSides s;
  ml_side_degrees(g, side, s);
  ml_balance(g, side, s, cap);
  std::vector<char> locked(static_cast<std::size_t>(g.n));
  std::vector<int> moves;
  const std::size_t stall_limit = static_cast<std::size_t>(std::max(50, g.n / 50));
  for (int pass = 0; pass < passes; ++pass) {
    if (pass > 0) ml_side_degrees(g, side, s);
    std::priority_queue<MlEntry> heap;
    for (int v = 0; v < g.n; ++v) {
      locked[v] = 0;
      if (s.ed[v] > 0) heap.emplace(s.ed[v] - s.id[v], -v);
    }
    moves.clear();
    std::int64_t change = 0, best = 0;
    std::int64_t best_dev = std::llabs(s.w[0] - target0);
    std::size_t best_len = 0;
    while (!heap.empty() && moves.size() - best_len < stall_limit) {
      const auto [gain, neg] = heap.top();
      heap.pop();
      const int v = -neg;
      if (locked[v] || gain != s.ed[v] - s.id[v]) continue;
      const int to = 1 - side[v];
      if (s.w[to] + g.vw[v] > cap[to]) continue;
      ml_move(g, side, s, v);
      locked[v] = 1;
      change -= gain;
      moves.push_back(v);
      for (std::int64_t e = g.off[v]; e < g.off[v + 1]; ++e) {
        const int u = g.adj[e];
        if (!locked[u]) heap.emplace(s.ed[u] - s.id[u], -u);
      }
      const std::int64_t dev = std::llabs(s.w[0] - target0);
      if (change < best || (change == best && dev < best_dev)) {
        best = change;
        best_dev = dev;
        best_len = moves.size();
      }
    }
    for (std::size_t k = moves.size(); k > best_len; --k) {
      const int v = moves[k - 1];
      const int from = side[v];
      side[v] = 1 - from;
      s.w[from] -= g.vw[v];
      s.w[1 - from] += g.vw[v];
    }
    if (best_len == 0) break;
  }
  return ml_cut(g, side);
}

std::vector<int> ml_bisect(const MlGraph& g, std::int64_t target0, std::int64_t cap0,
                           std::int64_t cap1, int tries, util::Rng& rng) {
  std::vector<MlGraph> levels;
  std::vector<std::vector<int>> cmaps;
  const MlGraph* cur = &g;
  const std::int64_t max_vw = std::max<std::int64_t>(1, (3 * g.total) / (2 * kMlCoarsestSize));
  while (cur->n > kMlCoarsestSize) {
    std::vector<int> cmap;
    MlGraph c = ml_coarsen(*cur, max_vw, rng, cmap);
    if (c.n * 20 > cur->n * 19) break;  // matching stalls (stars, heavy vertices)
    levels.push_back(std::move(c));
    cmaps.push_back(std::move(cmap));
    cur = &levels.back();
  }
  // Initial bisection of the coarsest graph: the best of `tries` grown and refined bisections.
  std::vector<int> side, best_side;
  std::int64_t best_cut = 0, best_excess = 0;
  for (int t = 0; t < std::max(1, tries); ++t) {
    const int start =
        cur->n > 0 ? static_cast<int>(rng.below(static_cast<std::uint64_t>(cur->n))) : 0;
    if (cur->n == 0) break;
    ml_grow(*cur, start, target0, cap0, side);
    const std::int64_t cut = ml_fm(*cur, side, target0, cap0, cap1, 10);
    std::int64_t w0 = 0;
    for (int v = 0; v < cur->n; ++v) w0 += side[v] == 0 ? cur->vw[v] : 0;
    const std::int64_t excess =
        std::max<std::int64_t>(0, w0 - cap0) + std::max<std::int64_t>(0, cur->total - w0 - cap1);
    if (best_side.empty() || excess < best_excess || (excess == best_excess && cut < best_cut)) {
      best_side = side;
      best_cut = cut;
      best_excess = excess;
    }
  }
  side = std::move(best_side);
  side.resize(static_cast<std::size_t>(cur->n), 1);
  for (std::size_t l = levels.size(); l > 0; --l) {
    const MlGraph& fine = l >= 2 ? levels[l - 2] : g;
    const std::vector<int>& cmap = cmaps[l - 1];
    std::vector<int> projected(static_cast<std::size_t>(fine.n));
    for (int v = 0; v < fine.n; ++v) projected[v] = side[cmap[v]];
    side.swap(projected);
    ml_fm(fine, side, target0, cap0, cap1, 10);
  }
  return side;
}

namespace {

// Recursive multilevel bisection of g into parts first .. first+count−1; part is indexed like g.
void ml_recursive_bisection(const MlGraph& g, int first, int count, double slack, util::Rng& rng,
                            std::vector<int>& part) {
  if (count <= 1 || g.n == 0) {
    std::fill(part.begin(), part.end(), first);
    return;
  }
  const int left_count = count / 2;
  const std::int64_t target0 = (g.total * left_count + count / 2) / count;
  const auto cap = [&](std::int64_t target) {
    return std::max(
        target, static_cast<std::int64_t>(std::floor(static_cast<double>(target) * (1.0 + slack))));
  };
  std::vector<int> side = ml_bisect(g, target0, cap(target0), cap(g.total - target0), 8, rng);
  for (int s = 0; s < 2; ++s) {
    std::vector<int> global;
    const MlGraph h = ml_induced(g, side, s, global);
    std::vector<int> sub(static_cast<std::size_t>(h.n), 0);
    ml_recursive_bisection(h, s == 0 ? first : first + left_count,
                           s == 0 ? left_count : count - left_count, slack, rng, sub);
    for (int i = 0; i < h.n; ++i) part[global[i]] = sub[i];
  }
}

}  // namespace

}  // namespace partition_detail

std::vector<int> partition_multilevel(const Mesh& m, int parts, const PartitionParams& p) {
  using namespace partition_detail;
  const MlGraph g = ml_graph_of(m);
  std::vector<int> part(static_cast<std::size_t>(g.n), 0);
  if (parts <= 1 || g.n == 0) return part;
  util::Rng rng(p.seed);
  ml_recursive_bisection(g, 0, parts, level_slack(parts, p.imbalance), rng, part);
  const auto cap = static_cast<std::int64_t>(
      std::floor(static_cast<double>(g.total) / parts * (1.0 + p.imbalance)));
  ml_kway_refine(g, part, parts, std::max<std::int64_t>(cap, (g.total + parts - 1) / parts), 10,
                 rng);
  return part;
}

}  // namespace loadlab::core
