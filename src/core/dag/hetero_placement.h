// Helpers of the heterogeneous schedulers over HeteroPlacement (core/dag/placement.h, which also
// holds their ready set ReadyTimes): the average costs that HEFT, CPOP and PEFT rank tasks by
// (Topcuoglu et al. 2002).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/placement.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// Mean execution time of every task over the processors (w-bar of Topcuoglu et al. 2002).
inline std::vector<double> mean_exec_times(const TaskGraph& g, const Machine& m) {
  std::vector<double> w(static_cast<std::size_t>(g.size()));
  for (TaskId t = 0; t < g.size(); ++t) {
    double s = 0;
    for (int p = 0; p < m.processors; ++p) s += m.exec(g, t, p);
    w[static_cast<std::size_t>(t)] = s / m.processors;
  }
  return w;
}

/// Mean communication cost of `data` (c-bar of Topcuoglu et al. 2002, Section 3: data / B-bar
/// with B-bar the average bandwidth between distinct processors, startup latency 0). 0 on one
/// processor; `data` itself without a bandwidth matrix.
inline double mean_bandwidth(const Machine& m) {
  if (m.bandwidth.empty() || m.processors < 2) return 1.0;
  double s = 0;
  for (int p = 0; p < m.processors; ++p)
    for (int q = 0; q < m.processors; ++q)
      if (p != q)
        s += m.bandwidth[static_cast<std::size_t>(p) * static_cast<std::size_t>(m.processors) +
                         static_cast<std::size_t>(q)];
  return s / (static_cast<double>(m.processors) * (m.processors - 1));
}

/// Upward rank (Topcuoglu et al. 2002, Eq. 7): rank_u(t) = w-bar(t) + max_s (c-bar(t,s) +
/// rank_u(s)).
inline std::vector<double> upward_ranks(const TaskGraph& g, const Machine& m) {
  const std::vector<double> w = mean_exec_times(g, m);
  const double bbar = mean_bandwidth(m);
  const bool comm = m.processors > 1;
  std::vector<double> r(w.size(), 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double best = 0;
    for (auto e : g.out_edges(*it)) {
      const DagEdge& ed = g.edge(e);
      best = std::max(best, (comm ? ed.comm / bbar : 0.0) + r[static_cast<std::size_t>(ed.to)]);
    }
    r[static_cast<std::size_t>(*it)] = w[static_cast<std::size_t>(*it)] + best;
  }
  return r;
}

/// The tasks in decreasing rank, ties to the smaller topological index. A decreasing-rank order
/// is topological when every task costs more than 0 on average; with zero costs a successor can
/// tie its predecessor, which the tie-break orders (HEFT's list, shared by its relatives).
inline std::vector<TaskId> upward_rank_order(const TaskGraph& g, const std::vector<double>& rank) {
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<std::size_t> topo_pos(n);
  for (std::size_t i = 0; i < g.topo_order().size(); ++i)
    topo_pos[static_cast<std::size_t>(g.topo_order()[i])] = i;
  std::vector<TaskId> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<TaskId>(i);
  std::sort(order.begin(), order.end(), [&](TaskId a, TaskId b) {
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (rank[ia] != rank[ib]) return rank[ia] > rank[ib];
    return topo_pos[ia] < topo_pos[ib];
  });
  return order;
}

/// Downward rank (Eq. 8): rank_d(t) = max_pred (rank_d(u) + w-bar(u) + c-bar(u,t)); 0 at entries.
inline std::vector<double> downward_ranks(const TaskGraph& g, const Machine& m) {
  const std::vector<double> w = mean_exec_times(g, m);
  const double bbar = mean_bandwidth(m);
  const bool comm = m.processors > 1;
  std::vector<double> r(w.size(), 0);
  for (TaskId t : g.topo_order()) {
    double best = 0;
    for (auto e : g.in_edges(t)) {
      const DagEdge& ed = g.edge(e);
      const auto u = static_cast<std::size_t>(ed.from);
      best = std::max(best, r[u] + w[u] + (comm ? ed.comm / bbar : 0.0));
    }
    r[static_cast<std::size_t>(t)] = best;
  }
  return r;
}

}  // namespace loadlab::core
