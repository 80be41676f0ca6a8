// The "loop" kind's room (LoopViewState) and the functions its module registers.
#pragma once

#include "app/loop/view_state.h"

namespace loadlab::app {

struct App;

LoopViewState& loop_state(App& app);
const LoopViewState& loop_state(const App& app);

void draw_loop_view(App& app);  // loop/view.cpp: per-thread chunk Gantt, chunk-size curves
void draw_loop_form(App& app);  // loop/form.cpp: N, P, cost profile, overhead, techniques

}  // namespace loadlab::app
