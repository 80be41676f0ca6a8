// Two engines shared by the list schedulers of papers 001 and 003.
//   static_list_schedule: ready list ordered by a fixed key; the head goes to a processor.
//   earliest_start_schedule: ETF's rule (every ready task on every processor, earliest start).
#pragma once

#include <vector>

#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// A task's fixed priority: smaller `primary`, then smaller `secondary`, then smaller id first.
struct PriorityKey {
  double primary = 0;
  double secondary = 0;
};

enum class ProcessorRule {
  all,  ///< every processor; earliest start (lowest index on ties)
  fcp,  ///< only EP(t) and the processor idle earliest (FCP, paper 001 Section 4 / [7])
};

/// Copies a ready list (a priority queue, taken by value) into step.ready, head first; `row(u)`
/// makes each task's row. Shared by the list schedulers that record their ready lists.
template <class Queue, class Row>
void trace_ready_list(TraceStep& step, Queue ready, Row row) {
  while (!ready.empty()) {
    step.ready.push_back(row(ready.top()));
    ready.pop();
  }
}

/// Static-priority list scheduling (notes 003, "list scheduling" steps 1-2).
Schedule static_list_schedule(const TaskGraph& g, int processors,
                              const std::vector<PriorityKey>& keys, bool insertion,
                              ProcessorRule rule, ScheduleTrace* trace);

/// At each step the (ready task, processor) pair with the earliest start; ties by key, then task
/// id, then processor index (ETF, paper 001 Section 3.2).
Schedule earliest_start_schedule(const TaskGraph& g, int processors,
                                 const std::vector<PriorityKey>& keys, ScheduleTrace* trace);

}  // namespace loadlab::core
