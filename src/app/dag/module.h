// The "dag" kind's room (DagViewState) and the functions its module registers.
#pragma once

#include "app/dag/view_state.h"

namespace loadlab::app {

struct App;

DagViewState& dag_state(App& app);
const DagViewState& dag_state(const App& app);

void draw_dag_view(App& app);  // dag/view.cpp: DAG drawing, Gantt chart, list-scheduler steps
void draw_dag_form(App& app);  // dag/form.cpp: graph source, processors, algorithms

}  // namespace loadlab::app
