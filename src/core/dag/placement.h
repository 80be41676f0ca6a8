// Shared bookkeeping for list schedulers: where tasks are, when processors are free, and the
// earliest start of a task on a processor (append at the end, or insertion into idle gaps).
#pragma once

#include <algorithm>
#include <vector>

#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

class Placement {
 public:
  Placement(const TaskGraph& g, int processors, bool insertion = false)
      : g_(g),
        P_(std::max(1, processors)),
        insertion_(insertion),
        proc_(g.size(), -1),
        ft_(g.size(), 0),
        prt_(P_, 0),
        slots_(insertion ? P_ : 0),
        missing_(g.size()) {
    for (TaskId t = 0; t < g.size(); ++t) missing_[t] = g.in_degree(t);
    sched_.processors = P_;
    sched_.entries.reserve(g.size());
  }

  int processors() const { return P_; }
  double prt(int p) const { return prt_[p]; }
  int proc(TaskId t) const { return proc_[t]; }
  double finish(TaskId t) const { return ft_[t]; }
  bool ready(TaskId t) const { return missing_[t] == 0 && proc_[t] < 0; }

  /// Time all of t's inputs are on p (messages from p itself are free).
  double data_ready(TaskId t, int p) const {
    double r = 0;
    for (auto e : g_.in_edges(t)) {
      const DagEdge& ed = g_.edge(e);
      r = std::max(r, ft_[ed.from] + (proc_[ed.from] == p ? 0.0 : ed.comm));
    }
    return r;
  }
  /// Earliest start of t on p given its data-ready time there.
  double est_from(TaskId t, int p, double ready) const {
    if (!insertion_) return std::max(ready, prt_[p]);
    double prev_end = 0;
    for (const auto& [s, f] : slots_[p]) {
      const double start = std::max(ready, prev_end);
      if (start + g_.comp(t) <= s) return start;
      prev_end = std::max(prev_end, f);
    }
    return std::max(ready, prev_end);
  }
  double est(TaskId t, int p) const { return est_from(t, p, data_ready(t, p)); }
  /// The processor giving the earliest start (lowest index on ties) and that start.
  std::pair<int, double> best_proc(TaskId t) const {
    int bp = 0;
    double best = est(t, 0);
    for (int p = 1; p < P_; ++p) {
      const double e = est(t, p);
      if (e < best) best = e, bp = p;
    }
    return {bp, best};
  }
  /// Commits t on p at `start`; returns the tasks that became ready.
  const ScheduleEntry& place(TaskId t, int p, double start, std::vector<TaskId>* newly_ready) {
    proc_[t] = p;
    ft_[t] = start + g_.comp(t);
    prt_[p] = std::max(prt_[p], ft_[t]);
    if (insertion_) {
      auto& sl = slots_[p];
      auto it = std::lower_bound(sl.begin(), sl.end(), std::pair<double, double>{start, ft_[t]});
      sl.insert(it, {start, ft_[t]});
    }
    sched_.entries.push_back({t, p, start, ft_[t]});
    for (auto e : g_.out_edges(t)) {
      const TaskId v = g_.edge(e).to;
      if (--missing_[v] == 0 && newly_ready) newly_ready->push_back(v);
    }
    return sched_.entries.back();
  }
  Schedule take() { return std::move(sched_); }

 private:
  const TaskGraph& g_;
  int P_;
  bool insertion_;
  std::vector<int> proc_;
  std::vector<double> ft_, prt_;
  std::vector<std::vector<std::pair<double, double>>> slots_;
  std::vector<std::int64_t> missing_;
  Schedule sched_;
};

}  // namespace loadlab::core
