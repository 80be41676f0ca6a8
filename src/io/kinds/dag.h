// The "dag" scenario kind: task-graph scheduling on P identical processors (papers 001 and 003).
// Format: docs/scenario-dag.md. Schedulers: core::dag_algorithm_table() (core/dag/registry.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/online.h"
#include "core/dag/schedulers.h"
#include "core/dag/stochastic.h"
#include "core/dag/task_graph.h"
#include "io/scenario.h"

namespace loadlab::io {

/// Limits of the dag kind (docs/scenario-dag.md).
struct DagLimits {
  /// Per-task finish spreads appear in the JSON for schedules of at most this many entries.
  static constexpr std::int32_t max_spread_json_entries = 5000;
  static constexpr std::int64_t max_processors = 4096;
  /// Step traces ("trace": true) only for graphs up to this many tasks.
  static constexpr std::int32_t max_trace_tasks = 5000;
  /// ETF and Coffman-Graham cost about V x W x P steps; above this they are refused.
  static constexpr double max_quadratic_work = 4e9;
};

/// A validated dag scenario: the graph built (inline, file or generator) and bounds-checked once.
struct DagScenario : TypedScenario {
  /// Shared with every result (results can outlive the scenario and still name their tasks).
  std::shared_ptr<const core::TaskGraph> graph;
  int processors = 1;
  /// "machine": speeds, bandwidth matrix or ETC matrix; trivial when absent.
  core::Machine machine;
  /// "machine": {"names": [...]}: one distinct name per processor (a SAGA network's node names,
  /// kept through `loadlab convert`); empty when not given.
  std::vector<std::string> processor_names;
  core::DagOptions options;  ///< seed (random priorities) and the optimal search budget
  bool trace = false;        ///< record each list-scheduling step
  /// Random costs (a cost given as a distribution, or "params": {"stochastic": {...}}): one
  /// distribution per task and edge of `mean_graph`; `graph` is then the graph of `plan`'s
  /// values, which the schedulers see. Null when every cost is a number and no settings ask.
  std::shared_ptr<const core::StochasticCosts> stochastic;
  std::shared_ptr<const core::TaskGraph> mean_graph;
  core::PlanStatistic plan;          ///< params/stochastic/plan, k
  core::EvaluateOptions evaluation;  ///< params/stochastic/samples, bins; seed = the scenario's
};

/// What the branch-and-bound "optimal" reports besides its schedule.
struct DagOptimalInfo {
  bool proven = false;
  std::int64_t nodes = 0;
  double lower_bound = 0;
};

/// One scheduler's run: everything the Gantt chart and the result table need, typed.
struct DagRunResult : TypedResult {
  std::shared_ptr<const core::TaskGraph> graph;
  core::Schedule schedule;
  core::ScheduleMetrics metrics;
  double nsl_mcp = 1.0;  ///< makespan / MCP's makespan (paper 001 Section 6)
  /// The NSL reference: "mcp" (identical or uniform machines); "heft" on a non-uniform machine,
  /// where MCP does not apply (then the JSON key is "nsl_heft").
  std::string nsl_reference = "mcp";
  double scheduling_time_ms = 0;
  std::int32_t processors = 0;       ///< the schedule's processors (> P for unbounded DSC)
  std::int32_t processors_used = 0;  ///< processors with at least one task
  double critical_path = 0;          ///< the graph's critical path (comp + comm)
  std::int32_t level_width = 0;
  std::optional<DagOptimalInfo> optimal;     ///< "optimal" only
  std::optional<core::ScheduleTrace> trace;  ///< when the scenario asks for "trace"
  /// Monte-Carlo makespan of the schedule under the scenario's random costs (stochastic only).
  std::optional<core::MakespanDistribution> makespan_distribution;
  /// online_* schedulers: each decision with its task's reveal time, in decision order
  /// (core/dag/online.h); JSON "online": {"arrivals": [{"task", "released"}]}.
  std::optional<std::vector<core::OnlineArrival>> online;
  std::string plan = "mean";  ///< the statistic planned on ("mean" or "quantile")
  double plan_k = 0;          ///< k of mean + k sigma when plan is "quantile"
  /// Today's result entry: algorithm, makespan, verified, schedule (task names), metrics,
  /// graph, verify_errors?, optimal?, trace?.
  Json to_json() const override;
  /// {"samples", "mean", "std", "min", "p5", "p50", "p95", "max", "plan", "k"?, "histogram":
  /// {"edges", "counts"}, "finish"?: [{"task", "mean", "p5", "p95"}] per schedule entry}.
  Json makespan_distribution_json() const;
};

/// Reads a scenario's "graph" object: inline {"tasks", "edges"}, {"file", "bandwidth"} (relative
/// to ctx.base_dir) or {"generator", ...}, with every size and cost checked before allocating.
/// Throws ScenarioError naming the field (e.g. "/graph/size"). `seed` is the scenario's seed.
core::TaskGraph read_task_graph(const JsonReader& scenario, const RunContext& ctx,
                                std::uint64_t seed, core::StochasticCosts* stochastic = nullptr);

/// Reads and validates a dag scenario (graph built once). Throws ScenarioError naming the field.
DagScenario read_dag_scenario(const JsonReader& scenario, const RunContext& ctx);

/// Reads the optional "machine" object against the built graph and P (sizes checked before
/// allocating). Throws ScenarioError naming the field (e.g. "/machine/speeds/2").
core::Machine read_machine(const JsonReader& scenario, const core::TaskGraph& g, int processors);

/// Runs one scheduler on a parsed scenario; `mcp_makespan` is MCP's (non-insertion) makespan on
/// the same graph and P (the NSL reference; HEFT's on a non-uniform machine), computed once per
/// run by the kind.
DagRunResult run_dag_scheduler(const DagScenario& sc, const std::string& algorithm,
                               double mcp_makespan);

}  // namespace loadlab::io
