// What the DAG view draws, derived from a "dag" scenario off the UI thread: the task graph, its
// levels (paper 003's sl / t-level / b-level / ALAP, critical path) and a layered drawing (layer =
// longest path in edges from an entry; order within a layer by barycenter sweeps). Also the list
// scheduler step traces for the Steps tab, computed on a worker when the results do not carry them.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

struct DagModel {
  std::string key;    ///< identity of the graph source (graph JSON + seed)
  std::string error;  ///< non-empty if the graph could not be built
  std::shared_ptr<const core::TaskGraph> source;  ///< the parsed scenario's graph (io)
  core::TaskGraph graph;                           ///< a copy the layout is computed on
  core::Levels levels;
  std::vector<std::int32_t> layer;  ///< per task
  std::vector<float> x;             ///< per task: slot in its layer, centred on 0
  std::vector<std::vector<core::TaskId>> layer_tasks;  ///< per layer, ordered by x (slots)
  std::int32_t max_layer_width = 0;
  std::vector<char> on_cp;       ///< per task: on the critical path
  std::vector<char> edge_on_cp;  ///< per edge: joins consecutive critical-path tasks
  double build_ms = 0;
};

/// Identity of the graph part of a scenario (rebuild the model only when it changes).
std::string graph_key(const io::Json& scenario);

/// Levels and layered layout of the graph io built for a parsed dag scenario (io::DagScenario).
/// Never throws: failures land in DagModel::error.
std::shared_ptr<DagModel> build_dag_model(const io::ScenarioPtr& scenario, std::string key);

/// A step trace ready for display (from the result JSON or recomputed).
struct DagTrace {
  std::string algorithm;
  std::string error;  ///< why there is no trace
  core::ScheduleTrace trace;
  bool computed = false;  ///< recomputed in the view (not from the result JSON)
};

/// Largest graph whose trace the view recomputes (the dag kind has the same limit).
inline constexpr std::int32_t kMaxTraceTasks = 5000;

/// Parses a result's "trace" array (task indices as in the graph).
bool trace_from_json(const io::Json& arr, core::ScheduleTrace& out);

/// Runs the named scheduler with a trace on the model's graph (worker thread).
DagTrace compute_trace(std::shared_ptr<const DagModel> model, const std::string& algorithm,
                       int processors, const io::Json& scenario);

}  // namespace loadlab::app
