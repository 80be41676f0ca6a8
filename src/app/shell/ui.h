// The playground's UI: the shell's frame and panels around the App (shell/app.h). Per-kind forms,
// views and state live in src/app/<kind>/ and are found through the kind registry
// (shell/registry.h), never by name.
//
// Frame layout: menu bar on top, scenario panel on the left, the kind's main view on the right,
// results table below it, status line at the bottom.
#pragma once

#include "app/shell/app.h"

namespace loadlab::app {

/// Draws everything for one frame.
void draw_frame(App& app, float delta_seconds);

void draw_menu_bar(App& app);
/// "Opening scenario..." with progress and Cancel while the opener works (shell/ui.cpp).
void draw_open_progress(App& app);

void draw_scenario_panel(App& app);
void draw_results_panel(App& app);
void draw_status_line(App& app);

}  // namespace loadlab::app
