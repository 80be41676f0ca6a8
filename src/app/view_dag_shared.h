// What the DAG view's files share: view_dag.cpp (tabs, Graph tab), view_dag_gantt.cpp (Gantt tab,
// schedule export), view_dag_steps.cpp (list-scheduler steps) and view_dag_form.cpp (the form).
#pragma once

#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "app/dag_model.h"
#include "app/ui.h"

namespace loadlab::app {

/// A result's schedule with task indices of the model's graph.
struct DagSchedule {
  std::string algorithm;
  int processors = 1;  ///< rows (DSC may use more than the scenario's P)
  double makespan = 0;
  std::vector<core::ScheduleEntry> entries;
  std::vector<std::int64_t> entry_of_task;  ///< -1 if the task is missing
  int unknown_tasks = 0;                    ///< entries whose task is not in the graph
  int cost_mismatches = 0;                  ///< durations that differ from the graph's costs
};

struct DagViewState {
  std::shared_ptr<const DagModel> model;  ///< the current graph (may lag the scenario briefly)
  AsyncSlot<std::shared_ptr<DagModel>> builder;
  std::string wanted_key;  ///< graph_key of the current scenario
  const void* scenario_identity = nullptr;
  int tab_request = -1;    ///< 0 graph, 1 gantt, 2 steps (from scenario "ui")
  std::string applied_ui;  ///< the "ui" object last applied
  bool compare = false;    ///< Gantt: all algorithms stacked
  // Graph tab view: world centre, pixels per slot (x) and per layer (y); fit next frame if `fit`.
  double cx = 0, cy = 0, sx = 1, sy = 1;
  bool fit = true;
  double ui_zoom = 1;  ///< zoom after the next fit (scenario "ui": {"zoom": k}), centred on the top
  int colour_mode = 0;  ///< 0 critical path / slack, 1 processor of the selected result
  bool show_comm = false;
};

DagViewState& dag_view_state();

/// Starts (re)building the model when the scenario's graph changed and collects a finished one.
void dag_refresh_model(App& app);

/// The model if it matches the current scenario's graph (else null: still building or failed).
std::shared_ptr<const DagModel> dag_current_model();

/// The selected result's (or result `index`'s) schedule mapped onto the model; cached per results.
const DagSchedule* dag_schedule(const App& app, int index);

/// A task's colour in the Gantt chart and in the graph's processor mode.
ImU32 dag_layer_colour(int layer, int layers);
ImU32 dag_proc_colour(int proc);

void draw_dag_graph_tab(App& app, const DagModel& m);
void draw_dag_gantt_tab(App& app, const DagModel& m);
void draw_dag_steps_tab(App& app, const DagModel& m);

}  // namespace loadlab::app
