// The heterogeneous task-graph schedulers, one per file in this folder, each taking a
// Machine (speeds, bandwidth matrix or ETC matrix; core/dag/machine.h). Every one returns a
// complete Schedule that verify_schedule(g, machine, s) accepts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/heft_rank.h"
#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/schedulers.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// HEFT (Topcuoglu et al. 2002): decreasing upward rank, insertion-based earliest finish.
Schedule heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// HEFT with the rank variant `rank` (heft_rank.h); HeftRank::mean is heft(g, m).
Schedule heft(const TaskGraph& g, const Machine& m, HeftRank rank, ScheduleTrace* trace = nullptr);
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

/// Stone (1977): the processor of every task from minimum cuts of execution plus communication
/// cost (exact on two processors, one processor against the rest beyond), then the tasks in
/// topological order as early as their processors allow.
Schedule stone_mincut(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// The assignment stone_mincut runs (processor per task) and the cost Stone minimises: the sum of
/// the tasks' execution times plus the communication times of the edges between processors.
std::vector<int> stone_assignment(const TaskGraph& g, const Machine& m);
double stone_cost(const TaskGraph& g, const Machine& m, const std::vector<int>& where);

/// Online: tasks revealed when their last parent finishes, placed then without knowledge of the
/// tasks below them. online_heft: heavier revealed task first, earliest finish with insertion;
/// online_mct: revealed order, earliest completion, appended.
Schedule online_heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
Schedule online_mct(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);

// The static schedulers SAGA has (Coleman, Krishnamachari et al.), each from its source; every
// file's header gives the paper, our reading, and how SAGA's code differs.
/// FastestNode: every task, in topological order, on the processor of least total time.
Schedule fastest_node(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// MST (minimum start time): topological order, each task to its earliest-start processor.
Schedule mst(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// Duplex (Braun et al. 2001): the better of Min-Min and Max-Min (Min-Min on equal makespans).
Schedule duplex(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// Hybrid: the best of HEFT, CPOP and PEFT (the earlier on equal makespans).
Schedule hybrid(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// Hybrid over the schedulers named in opts.hybrid_portfolio (empty: heft, cpop, peft), each run
/// by name with `opts`; throws std::invalid_argument for "hybrid" itself or a name that cannot
/// run on `m`.
Schedule hybrid(const TaskGraph& g, const Machine& m, const DagOptions& opts,
                ScheduleTrace* trace = nullptr);
/// The names hybrid runs under `opts`.
std::vector<std::string> hybrid_members(const DagOptions& opts);
/// DPS (Park et al. 1997): the decisive-path task queue, each task to its earliest-finish
/// processor (no insertion).
Schedule dps(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// DPS's task queue (topological): the critical path from its entry, parents first.
std::vector<TaskId> dps_queue(const TaskGraph& g, const Machine& m);
/// MSBC (SAGA's reading of a PACRIM 2005 paper): priority SBCT + SBL + ST, earliest start with
/// insertion.
Schedule msbc(const TaskGraph& g, const Machine& m, ScheduleTrace* trace = nullptr);
/// MSBC's priority per task (msbc.cpp gives the terms).
std::vector<double> msbc_priorities(const TaskGraph& g, const Machine& m);
/// WBA (Blythe et al. 2005): batches of available tasks; a seeded uniform draw among the (task,
/// processor) pairs whose makespan increase is within alpha of the smallest.
Schedule wba(const TaskGraph& g, const Machine& m, double alpha, std::uint64_t seed,
             ScheduleTrace* trace = nullptr);

struct OptimalResult;
/// Exact branch and bound on a machine (see optimal.cpp); `proven` false when over budget or
/// more than `max_tasks` tasks (then the best heuristic schedule is returned).
OptimalResult optimal_schedule(const TaskGraph& g, const Machine& m, std::int64_t node_budget,
                               std::int32_t max_tasks = 24);

}  // namespace loadlab::core
