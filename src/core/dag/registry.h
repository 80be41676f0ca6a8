// The dag kind's descriptor table: one row per task-graph scheduler, with what io needs to run it.
// Papers: ../shared/seeds/001_37b951120b5002ad.txt (FLB and its comparison set) and
// ../shared/seeds/003_6046837c8e4c81af.txt (list-scheduling priorities, Coffman-Graham); each
// scheduler's own file cites its section.
//
// Adding a scheduler = its own file (declared in schedulers.h) + one DagAlgorithm row in
// registry.cpp (+ its test). dag_algorithm_names(), dag_algorithm_unbounded() and
// run_dag_algorithm() (schedulers.h) are derived from the rows.
#pragma once

#include <string_view>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/dag/machine.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

struct DagAlgorithm {
  AlgorithmInfo info;  ///< info.unbounded: may use more processors than given (DSC)
  /// Runs when a scenario names no algorithm: flb, etf, mcp, dsc_llb (today's set; new rows false).
  bool default_set = false;
  /// Costs about V x W x P steps (tasks x level width x processors): io refuses it on graphs
  /// where that exceeds its limit (docs/scenario-dag.md).
  bool quadratic = false;
  /// Runs the scheduler. `trace` (if non-null) receives the list-scheduling steps of the
  /// schedulers that record them; `optimal_info` is filled by "optimal" only.
  /// nullptr for schedulers defined only for heterogeneous machines (they run on identical ones
  /// through `run_machine`).
  Schedule (*run)(const TaskGraph& g, int processors, const DagOptions& opts, ScheduleTrace* trace,
                  OptimalResult* optimal_info) = nullptr;
  /// Runs the scheduler on a heterogeneous machine; nullptr for schedulers defined for
  /// identical processors only, which then refuse non-uniform machines by name. When both are
  /// set, `run` serves uniform machines (byte-identical to the identical-processor results).
  Schedule (*run_machine)(const TaskGraph& g, const Machine& m, const DagOptions& opts,
                          ScheduleTrace* trace, OptimalResult* optimal_info) = nullptr;
};

/// Every scheduler, in display order.
const std::vector<DagAlgorithm>& dag_algorithms();
/// The row called `name`, or nullptr.
const DagAlgorithm* find_dag_algorithm(std::string_view name);
/// The dag kind's descriptor table (the `info` of dag_algorithms(), same order).
const std::vector<AlgorithmInfo>& dag_algorithm_table();

/// Why `name` cannot run on `m` ("flb is defined for identical processors; machine.speeds are
/// unequal"), or empty if it can (unknown names: empty; run_dag_algorithm reports them).
std::string dag_algorithm_refusal(std::string_view name, const Machine& m);

/// Runs a scheduler by name on a machine. A uniform machine runs the identical-processor form on
/// uniform_graph(g, m) (the original graph when the machine is trivial); a non-uniform machine
/// runs `run_machine`, or throws std::invalid_argument with dag_algorithm_refusal's message.
Schedule run_dag_algorithm(const std::string& name, const TaskGraph& g, const Machine& m,
                           const DagOptions& opts = {}, ScheduleTrace* trace = nullptr,
                           OptimalResult* optimal_info = nullptr);

}  // namespace loadlab::core
