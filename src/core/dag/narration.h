// Narration of a list scheduler's decisions (the dag kind's Steps tab): each step says which
// (task, processor) pairs were compared and which one was placed where. FLB in the terms of
// Radulescu & van Gemund, "FLB: Fast Load Balancing for Distributed-Memory Machines" (1999),
// Section 4.1 (the EP and non-EP pairs of procedure ScheduleTask); the other list schedulers in
// the course notes' list-scheduling loop.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// The pseudo-code a dag narration points into: FLB's ScheduleTask loop for "flb", the generic
/// list-scheduling loop for every other algorithm.
std::vector<std::string> dag_pseudocode(std::string_view algorithm);

/// One caption per step of `trace` (a list scheduler's recorded decisions on `g`).
Narration dag_narration(std::string_view algorithm, const TaskGraph& g, const ScheduleTrace& trace);

}  // namespace loadlab::core
