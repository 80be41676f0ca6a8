// The engine shared by the duplication-based schedulers (dsh.cpp, cpfd.cpp): a partial schedule in
// which a task may have copies on several processors, and the search both papers use to start a
// task earlier on a processor by running copies of its ancestors there first.
//
// The search (Kruatrachue & Lewis 1988 for DSH; Ahmad & Kwok 1998 for CPFD, where the parent in
// question is called the "very important parent"): t's start on p is held by the parent whose
// data arrives last. If no copy of that parent is on p, a copy is put on p (itself started as early
// as this search can make it, recursively through its own latest parent), and kept only if t now
// starts strictly earlier; repeat until the latest parent is already on p or a copy no longer
// helps. A child then receives each parent's data from whichever copy delivers it first.
//
// Model: P identical processors, messages cost the edge's data between distinct processors (the
// FLB paper's Section 2). Tasks are placed in a topological order, so every parent has at least
// one copy when its child is considered.
#pragma once

#include <cstdint>
#include <vector>

#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// How many copies one (task, processor) evaluation may try, so a deep graph cannot make one
/// decision explore every ancestor chain (docs/scenario-dag.md, "Duplication").
inline constexpr int kDuplicationAttemptBudget = 64;

/// How the ancestors to copy are chosen. kGreedy: the latest parent, itself improved
/// recursively, kept while the task starts strictly earlier (DSH, CPFD). kBottomUp: BTDH's
/// duplication set (btdh.cpp), grown along the chain of messages that hold the task back even when
/// its start rises for a while; the set that gave the earliest start wins.
enum class DuplicationSearch { kGreedy, kBottomUp };

class DuplicationPlacement {
 public:
  /// `insertion`: a task (or copy) may fill an idle gap between tasks already on a processor
  /// (CPFD); otherwise it is appended after the processor's last task (DSH, BTDH).
  DuplicationPlacement(const TaskGraph& g, int processors, bool insertion,
                       DuplicationSearch search = DuplicationSearch::kGreedy);

  /// A tentative placement on one processor: the copies it would add, in placement order.
  struct Trial {
    int proc = 0;
    std::vector<ScheduleEntry> added;  ///< copies to add (duplicate = true), ancestors first
    double free = 0;                   ///< when the processor's last task or copy ends
    double start = 0;                  ///< the task's start on `proc` with those copies
  };

  /// t's best start on p: with `duplicate`, after the ancestor-copy search; else plain.
  Trial evaluate(TaskId t, int p, bool duplicate) const;
  /// Commits a trial's copies and then t itself (the non-duplicate entry) at trial.start.
  const ScheduleEntry& commit(TaskId t, const Trial& trial, std::vector<ScheduleEntry>* copies);

  /// Evaluates t on every processor (or on `only`, ascending, when given) and commits the
  /// earliest start (then fewer copies, then the lower processor index). Records the candidates,
  /// the choice and the copies in `step`.
  const ScheduleEntry& place_best(TaskId t, bool duplicate, TraceStep* step,
                                  const std::vector<int>* only = nullptr);
  /// The processors holding a copy of one of t's parents, plus the lowest-numbered empty processor
  /// (none empty: the one idle earliest), ascending: CPFD's candidates.
  std::vector<int> parent_processors(TaskId t) const;

  int processors() const { return P_; }
  Schedule take() { return std::move(sched_); }

 private:
  double arrival(TaskId u, double comm, const Trial& tr) const;
  bool on_proc(TaskId u, const Trial& tr) const;
  double data_ready(TaskId t, const Trial& tr, TaskId* latest) const;
  double slot_start(const Trial& tr, double ready, double dur) const;
  double improve(TaskId t, Trial& tr, int& budget) const;
  // BTDH's search (defined in btdh.cpp): appending only.
  Trial evaluate_bottom_up(TaskId t, int p) const;
  Trial btdh_layout(TaskId t, int p, const std::vector<TaskId>& set) const;
  TaskId btdh_next_ancestor(TaskId t, const Trial& tr) const;

  const TaskGraph& g_;
  std::vector<std::int32_t> topo_pos_;  // kBottomUp: each task's index in g.topo_order()
  int P_;
  bool insertion_;
  DuplicationSearch search_;
  std::vector<std::vector<std::pair<double, double>>> busy_;  // per processor, sorted by start
  std::vector<std::vector<ScheduleEntry>> copies_;            // per task: every copy so far
  std::vector<double> free_;                                  // per processor: last finish
  Schedule sched_;
};

/// DSH's list (largest static level first, ties to the smaller t-level, then the lower id), each
/// task placed where it starts earliest, copies appended before it: DSH with kGreedy, BTDH with
/// kBottomUp (the two papers share this frame and differ in the copy search).
Schedule static_level_duplication_schedule(const TaskGraph& g, int processors, ScheduleTrace* trace,
                                           bool duplicate, DuplicationSearch search);

}  // namespace loadlab::core
