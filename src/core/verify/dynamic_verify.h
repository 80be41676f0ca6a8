// Independent checker of a dynamic run (written separately from core/dynamic/simulator.cpp; it
// shares only the plain records and the workload model that defines which tasks must exist).
//
// Rules: every task that must exist (the workload's initial tasks and arrivals, and exactly the
// children each executed task spawns by the spawn model, with id, arrival time and spawn parent)
// executed exactly once, for its duration, after it appeared and after its last migration
// finished, on the node its migrations led it to; migrations form a chain from the node where it
// appeared, each taking at least hops * hop time over at least the hop distance; no node ran two
// tasks at once; the reported completion time, migrations and task-hops match the records.
#pragma once

#include <string>
#include <vector>

#include "core/dynamic/records.h"
#include "core/dynamic/workload.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// One execution of a task on a node.
struct ExecutionRecord {
  DynTaskId task = 0;
  int node = 0;
  double start = 0;
  double end = 0;
};

struct DynamicReported {
  double completion_time = 0;
  std::int64_t migrations = 0;
  std::int64_t task_hops = 0;
};

struct DynamicVerification {
  bool ok = true;
  std::vector<std::string> errors;  ///< at most 20, then a count
};

/// The executions recorded in a task log (one per task that ran).
std::vector<ExecutionRecord> executions_of(const std::vector<TaskRecord>& tasks);

DynamicVerification verify_dynamic(const Topology& topology, const DynamicWorkload& workload,
                                   double hop_cost, const std::vector<TaskRecord>& tasks,
                                   const std::vector<ExecutionRecord>& executions,
                                   const std::vector<MigrationRecord>& migrations,
                                   const DynamicReported& reported);

}  // namespace loadlab::core
