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
