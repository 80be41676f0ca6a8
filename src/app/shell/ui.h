// The playground's UI: one App object owning all state (the scenario, the runner and one view-state
// object per kind), and the shell's panels. Per-kind forms and views live in src/app/<kind>/ and are
// found through the UI kind registry (shell/kinds.h), never by string if-chains.
//
// Frame layout: menu bar on top, scenario panel on the left, the kind's main view on the right,
// results table below it, status line at the bottom.
#pragma once

#include <string>

#include "app/balance/view_state.h"
#include "app/dag/view_state.h"
#include "app/dlt/view_state.h"
#include "app/loop/view_state.h"
#include "app/model/app_state.h"
#include "app/model/job_runner.h"
#include "app/nodes/view_node_sim.h"

namespace loadlab::app {

struct App {
  AppState state;
  JobRunner jobs;             ///< runs the scenario (model/job_runner.h)
  // One view-state object per kind module (src/app/<kind>/view_state.h).
  BalanceViewState balance;
  DagViewState dag;
  LoopViewState loop;
  DltViewState dlt;
  NodeSimState node_sim;      ///< node-simulation mode of the network view (nodes/view_node_sim.h)
  float ui_scale = 1.0f;
  bool request_quit = false;
  std::string import_path = "scenario.json";
  std::string export_path = "scenario.json";
  bool open_import_popup = false;
  bool open_export_popup = false;
  std::string json_editor;    ///< text of the scenario JSON editor
};

/// Installs a scenario into the app (form, view, editor) or reports why not.
bool app_load_scenario(App& app, const io::Json& scenario, const std::string& origin);
/// Same, from text (file import, link payload); bad input leaves the app usable.
bool app_import_text(App& app, const std::string& text, const std::string& origin);
/// Starts running the current scenario on the worker thread.
void app_run(App& app);
/// Polls the worker; to be called once per frame.
void app_poll_jobs(App& app);

/// Draws everything for one frame.
void draw_frame(App& app, float delta_seconds);

void draw_menu_bar(App& app);

// Per-kind forms and views (registered in shell/kinds.cpp).
void draw_balance_form(App& app);  // balance/form.cpp: topology, loads, seed, algorithms
void draw_balance_view(App& app);  // balance/view_network.cpp (JSON view without a topology)
void draw_dlt_view(App& app);    // dlt/view.cpp: timing diagram, loads per layer/processor, IBS steps
void draw_dlt_form(App& app);    //   E, C, L, B, delta, d with live update
void draw_loop_view(App& app);   // loop/view.cpp: per-thread chunk Gantt, chunk-size curves
void draw_loop_form(App& app);   //   N, P, cost profile, overhead, techniques
void draw_dag_view(App& app);    // dag/view.cpp: DAG drawing, Gantt chart, list-scheduler steps
void draw_dag_form(App& app);    //   graph source, processors, algorithms

void draw_scenario_panel(App& app);
void draw_network_view(App& app);
void draw_results_panel(App& app);
void draw_json_view(App& app);
void draw_status_line(App& app);

}  // namespace loadlab::app
