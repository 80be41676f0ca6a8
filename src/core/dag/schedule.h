// Schedules of a task graph on P identical processors, step traces of list schedulers, and the
// common metrics (paper 001, Sections 2 and 6: makespan, NSL, speedup; efficiency).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/task_graph.h"

namespace loadlab::core {

struct ScheduleEntry {
  TaskId task = 0;
  std::int32_t proc = 0;
  double start = 0;
  double finish = 0;
  /// An extra copy of a task that also has its own (non-duplicate) entry: duplication-based
  /// schedulers (dsh, cpfd) run a parent again on a child's processor so the child need not wait
  /// for the parent's message. Every other scheduler leaves it false.
  bool duplicate = false;
};

/// Entries in the order the scheduler placed them. In a valid schedule every task has exactly one
/// entry with duplicate == false, plus any number of duplicate copies.
struct Schedule {
  std::int32_t processors = 0;
  std::vector<ScheduleEntry> entries;

  /// Latest finish time (T_par of Section 2); 0 for an empty schedule.
  double makespan() const;
  /// Number of entries marked duplicate.
  std::int64_t duplicate_count() const;
};

/// One ready task as a scheduler saw it at a step (for the UI and for Table 1 of paper 001).
struct TraceReady {
  TaskId task = 0;
  /// Which list holds the task: >= 0 the EP list of that processor (FLB), -1 the non-EP list /
  /// the single ready list of other schedulers.
  std::int32_t list = -1;
  double emt = 0;       ///< effective message arrival time on the enabling processor (FLB)
  double lmt = 0;       ///< last message arrival time
  double priority = 0;  ///< the scheduler's own priority value (b-level for FLB)
};

struct TraceCandidate {
  TaskId task = 0;
  std::int32_t proc = 0;
  double est = 0;
};

/// One decision of a list scheduler: the ready tasks in list order, the pairs compared, the pick.
struct TraceStep {
  std::vector<TraceReady> ready;
  std::vector<TraceCandidate> candidates;
  ScheduleEntry chosen;
  /// Copies of ancestors placed on chosen.proc just before `chosen` (dsh, cpfd), in placement
  /// order; empty for the other schedulers.
  std::vector<ScheduleEntry> duplicates;
};

/// Optional outputs a scheduler may fill.
struct ScheduleTrace {
  std::vector<TraceStep> steps;
};

struct ScheduleMetrics {
  double makespan = 0;
  double lower_bound = 0;      ///< max(comp-only critical path, work / P)
  double nsl_lower_bound = 0;  ///< makespan / lower_bound
  double speedup = 0;          ///< sequential time (total comp) / makespan
  double efficiency = 0;       ///< speedup / P
};

/// Metrics of a schedule for P processors (P = processors used for efficiency).
ScheduleMetrics schedule_metrics(const TaskGraph& g, const Schedule& s, std::int32_t processors);

}  // namespace loadlab::core
