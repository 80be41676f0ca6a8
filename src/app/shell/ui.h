// The playground's UI: the shell's frame and panels around the App (shell/app.h). Per-kind forms,
// views and state live in src/app/<kind>/ and are found through the kind registry
// (shell/registry.h), never by name.
//
// Frame layout: menu bar on top, scenario panel on the left, the kind's main view on the right,
// the caption strip (one line unless opened) and the results table (as tall as its rows, capped)
// below it, status line at the bottom.
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
/// The results pane's height: the one its top edge was dragged to (remembered), else what its
/// rows need; within [80 px x UI scale, max_height].
float results_pane_height(const App& app, float max_height);
/// Reads the remembered results height (the setting "results_height"); once at start-up.
void load_results_height_setting(App& app);
void draw_status_line(App& app);

/// The scenario's title as shown everywhere (panel, progress, page title, share link): its name,
/// "(edited) <name>" once a form changed it, or the user's own name for it (shell/chrome.cpp).
std::string scenario_title(const App& app);
/// current_link_document with the shown title as its name: what Copy link and the address bar
/// carry.
io::Json shared_link_document(const App& app);
/// The Title field: the user's own name for the scenario (applied on Enter).
void draw_title_field(App& app);
/// Errors and bad links above the view, until dismissed (the status line keeps its one line).
void draw_banner(App& app);
/// Whether the banner shows (an error not dismissed).
bool banner_visible(const App& app);
/// View > Developer overlay: frame timings, drawn only when switched on.
void draw_developer_overlay(App& app, float delta_seconds);

}  // namespace loadlab::app
