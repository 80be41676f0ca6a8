// What the loop view (view.cpp) and the loop form (form.cpp) share; their state is loop_state(app),
// the kind room (view_state.h).
#pragma once

#include <imgui.h>

#include <string>

#include "app/shell/app.h"

namespace loadlab::app {

/// A technique's colour, the same in every chart (by its place in core::loop_techniques()).
ImU32 technique_colour(const std::string& name);

/// Starts "Run on my machine" for the current scenario and brings its tab to the front.
void start_loop_measurement(App& app);
/// Collects a finished measurement (status line); call once per frame.
void poll_loop_measurement(App& app);

}  // namespace loadlab::app
