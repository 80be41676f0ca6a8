// Live update for the per-kind forms: an edit installs the scenario and re-runs it at once. A run
// already in progress is cancelled and the newest edit runs as soon as the worker is free, so
// dragging a slider never queues stale runs and never blocks the UI thread.
#pragma once

#include "app/model/results_follower.h"  // results_identity
#include "app/shell/ui.h"

namespace loadlab::app {

/// Validates and installs the edited scenario (status line on error) and (re)starts its run.
/// Returns false if the scenario was rejected (the app keeps the previous one).
bool live_apply(App& app, const io::Json& scenario);


}  // namespace loadlab::app
