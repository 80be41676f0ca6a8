// Every task-graph scheduler, one per file in this folder, and a registry by name.
//
// All schedulers target P identical, fully connected processors without contention
// (paper 001, Section 2). Each returns a complete Schedule; results pass verify_schedule().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/heft_rank.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

struct DagOptions {
  std::uint64_t seed = 1;                        ///< random priorities
  std::int64_t optimal_node_budget = 2'000'000;  ///< branch-and-bound search nodes
  std::int32_t optimal_max_tasks = 24;  ///< larger graphs: optimal returns its heuristic bound
  HeftRank heft_rank = HeftRank::mean;  ///< params.heft.rank (heft_rank.h)
  double wba_alpha = 0.5;               ///< params.wba.alpha, in [0, 1] (wba.cpp)
  /// params.hybrid.schedulers: the names hybrid runs (empty: heft, cpop, peft; hybrid.cpp).
  std::vector<std::string> hybrid_portfolio;
};

/// FLB, paper 001 Section 4 (O(V(log W + log P) + E)). Fills `trace` if given.
Schedule flb(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// ETF: all ready tasks x all processors, earliest start; ties by larger b-level (paper 001 §3.2).
Schedule etf(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// MCP: ALAP order, each task to its earliest-start processor (paper 001 §3.1); optional insertion.
Schedule mcp(const TaskGraph& g, int processors, bool insertion, ScheduleTrace* trace = nullptr);
/// MCP with the paper's tie rule: the increasing ALAP lists of the task and its descendants.
Schedule mcp_descendants(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// FCP: MCP's priorities, but only EP(t) and the earliest-idle processor are tried (ref. [7]).
Schedule fcp(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// DSC clustering for unbounded processors (one processor per cluster) (paper 001 §3.3).
Schedule dsc(const TaskGraph& g);
/// Which ready task LLB takes from each candidate set: the largest bottom level (critical path
/// first, LLB's own paper; the default) or the least bottom level (the FLB paper's §3.3 text).
enum class LlbOrder { largest_bottom_level, least_bottom_level };
/// LLB: maps the clusters of `clustering` (cluster id per task) onto P processors (§3.3).
Schedule llb(const TaskGraph& g, int processors, const std::vector<std::int32_t>& cluster_of,
             ScheduleTrace* trace = nullptr, LlbOrder order = LlbOrder::largest_bottom_level);
/// DSC followed by LLB.
Schedule dsc_llb(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr,
                 LlbOrder order = LlbOrder::largest_bottom_level);

// The priority rules of the course notes (paper 003, "list scheduling"): the highest-priority
// ready task goes to the processor where it starts earliest.
/// HLFET: largest static level sl first; ties by smaller t-level.
Schedule hlfet(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// HLFET with the notes' tie rule: among the largest sl, the earliest start in the partial
/// schedule.
Schedule hlfet_est(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// HLFET with communication (the notes' "with communication" list): largest b-level (the
/// longest path to an exit counting messages) first; ties by smaller t-level.
Schedule hlfet_comm(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// HLFNET: HLFET with unit task times (levels count tasks).
Schedule hlfnet(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// SCFET: smallest co-level (comp-only longest path from an entry, including t) first.
Schedule scfet(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// SCFNET: SCFET with unit task times.
Schedule scfnet(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// Random priorities (seeded).
Schedule random_priority(const TaskGraph& g, int processors, std::uint64_t seed,
                         ScheduleTrace* trace = nullptr);
/// Coffman-Graham labels (paper 003): label 1 on an exit task, then lexicographic rule.
std::vector<std::int32_t> coffman_graham_labels(const TaskGraph& g);
/// Coffman-Graham: highest label first among tasks that can start earliest; optimal for unit
/// tasks without communication on 2 processors.
Schedule coffman_graham(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// HEFT on identical processors: upward rank (= b-level) order, insertion-based earliest finish.
Schedule heft(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);

// Duplication-based schedulers (duplication.h): a parent may also run on a child's processor so the
// child need not wait for its message; the extra copies are entries marked duplicate.
/// DSH (Kruatrachue & Lewis 1988): HLFET's order; ancestors copied into the idle slot before each
/// task. duplicate = false gives hlfet's schedule.
Schedule dsh(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr,
             bool duplicate = true);
/// BTDH (Chung & Ranka 1992): DSH's order and appending; the duplication set keeps growing while
/// the start rises, and the set giving the earliest start is kept (btdh.cpp).
Schedule btdh(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr);
/// CPFD (Ahmad & Kwok 1998): CPN-dominant order; the very important parent copied recursively,
/// with insertion. duplicate = false gives the same order and placement without copies.
Schedule cpfd(const TaskGraph& g, int processors, ScheduleTrace* trace = nullptr,
              bool duplicate = true);

struct OptimalResult {
  Schedule schedule;
  bool proven = false;     ///< true if the search finished within its budget
  std::int64_t nodes = 0;  ///< search nodes expanded
  double lower_bound = 0;
};
/// Exact branch-and-bound over earliest-start list schedules (complete for semi-active
/// schedules). Stops after `node_budget` nodes; then `proven` is false.
OptimalResult optimal_schedule(const TaskGraph& g, int processors, std::int64_t node_budget,
                               std::int32_t max_tasks = 24);

/// Names accepted by run_dag_algorithm, in display order.
const std::vector<std::string>& dag_algorithm_names();
/// True if the named algorithm may use more processors than given (DSC: unbounded).
bool dag_algorithm_unbounded(const std::string& name);
/// Runs a scheduler by name; throws std::invalid_argument for an unknown name.
Schedule run_dag_algorithm(const std::string& name, const TaskGraph& g, int processors,
                           const DagOptions& opts = {}, ScheduleTrace* trace = nullptr,
                           OptimalResult* optimal_info = nullptr);

}  // namespace loadlab::core
