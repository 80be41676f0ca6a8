// DSC - Dominant Sequence Clustering (Yang & Gerasoulis), as summarised in paper 001 Section 3.3:
// priority = top level + bottom level (largest first), the top level grows incrementally, the
// bottom level is static; each task joins the cluster of one of its predecessors if it starts
// earlier there (its incoming edge is zeroed), otherwise it opens a new cluster.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.3. Simplification: the partially
// free task look-ahead (DSRW) of the original DSC is not implemented.
// Clusters are processors: the schedule uses as many processors as clusters (unbounded model).
#include <algorithm>
#include <queue>

#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule dsc(const TaskGraph& g) {
  const std::int32_t n = g.size();
  const Levels lv = compute_levels(g);
  std::vector<double> tlevel(n, 0), ft(n, 0), cluster_ready;
  std::vector<std::int32_t> cluster(n, -1);
  std::vector<std::int64_t> missing(n);
  using Item = std::pair<double, TaskId>;  // (priority, -id) max-heap via comparator
  auto cmp = [](const Item& a, const Item& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  };
  std::priority_queue<Item, std::vector<Item>, decltype(cmp)> free_tasks(cmp);
  for (TaskId t = 0; t < n; ++t) {
    missing[t] = g.in_degree(t);
    if (missing[t] == 0) free_tasks.push({lv.b_level[t], t});
  }
  Schedule s;
  s.entries.reserve(n);
  std::vector<std::int32_t> tried;
  while (!free_tasks.empty()) {
    const TaskId t = free_tasks.top().second;
    free_tasks.pop();
    // Start in a new cluster = the last message arrival; in a predecessor's cluster that
    // predecessor's messages are free but the cluster must be idle.
    double new_start = 0;
    for (auto e : g.in_edges(t))
      new_start = std::max(new_start, ft[g.edge(e).from] + g.edge(e).comm);
    std::int32_t best_c = -1;
    double best = new_start;
    tried.clear();
    for (auto e : g.in_edges(t)) {
      const std::int32_t c = cluster[g.edge(e).from];
      if (std::find(tried.begin(), tried.end(), c) != tried.end()) continue;
      tried.push_back(c);
      double st = cluster_ready[c];
      for (auto f : g.in_edges(t)) {
        const DagEdge& ed = g.edge(f);
        st = std::max(st, ft[ed.from] + (cluster[ed.from] == c ? 0.0 : ed.comm));
      }
      if (st < best || (st == best && best_c >= 0 && c < best_c)) best = st, best_c = c;
    }
    if (best_c < 0) {
      best_c = static_cast<std::int32_t>(cluster_ready.size());
      cluster_ready.push_back(0);
    }
    cluster[t] = best_c;
    ft[t] = best + g.comp(t);
    cluster_ready[best_c] = ft[t];
    s.entries.push_back({t, best_c, best, ft[t]});
    for (auto e : g.out_edges(t)) {
      const TaskId v = g.edge(e).to;
      tlevel[v] = std::max(tlevel[v], ft[t] + g.edge(e).comm);
      if (--missing[v] == 0) free_tasks.push({tlevel[v] + lv.b_level[v], v});
    }
  }
  s.processors = static_cast<std::int32_t>(std::max<std::size_t>(1, cluster_ready.size()));
  return s;
}

}  // namespace loadlab::core
