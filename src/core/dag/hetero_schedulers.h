// The heterogeneous task-graph schedulers, one per file in this folder, each taking a
// Machine (speeds, bandwidth matrix or ETC matrix; core/dag/machine.h). Every one returns a
// complete Schedule that verify_schedule(g, machine, s) accepts.
#pragma once

#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// HEFT (Topcuoglu et al. 2002): decreasing upward rank, insertion-based earliest finish.
Schedule heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// CPOP (Topcuoglu et al. 2002): rank_u + rank_d priority; critical-path tasks on one processor.
Schedule cpop(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// Lookahead HEFT (Bittencourt et al. 2010): HEFT's order; the processor minimising the children's
/// largest tentative finish time.
Schedule lookahead_heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// PEFT (Arabnejad & Barbosa 2014): optimistic cost table, rank_oct order, min EFT + OCT.
Schedule peft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// BIL (Oh & Ha 1996): best imaginary level; k-th smallest BIM priority, BIM* processor choice.
Schedule bil(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// DLS (Sih & Lee 1993): the (ready task, processor) pair of largest dynamic level.
Schedule dls(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);

/// HBMCT (Sakellariou & Zhao 2004): rank-ordered groups of independent tasks, each mapped by
/// fastest execution then balanced by moving tasks off the processor finishing last.
Schedule hbmct(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);

/// Batch-mode mapping heuristics of Braun et al. (2001) applied to the ready set of a DAG.
enum class BatchRule { min_min, max_min, sufferage };
/// When tasks made ready by a mapping become candidates: at once (per_mapping), or when the
/// current batch (the ready set when it opened) is fully mapped (per_batch).
enum class BatchRefresh { per_mapping, per_batch };
Schedule batch_mapping(const TaskGraph& g, const Machine& m, BatchRule rule,
                       ScheduleTrace* trace = nullptr,
                       BatchRefresh refresh = BatchRefresh::per_mapping);
Schedule min_min(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule max_min(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule min_min_batch(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule max_min_batch(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule sufferage(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// Immediate-mode heuristics of Braun et al. (2001), tasks in topological order.
Schedule mct(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule met(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule olb(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);

struct OptimalResult;
/// Exact branch and bound on a machine (see optimal.cpp); `proven` false when over budget or
/// more than `max_tasks` tasks (then the best heuristic schedule is returned).
OptimalResult optimal_schedule(const TaskGraph& g, const Machine& m, std::int64_t node_budget,
                               std::int32_t max_tasks = 24);

}  // namespace loadlab::core
