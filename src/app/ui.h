// The playground's UI: one App object, one function per panel (each in its own file).
//
// Frame layout: menu bar on top, scenario panel on the left, the main view (network for balance
// scenarios, JSON/results otherwise) on the right, results table below it, status line at the bottom.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/job_runner.h"
#include "app/node_renderer.h"
#include "app/panel_node_sim.h"
#include "app/scenario_form.h"
#include "app/view_transform.h"

namespace loadlab::app {

struct App {
  AppState state;
  JobRunner jobs;
  NodeSimState node_sim;      ///< node-simulation mode of the network view (panel_node_sim.h)
  ScenarioForm form;
  ViewTransform view;
  NodeRenderer node_renderer;  ///< GPU path for large networks (shaders/nodes.*)
  float ui_scale = 1.0f;
  bool request_quit = false;
  bool run_pending = false;   ///< a run was asked for while another ran: start it when that ends
  bool playing = false;       ///< animate the communication steps
  double play_clock = 0.0;    ///< seconds since the last step while playing
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

// Per-kind views and forms. Each kind's pair lives in its own file (view_<kind>.cpp); the main
// view and the scenario panel dispatch on AppState::kind.
void draw_dlt_view(App& app);    // view_dlt.cpp: timing diagram, loads per layer/processor, IBS steps
void draw_dlt_form(App& app);    //   E, C, L, B, delta, d with live update
void draw_loop_view(App& app);   // view_loop.cpp: per-thread chunk Gantt, chunk-size curves
void draw_loop_form(App& app);   //   N, P, cost profile, overhead, techniques
void draw_dag_view(App& app);    // view_dag.cpp: DAG drawing, Gantt chart, list-scheduler steps
void draw_dag_form(App& app);    //   graph source, processors, algorithms

void draw_scenario_panel(App& app);
void draw_network_view(App& app);
void draw_results_panel(App& app);
void draw_json_view(App& app);
void draw_status_line(App& app);

}  // namespace loadlab::app
