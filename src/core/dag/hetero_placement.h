// Shared bookkeeping for the heterogeneous schedulers: where tasks are, when processors
// are free, data-ready times with the machine's link costs, and earliest start / finish with or
// without insertion into idle gaps (HEFT's insertion policy, Topcuoglu et al. 2002, Section 4.1).
// Plus the average costs that HEFT, CPOP and PEFT rank tasks by.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

class HeteroPlacement {
 public:
  HeteroPlacement(const TaskGraph& g, const Machine& m, bool insertion)
      : g_(g),
        m_(m),
        P_(std::max(1, m.processors)),
        insertion_(insertion),
        proc_(static_cast<std::size_t>(g.size()), -1),
        ft_(static_cast<std::size_t>(g.size()), 0),
        prt_(static_cast<std::size_t>(P_), 0),
        slots_(static_cast<std::size_t>(P_)),
        missing_(static_cast<std::size_t>(g.size())) {
    for (TaskId t = 0; t < g.size(); ++t) missing_[static_cast<std::size_t>(t)] = g.in_degree(t);
    sched_.processors = P_;
    sched_.entries.reserve(static_cast<std::size_t>(g.size()));
  }

  int processors() const { return P_; }
  const Machine& machine() const { return m_; }
  double prt(int p) const { return prt_[static_cast<std::size_t>(p)]; }
  int proc(TaskId t) const { return proc_[static_cast<std::size_t>(t)]; }
  double finish(TaskId t) const { return ft_[static_cast<std::size_t>(t)]; }
  bool placed(TaskId t) const { return proc_[static_cast<std::size_t>(t)] >= 0; }
  double exec(TaskId t, int p) const { return m_.exec(g_, t, p); }

  /// Time all of t's inputs are on p (placed predecessors only).
  double data_ready(TaskId t, int p) const {
    double r = 0;
    for (auto e : g_.in_edges(t)) {
      const DagEdge& ed = g_.edge(e);
      const auto u = static_cast<std::size_t>(ed.from);
      if (proc_[u] < 0) continue;
      r = std::max(r, ft_[u] + m_.comm(ed.comm, proc_[u], p));
    }
    return r;
  }
  /// Earliest start of a task of duration `dur` on p not before `ready`.
  /// With insertion: the first idle gap (after the previous slot's end, before the next slot's
  /// start) that holds [max(ready, gap start), + dur], else after the last slot.
  double est_from(int p, double ready, double dur) const {
    if (!insertion_) return std::max(ready, prt_[static_cast<std::size_t>(p)]);
    const auto& sl = slots_[static_cast<std::size_t>(p)];
    // No gap ending before fl(ready + dur) can hold the task (a start >= ready gives a finish
    // >= fl(ready + dur): rounding is monotone), so the scan starts at the first slot starting at
    // or after it; the slots on a processor do not overlap, so the previous slot's end is the
    // largest end before it. Same result as scanning from the first slot, in O(log slots) plus
    // the gaps actually tried (HEFT on 10,000 tasks spent most of its time in that scan).
    const double need = ready + dur;
    auto it = std::lower_bound(
        sl.begin(), sl.end(), need,
        [](const std::pair<double, double>& slot, double x) { return slot.first < x; });
    double prev_end = it == sl.begin() ? 0.0 : std::prev(it)->second;
    for (; it != sl.end(); ++it) {
      const double start = std::max(ready, prev_end);
      if (start + dur <= it->first) return start;
      prev_end = std::max(prev_end, it->second);
    }
    return std::max(ready, prev_end);
  }
  double est(TaskId t, int p) const { return est_from(p, data_ready(t, p), exec(t, p)); }
  double eft(TaskId t, int p) const { return est(t, p) + exec(t, p); }
  /// The processor with the earliest finish (lowest index on ties) and the start there.
  std::pair<int, double> best_eft(TaskId t) const {
    int bp = 0;
    double bs = est(t, 0), bf = bs + exec(t, 0);
    for (int p = 1; p < P_; ++p) {
      const double s = est(t, p), f = s + exec(t, p);
      if (f < bf) bp = p, bs = s, bf = f;
    }
    return {bp, bs};
  }
  /// Commits t on p at `start`; appends the tasks that became ready to `newly_ready`.
  const ScheduleEntry& place(TaskId t, int p, double start, std::vector<TaskId>* newly_ready) {
    const auto ti = static_cast<std::size_t>(t);
    const auto pi = static_cast<std::size_t>(p);
    proc_[ti] = p;
    ft_[ti] = start + exec(t, p);
    prt_[pi] = std::max(prt_[pi], ft_[ti]);
    if (insertion_) {
      auto& sl = slots_[pi];
      const std::pair<double, double> slot{start, ft_[ti]};
      sl.insert(std::lower_bound(sl.begin(), sl.end(), slot), slot);
    }
    sched_.entries.push_back({t, p, start, ft_[ti]});
    for (auto e : g_.out_edges(t)) {
      const TaskId v = g_.edge(e).to;
      if (--missing_[static_cast<std::size_t>(v)] == 0 && newly_ready) newly_ready->push_back(v);
    }
    return sched_.entries.back();
  }
  /// Undoes the latest place() (tentative placements for lookahead). Only the most recent
  /// placements can be undone, in reverse order.
  void unplace_last(double old_prt) {
    const ScheduleEntry en = sched_.entries.back();
    sched_.entries.pop_back();
    const auto ti = static_cast<std::size_t>(en.task);
    const auto pi = static_cast<std::size_t>(en.proc);
    proc_[ti] = -1;
    ft_[ti] = 0;
    prt_[pi] = old_prt;
    if (insertion_) {
      auto& sl = slots_[pi];
      sl.erase(
          std::lower_bound(sl.begin(), sl.end(), std::pair<double, double>{en.start, en.finish}));
    }
    for (auto e : g_.out_edges(en.task)) ++missing_[static_cast<std::size_t>(g_.edge(e).to)];
  }
  Schedule take() { return std::move(sched_); }

