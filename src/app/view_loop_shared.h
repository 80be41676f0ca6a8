// What the loop view (view_loop.cpp) and the loop form (view_loop_form.cpp) share.
#pragma once

#include <imgui.h>

#include <string>

#include "app/ui.h"

namespace loadlab::app {

/// A technique's colour, the same in every chart (by its place in core::loop_techniques()).
ImU32 technique_colour(const std::string& name);

/// Starts "Run on my machine" for the current scenario and brings its tab to the front.
void start_loop_measurement(App& app);
/// Collects a finished measurement (status line); call once per frame.
void poll_loop_measurement(App& app);

/// Asks the view to bring tab i (0 schedule, 1 side by side, 2 on my machine) to the front.
void request_loop_tab(int i);
/// The tab the view should bring to the front this frame (-1 = none), then forgets it.
int take_loop_tab_request();

}  // namespace loadlab::app
