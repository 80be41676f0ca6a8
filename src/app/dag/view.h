// What the DAG module's files share: view.cpp (tabs, Graph tab), view_gantt.cpp (Gantt tab,
// schedule export), view_steps.cpp (list-scheduler steps), form.cpp (the form) and view_state.cpp
// (model refresh, schedules). Their state is dag_state(app), the kind room (view_state.h).
#pragma once

#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "app/dag/model_graph.h"
#include "app/dag/view_state.h"
#include "app/shell/app.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

/// Starts (re)building the model when the scenario's graph changed and collects a finished one.
void dag_refresh_model(App& app);

/// The model if it matches the current scenario's graph (else null: still building or failed).
std::shared_ptr<const DagModel> dag_current_model(const App& app);

/// The selected result's (or result `index`'s) schedule mapped onto the model; cached per results.
const DagSchedule* dag_schedule(const App& app, int index);

/// A task's colour in the Gantt chart and in the graph's processor mode.
ImU32 dag_layer_colour(int layer, int layers);
ImU32 dag_proc_colour(int proc);

void draw_dag_graph_tab(App& app, const DagModel& m);
void draw_dag_gantt_tab(App& app, const DagModel& m);
void draw_dag_steps_tab(App& app, const DagModel& m);
/// The Steps tab's body for a result carrying an online record (view_online.cpp).
void draw_dag_online_steps(App& app, const DagModel& m, const io::DagRunResult& r);
/// The Adversary tab (view_adversary.cpp); dag_poll_adversary collects its workers.
void draw_dag_adversary_tab(App& app, const DagModel& m);
void dag_poll_adversary(App& app);
/// The tab's buttons by name (also the browser test hook): "start", "cancel", "open_worst",
/// "pairwise". False when refused (busy, no result; the reason shows in the tab).
bool dag_adversary_command(App& app, const std::string& command);

}  // namespace loadlab::app
