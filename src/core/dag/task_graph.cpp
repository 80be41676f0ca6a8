// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 2 (model, CCR, width);
// ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling" (sl, t-level, b-level, ALAP).
#include "core/dag/task_graph.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <queue>

namespace loadlab::core {

namespace {

std::string task_label(const std::vector<std::string>& names, TaskId t) {
  return t >= 0 && static_cast<std::size_t>(t) < names.size() ? names[t] : "t" + std::to_string(t);
}

void check_cost(double c, const std::string& what) {
  if (!std::isfinite(c) || c < 0 || c > GraphLimits::max_cost)
    throw GraphError(what + " must be a finite number in [0, 1e12], got " + std::to_string(c));
}

}  // namespace

TaskGraph::TaskGraph(std::vector<double> comp, std::vector<DagEdge> edges,
                     std::vector<std::string> names)
    : comp_(std::move(comp)), edges_(std::move(edges)), names_(std::move(names)) {
  const auto n = static_cast<std::int64_t>(comp_.size());
  if (n > GraphLimits::max_tasks)
    throw GraphError("too many tasks: " + std::to_string(n) + " (limit " +
                     std::to_string(GraphLimits::max_tasks) + ")");
  if (static_cast<std::int64_t>(edges_.size()) > GraphLimits::max_edges)
    throw GraphError("too many edges: " + std::to_string(edges_.size()) + " (limit " +
                     std::to_string(GraphLimits::max_edges) + ")");
  if (names_.empty()) {
    names_.reserve(n);
    for (std::int64_t i = 0; i < n; ++i) names_.push_back("t" + std::to_string(i));
  } else if (static_cast<std::int64_t>(names_.size()) != n) {
    throw GraphError("names has " + std::to_string(names_.size()) + " entries for " +
                     std::to_string(n) + " tasks");
  }
  for (std::int64_t i = 0; i < n; ++i) check_cost(comp_[i], "cost of task " + names_[i]);
  for (const DagEdge& e : edges_) {
    if (e.from < 0 || e.from >= n || e.to < 0 || e.to >= n)
      throw GraphError("edge " + std::to_string(e.from) + "->" + std::to_string(e.to) +
                       " refers to a task that does not exist");
    check_cost(e.comm, "cost of edge " + names_[e.from] + "->" + names_[e.to]);
    if (e.from == e.to)
      throw GraphError("graph has a cycle: " + names_[e.from] + " -> " + names_[e.from], {e.from});
  }
  // Edges sorted by (from, to) give ordered CSR lists and make duplicates adjacent.
  std::sort(edges_.begin(), edges_.end(), [](const DagEdge& a, const DagEdge& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  for (std::size_t i = 1; i < edges_.size(); ++i)
    if (edges_[i].from == edges_[i - 1].from && edges_[i].to == edges_[i - 1].to)
      throw GraphError("duplicate edge " + names_[edges_[i].from] + " -> " + names_[edges_[i].to]);
  const auto m = static_cast<std::int64_t>(edges_.size());
  succ_off_.assign(n + 1, 0);
  pred_off_.assign(n + 1, 0);
  for (const DagEdge& e : edges_) {
    ++succ_off_[e.from + 1];
    ++pred_off_[e.to + 1];
  }
  for (std::int64_t i = 0; i < n; ++i) {
    succ_off_[i + 1] += succ_off_[i];
    pred_off_[i + 1] += pred_off_[i];
  }
  succ_edge_.resize(m);
  pred_edge_.resize(m);
  {
    std::vector<std::int64_t> sp(succ_off_.begin(), succ_off_.end() - 1);
    std::vector<std::int64_t> pp(pred_off_.begin(), pred_off_.end() - 1);
    for (std::int64_t e = 0; e < m; ++e) succ_edge_[sp[edges_[e].from]++] = e;
    // Edges are sorted by source, so each predecessor list comes out in ascending source order.
    for (std::int64_t e = 0; e < m; ++e) pred_edge_[pp[edges_[e].to]++] = e;
  }
  // Kahn with a min-heap: deterministic order, and leftovers reveal a cycle.
  std::vector<std::int64_t> indeg(n);
  for (std::int64_t t = 0; t < n; ++t) indeg[t] = pred_off_[t + 1] - pred_off_[t];
  std::priority_queue<TaskId, std::vector<TaskId>, std::greater<>> ready;
  for (TaskId t = 0; t < n; ++t)
    if (indeg[t] == 0) ready.push(t);
  topo_.reserve(n);
  while (!ready.empty()) {
    const TaskId t = ready.top();
    ready.pop();
    topo_.push_back(t);
    for (auto e : out_edges(t))
      if (--indeg[edges_[e].to] == 0) ready.push(edges_[e].to);
  }
  if (static_cast<std::int64_t>(topo_.size()) != n) {
    // Every task left over has a left-over predecessor; walking back must repeat a task.
    TaskId start = 0;
    while (indeg[start] == 0) ++start;
    std::vector<std::int64_t> seen_at(n, -1);
    std::vector<TaskId> walk;
    TaskId t = start;
    while (seen_at[t] < 0) {
      seen_at[t] = static_cast<std::int64_t>(walk.size());
      walk.push_back(t);
      for (auto e : in_edges(t))
        if (indeg[edges_[e].from] > 0) {
          t = edges_[e].from;
          break;
        }
    }
    std::vector<TaskId> cycle(walk.begin() + seen_at[t], walk.end());
    std::reverse(cycle.begin(), cycle.end());  // walked backwards: restore edge direction
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
    std::string text;
    for (TaskId c : cycle) text += task_label(names_, c) + " -> ";
    text += task_label(names_, cycle.front());
    throw GraphError("graph has a cycle: " + text, std::move(cycle));
  }
}

double TaskGraph::comm(TaskId from, TaskId to) const {
  for (auto e : out_edges(from))
    if (edges_[e].to == to) return edges_[e].comm;
  return 0;
}

std::vector<TaskId> TaskGraph::entry_tasks() const {
  std::vector<TaskId> out;
  for (TaskId t = 0; t < size(); ++t)
    if (is_entry(t)) out.push_back(t);
  return out;
}

std::vector<TaskId> TaskGraph::exit_tasks() const {
  std::vector<TaskId> out;
  for (TaskId t = 0; t < size(); ++t)
    if (is_exit(t)) out.push_back(t);
  return out;
}

double TaskGraph::total_comp() const {
  double s = 0;
  for (double c : comp_) s += c;
  return s;
}

double TaskGraph::total_comm() const {
  double s = 0;
  for (const DagEdge& e : edges_) s += e.comm;
  return s;
}

double TaskGraph::ccr() const {
  if (edges_.empty() || comp_.empty()) return 0;
  const double avg_comp = total_comp() / static_cast<double>(comp_.size());
  const double avg_comm = total_comm() / static_cast<double>(edges_.size());
  return avg_comp > 0 ? avg_comm / avg_comp : 0;
}

Levels compute_levels(const TaskGraph& g) {
  const auto n = static_cast<std::size_t>(g.size());
  Levels lv;
  lv.sl.assign(n, 0);
  lv.co_level.assign(n, 0);
  lv.t_level.assign(n, 0);
  lv.b_level.assign(n, 0);
  lv.alap.assign(n, 0);
  const auto& order = g.topo_order();
  for (TaskId t : order) {
    double co = 0, tl = 0;
    for (auto e : g.in_edges(t)) {
      const DagEdge& ed = g.edge(e);
      co = std::max(co, lv.co_level[ed.from]);
      tl = std::max(tl, lv.t_level[ed.from] + g.comp(ed.from) + ed.comm);
    }
    lv.co_level[t] = co + g.comp(t);
    lv.t_level[t] = tl;
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const TaskId t = *it;
    double s = 0, b = 0;
    for (auto e : g.out_edges(t)) {
      const DagEdge& ed = g.edge(e);
      s = std::max(s, lv.sl[ed.to]);
      b = std::max(b, ed.comm + lv.b_level[ed.to]);
    }
    lv.sl[t] = s + g.comp(t);
    lv.b_level[t] = b + g.comp(t);
  }
  TaskId best = -1;
  for (std::size_t t = 0; t < n; ++t) {
    lv.critical_path_comp = std::max(lv.critical_path_comp, lv.sl[t]);
    if (best < 0 || lv.b_level[t] > lv.b_level[best]) best = static_cast<TaskId>(t);
  }
  if (best >= 0) lv.critical_path = lv.b_level[best];
  for (std::size_t t = 0; t < n; ++t) lv.alap[t] = lv.critical_path - lv.b_level[t];
  // Follow the successor that realises the b-level (first in id order on ties).
  for (TaskId t = best; t >= 0;) {
    lv.critical_path_tasks.push_back(t);
    TaskId next = -1;
    for (auto e : g.out_edges(t)) {
      const DagEdge& ed = g.edge(e);
      if (ed.comm + lv.b_level[ed.to] + g.comp(t) == lv.b_level[t]) {
        next = ed.to;
        break;
      }
    }
    t = next;
  }
  return lv;
}

double makespan_lower_bound(const TaskGraph& g, int processors) {
  double cp = 0;
  std::vector<double> sl(g.size(), 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double s = 0;
    for (auto e : g.out_edges(*it)) s = std::max(s, sl[g.edge(e).to]);
    sl[*it] = s + g.comp(*it);
    cp = std::max(cp, sl[*it]);
  }
  return std::max(cp, g.total_comp() / std::max(1, processors));
}

std::int32_t level_width(const TaskGraph& g) {
  std::vector<std::int32_t> depth(g.size(), 0), count(g.size() + 1, 0);
  std::int32_t w = 0;
  for (TaskId t : g.topo_order()) {
    for (auto e : g.in_edges(t)) depth[t] = std::max(depth[t], depth[g.edge(e).from] + 1);
    w = std::max(w, ++count[depth[t]]);
  }
  return w;
}

std::int32_t exact_width(const TaskGraph& g, std::int32_t max_tasks) {
  const std::int32_t n = g.size();
  if (n > max_tasks) return -1;
  if (n == 0) return 0;
  const std::size_t words = (static_cast<std::size_t>(n) + 63) / 64;
  std::vector<std::uint64_t> reach(static_cast<std::size_t>(n) * words, 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    std::uint64_t* r = &reach[static_cast<std::size_t>(*it) * words];
    for (auto e : g.out_edges(*it)) {
      const TaskId s = g.edge(e).to;
      const std::uint64_t* rs = &reach[static_cast<std::size_t>(s) * words];
      for (std::size_t w = 0; w < words; ++w) r[w] |= rs[w];
      r[s / 64] |= std::uint64_t{1} << (s % 64);
    }
  }
  // Dilworth: width = n - maximum matching in the comparability bipartite graph (Hopcroft-Karp).
  std::vector<std::int32_t> match_l(n, -1), match_r(n, -1), dist(n);
  auto neighbours = [&](std::int32_t u, auto&& fn) {
    const std::uint64_t* r = &reach[static_cast<std::size_t>(u) * words];
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t bits = r[w]; bits; bits &= bits - 1) {
        const int b = std::countr_zero(bits);
        if (fn(static_cast<std::int32_t>(w * 64 + b))) return true;
      }
    return false;
  };
  std::int32_t matching = 0;
  while (true) {
    std::vector<std::int32_t> queue;
    for (std::int32_t u = 0; u < n; ++u) {
      dist[u] = match_l[u] < 0 ? 0 : -1;
      if (match_l[u] < 0) queue.push_back(u);
    }
    bool found = false;
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
      const std::int32_t u = queue[qi];
      neighbours(u, [&](std::int32_t v) {
        const std::int32_t w = match_r[v];
        if (w < 0)
          found = true;
        else if (dist[w] < 0) {
          dist[w] = dist[u] + 1;
          queue.push_back(w);
        }
        return false;
      });
    }
    if (!found) break;
    std::vector<std::int32_t> stack;
    auto augment = [&](auto&& self, std::int32_t u) -> bool {
      const bool ok = neighbours(u, [&](std::int32_t v) {
        const std::int32_t w = match_r[v];
        if (w < 0 || (dist[w] == dist[u] + 1 && self(self, w))) {
          match_l[u] = v;
          match_r[v] = u;
          return true;
        }
        return false;
      });
      if (!ok) dist[u] = -1;
      return ok;
    };
    for (std::int32_t u = 0; u < n; ++u)
      if (match_l[u] < 0 && augment(augment, u)) ++matching;
  }
  return n - matching;
}

}  // namespace loadlab::core
