// Live update for the per-kind forms: an edit installs the scenario and re-runs it once the user
// pauses (kEditPauseSeconds after the last edit) or presses Run, so two quick edits start one run
// and typing "100" never runs "1" and "10" first. A run already in progress is cancelled and the
// newest edit runs as soon as the worker is free, so dragging a slider never queues stale runs and
// never blocks the UI thread.
//
// Also the share link's view state: the visible view (tab, selected algorithm,
// step, zoom/pan) is written to the link's "ui" and restored when a scenario is opened.
#pragma once

#include <string>
#include <vector>

#include "app/model/results_follower.h"  // results_identity
#include "app/shell/app.h"

namespace loadlab::app {

// live_apply (the kinds' edits) is declared in shell/app.h.

/// How long the form waits after the last edit before it applies and runs it.
constexpr double kEditPauseSeconds = 0.6;

/// Once per frame: applies a waiting edit whose pause is over (`now` = ImGui::GetTime()).
void live_update_tick(App& app, double now);
/// Applies a waiting edit now (the Run button); true if there was one (it runs once installed).
bool live_update_flush(App& app);

/// Drives the current kind's form from a script (the browser test hook's setField): sets the
/// value at JSON `pointer` of the scenario, then applies the same consistency rules as the form
/// (KindModule::make_consistent) and opens the edit like the form does. Returns the open's request
/// id (ScenarioOpener::result_of), or 0 with the reason in the status line.
int form_set_field(App& app, const std::string& pointer, const io::Json& value);

/// form_set_field as a user's edit: waits for the pause like the form (the test hook's editField,
/// to check that quick edits start one run). False with the reason in the status line.
bool form_edit_field(App& app, const std::string& pointer, const io::Json& value);

/// Once per frame (browser): true when the address bar should now be rewritten with
/// current_link_document(app) (a change of the scenario or its view, then a quiet time).
bool link_sync_due(App& app, double now_seconds);

}  // namespace loadlab::app
