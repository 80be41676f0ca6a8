// The iterative tabs drawn on the zoomable network canvas (view_iterative_canvas.cpp): Sweeps and
// Pressure; and the helpers they share with the other tabs (view_iterative.cpp). Internal to the
// balance kind's iterative views.
#pragma once

#include <imgui.h>

#include "app/balance/view_iterative.h"
#include "io/kinds/balance_iterative.h"

namespace loadlab::app {

/// Typed iterative result i of the state, or nullptr.
const io::IterativeRunResult* iterative_result(const AppState& st, int i);
/// The result picker (or the algorithm's name when there is one result).
void iterative_result_combo(App& app, int shown);
/// GDE colour class c's colour (edges, legend buttons, rings).
ImU32 iterative_class_colour(int c);

/// Sweeps: the sweeps (or GDE colour classes) played on the network, the termination tree, and
/// for the tasks model the moves of the shown sweep as arrows.
void draw_sweeps_tab(App& app, IterativeViewState& v, int shown);
/// Pressure: the gradient model's initial pressure surface.
void draw_pressure_tab(App& app, IterativeViewState& v);

}  // namespace loadlab::app
