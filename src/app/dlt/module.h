// The "dlt" kind's room (DltViewState) and the functions its module registers.
#pragma once

#include "app/dlt/view_state.h"

namespace loadlab::app {

struct App;

DltViewState& dlt_state(App& app);
const DltViewState& dlt_state(const App& app);

void draw_dlt_view(App& app);  // dlt/view.cpp: timing diagram, loads per layer/processor, IBS steps
void draw_dlt_form(App& app);  // dlt/form.cpp: E, C, L, B, delta, d with live update

}  // namespace loadlab::app
