// Independent checker for task-graph schedules (paper 001, Section 2 model): every task exactly
// once on an existing processor, plus any copies marked duplicate (duplication-based schedulers),
// duration = comp(t) for every copy, precedence for every copy of a child against the earliest
// arrival from any copy of each parent, with communication delay unless both share a processor,
// and no two tasks (or copies) overlapping on a processor. The machine overload checks
// heterogeneous durations and link delays.
#pragma once

#include <string>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

struct ScheduleCheck {
  bool ok = true;
  /// Human-readable problems (at most `max_errors`), naming tasks and processors.
  std::vector<std::string> errors;
};

/// Checks `s` against `g`. Times are compared with a relative tolerance of 1e-9.
/// If `processors` > 0 it bounds the processor ids, else s.processors does.
ScheduleCheck verify_schedule(const TaskGraph& g, const Schedule& s, int processors = 0,
                              std::size_t max_errors = 20);

/// Checks `s` against `g` on a heterogeneous machine: processor ids below
/// m.processors, each duration equal to the task's time on its processor (comp / speed or the
/// ETC entry), and each cross-processor message taking data / bandwidth(from, to). Same 1e-9
/// relative tolerance.
ScheduleCheck verify_schedule(const TaskGraph& g, const Machine& m, const Schedule& s,
                              std::size_t max_errors = 20);

}  // namespace loadlab::core
