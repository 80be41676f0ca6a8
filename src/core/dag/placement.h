// Shared bookkeeping for list schedulers: where tasks are, when processors are free, data-ready
// times under a cost model, and earliest start / finish with or without insertion into idle gaps
// (HEFT's insertion policy, Topcuoglu et al. 2002, Section 4.1).
//
// One placement serves both machine models. A cost model has `processors`, `exec(g, t, p)` and
// `comm(data, p, q)`: IdenticalProcessors (a task costs its comp everywhere, a message its data
// between distinct processors: the model of Radulescu & van Gemund's FLB paper, Section 2) and
// Machine (speeds, bandwidths or an ETC matrix, core/dag/machine.h). The identical model is a
// plain struct the compiler sees through, so the identical-processor schedulers pay nothing for
// the generality.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// P identical processors: exec = the task's comp, comm = the edge's data between distinct
/// processors. Gives the same doubles as Machine::identical(P) (Machine::exec and comm reduce to
/// these expressions when no speeds, bandwidth or ETC are given).
struct IdenticalProcessors {
  std::int32_t processors = 1;
  double exec(const TaskGraph& g, TaskId t, std::int32_t) const { return g.comp(t); }
  double comm(double data, std::int32_t p, std::int32_t q) const { return p == q ? 0.0 : data; }
};

template <class Costs>
class BasicPlacement {
  // A Machine outlives the schedule built on it and may hold P^2 or V x P numbers: held by
  // reference. Small cost models are held by value.
  using Held = std::conditional_t<std::is_same_v<Costs, Machine>, const Machine&, Costs>;

 public:
  BasicPlacement(const TaskGraph& g, const Costs& costs, bool insertion = false)
      : g_(g),
        costs_(costs),
        P_(std::max<std::int32_t>(1, costs.processors)),
        insertion_(insertion),
        proc_(static_cast<std::size_t>(g.size()), -1),
        ft_(static_cast<std::size_t>(g.size()), 0),
        prt_(static_cast<std::size_t>(P_), 0),
        slots_(insertion ? static_cast<std::size_t>(P_) : 0),
        missing_(static_cast<std::size_t>(g.size())) {
    for (TaskId t = 0; t < g.size(); ++t) missing_[static_cast<std::size_t>(t)] = g.in_degree(t);
    sched_.processors = P_;
    sched_.entries.reserve(static_cast<std::size_t>(g.size()));
  }

  int processors() const { return P_; }
  double prt(int p) const { return prt_[static_cast<std::size_t>(p)]; }
  int proc(TaskId t) const { return proc_[static_cast<std::size_t>(t)]; }
  double finish(TaskId t) const { return ft_[static_cast<std::size_t>(t)]; }
  bool placed(TaskId t) const { return proc_[static_cast<std::size_t>(t)] >= 0; }
  double exec(TaskId t, int p) const { return costs_.exec(g_, t, p); }

  /// Time all of t's placed inputs are on p (messages from p itself are free). For a ready task
  /// that is every input; p = -1 asks when the inputs would reach a processor holding none.
  double data_ready(TaskId t, int p) const {
    double r = 0;
    for (auto e : g_.in_edges(t)) {
      const DagEdge& ed = g_.edge(e);
      const auto u = static_cast<std::size_t>(ed.from);
      if (proc_[u] < 0) continue;
      r = std::max(r, ft_[u] + costs_.comm(ed.comm, proc_[u], p));
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
  Held costs_;
  int P_;
  bool insertion_;
  std::vector<int> proc_;
  std::vector<double> ft_, prt_;
  std::vector<std::vector<std::pair<double, double>>> slots_;
  std::vector<std::int64_t> missing_;
  Schedule sched_;
};

/// The identical-processor placement (FLB, ETF, MCP, FCP, LLB, ...).
class Placement : public BasicPlacement<IdenticalProcessors> {
 public:
  Placement(const TaskGraph& g, int processors, bool insertion = false)
      : BasicPlacement(g, IdenticalProcessors{processors}, insertion) {}
};

/// The placement on a heterogeneous machine (HEFT, CPOP, PEFT, DLS, ...).
using HeteroPlacement = BasicPlacement<Machine>;

/// The ready tasks of a dynamic list scheduler (ETF, Min-Min, DLS, ...) with their data-ready time
/// on every processor, fixed once a task is ready (all its predecessors placed): O(P) per edge
/// once, not per step.
template <class Pl>
class BasicReadyTimes {
 public:
  explicit BasicReadyTimes(const Pl& pl) : pl_(pl), P_(pl.processors()) {}
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
  const Pl& pl_;
  int P_;
  std::vector<TaskId> tasks_;
  std::vector<double> dr_;
};

/// The ready set over each placement.
using ReadyTimes = BasicReadyTimes<HeteroPlacement>;
using IdenticalReadyTimes = BasicReadyTimes<Placement>;

}  // namespace loadlab::core
