// What the DAG view draws, derived from a "dag" scenario off the UI thread: the task graph, its
// levels (paper 003's sl / t-level / b-level / ALAP, critical path) and a layered drawing (layer =
// longest path in edges from an entry; order within a layer by barycenter sweeps). Also the list
// scheduler step traces for the Steps tab, computed on a worker when the results do not carry them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "app/dag/model_overview.h"
#include "app/model/app_state.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

struct DagModel {
  /// Shares `source` (nullptr: an empty graph); the graph itself is never copied.
  explicit DagModel(std::shared_ptr<const core::TaskGraph> source = nullptr);
  DagModel(const DagModel&) = delete;
  DagModel& operator=(const DagModel&) = delete;

  std::uint64_t key = 0;  ///< dag_graph_identity of the graph
  std::string error;      ///< non-empty if the graph could not be built
  /// The parsed scenario's graph (io::DagScenario::graph, built once by io and shared with every
  /// typed result): a share link's graph is built exactly once.
  const std::shared_ptr<const core::TaskGraph> source;
  const core::TaskGraph& graph;  ///< *source
  core::Levels levels;
  double ccr = 0;  ///< graph.ccr(), once (O(E): too slow to recompute per frame for 10^6 tasks)
  std::vector<std::int32_t> layer;  ///< per task
  std::vector<float> x;             ///< per task: slot in its layer, centred on 0
  std::vector<std::vector<core::TaskId>> layer_tasks;  ///< per layer, ordered by x (slots)
  std::int32_t max_layer_width = 0;
  std::vector<char> on_cp;       ///< per task: on the critical path
  std::vector<char> edge_on_cp;  ///< per edge: joins consecutive critical-path tasks
  /// Stretched, binned and bundled drawing for graphs of at least kOverviewTasks tasks (else null).
  std::shared_ptr<const DagOverview> overview;
  double build_ms = 0;
};

/// Identity of a task graph's content (its tasks' names and costs, its edges in order): the view
/// rebuilds its model only when it changes (not when only P or the schedulers do). A 64-bit hash,
/// never 0; computed once per opened scenario on the opener's worker (DagDerived).
std::uint64_t dag_graph_identity(const core::TaskGraph& g);

/// What the dag kind derives from a parsed scenario off the UI thread (KindModule::derive).
struct DagDerived : KindDerived {
  std::uint64_t graph_identity = 0;  ///< dag_graph_identity of the scenario's graph
};
/// The dag scenario's DagDerived; null for a scenario of another kind.
DerivedScenario derive_dag_scenario(const io::TypedScenario& scenario);

/// Levels and layered layout of the graph io built for a parsed dag scenario (io::DagScenario).
/// Never throws: failures land in DagModel::error. `key`: dag_graph_identity of that graph.
std::shared_ptr<DagModel> build_dag_model(const io::ScenarioPtr& scenario, std::uint64_t key);

/// A step trace ready for display (the typed result's, or recomputed).
struct DagTrace {
  std::string algorithm;
  std::string error;  ///< why there is no trace
  core::ScheduleTrace trace;
  bool computed = false;  ///< recomputed in the view (the result carried none)
};

/// Largest graph whose trace the view recomputes (the dag kind has the same limit).
inline constexpr std::int32_t kMaxTraceTasks = 5000;

/// Runs the named scheduler with a trace on the model's graph (worker thread), with the seed and
/// search budget of the parsed dag scenario `scenario`.
DagTrace compute_trace(std::shared_ptr<const DagModel> model, const std::string& algorithm,
                       int processors, const io::ScenarioPtr& scenario);

/// The test hook's summary facts of a parsed dag scenario: "tasks", the typed graph's task count
/// (KindModule::summary); nothing for another kind or no scenario.
void dag_summary(const io::TypedScenario* scenario, io::Json& j);

}  // namespace loadlab::app