 private:
  const TaskGraph& g_;
  const Machine& m_;
  int P_;
  bool insertion_;
  std::vector<int> proc_;
  std::vector<double> ft_, prt_;
  std::vector<std::vector<std::pair<double, double>>> slots_;
  std::vector<std::int64_t> missing_;
  Schedule sched_;
};

/// The ready tasks of a dynamic list scheduler with their data-ready time on every processor,
/// fixed once a task is ready (all its predecessors placed): O(P) per edge once, not per step.
class ReadyTimes {
 public:
  explicit ReadyTimes(const HeteroPlacement& pl) : pl_(pl), P_(pl.processors()) {}
  void add(TaskId t) {
    tasks_.push_back(t);
    for (int p = 0; p < P_; ++p) dr_.push_back(pl_.data_ready(t, p));
  }
  std::size_t size() const { return tasks_.size(); }
  bool empty() const { return tasks_.empty(); }
  TaskId task(std::size_t i) const { return tasks_[i]; }
  double data_ready(std::size_t i, int p) const {
    return dr_[i * static_cast<std::size_t>(P_) + static_cast<std::size_t>(p)];
  }
  /// Swap-removes slot i (callers break ties by task id, so the order does not matter).
  void remove(std::size_t i) {
    const std::size_t last = tasks_.size() - 1;
    tasks_[i] = tasks_[last];
    tasks_.pop_back();
    const auto P = static_cast<std::size_t>(P_);
    for (std::size_t p = 0; p < P; ++p) dr_[i * P + p] = dr_[last * P + p];
    dr_.resize(last * P);
  }

 private:
  const HeteroPlacement& pl_;
  int P_;
  std::vector<TaskId> tasks_;
  std::vector<double> dr_;
};

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
