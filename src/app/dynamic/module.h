// The "dynamic" kind's room (DynamicViewState) and the functions its module registers.
#pragma once

#include "app/dynamic/view_state.h"

namespace loadlab::app {

struct App;

DynamicViewState& dynamic_state(App& app);
const DynamicViewState& dynamic_state(const App& app);

void draw_dynamic_view(
    App& app);  // dynamic/view.cpp: processors x time, tasks per node, strategies compared, network
void draw_dynamic_form(App& app);  // dynamic/form.cpp: topology, workload, costs, strategies

}  // namespace loadlab::app
