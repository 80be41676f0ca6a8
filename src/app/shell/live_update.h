// Live update for the per-kind forms: an edit installs the scenario and re-runs it at once. A run
// already in progress is cancelled and the newest edit runs as soon as the worker is free, so
// dragging a slider never queues stale runs and never blocks the UI thread.
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

/// Drives the current kind's form from a script (the browser test hook's setField): sets the
/// value at JSON `pointer` of the scenario, then applies the same consistency rules as the form
/// (KindModule::make_consistent) and opens the edit like the form does. Returns the open's request
/// id (ScenarioOpener::result_of), or 0 with the reason in the status line.
int form_set_field(App& app, const std::string& pointer, const io::Json& value);

/// Once per frame (browser): true when the address bar should now be rewritten with
/// current_link_document(app) (a change of the scenario or its view, then a quiet time).
bool link_sync_due(App& app, double now_seconds);

}  // namespace loadlab::app
