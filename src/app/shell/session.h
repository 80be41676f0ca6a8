// Nothing a user made is lost: autosave and restore, File > Restore last session,
// Edit > Undo open and File > Save. The decisions are in app/model/autosave.h (tested headless);
// this file connects them to the App, the opener and the platform's store.
#pragma once

#include "app/model/scenario_opener.h"
#include "app/shell/ui.h"

namespace loadlab::app {

/// At start, once the default scenario is installed (not yet run). Reads the autosave as untrusted
/// input. Without a link / --scenario (`link_wins` false) it is opened on the worker (status:
/// "Restored your last scenario (name)"); a corrupt one is reported and the default example runs.
/// With a link, the autosave is kept (slot "autosave_previous") for File > Restore last session.
/// `autosave_on` false (scripted desktop runs) neither reads nor writes anything.
void session_start(App& app, bool link_wins, bool autosave_on = true);
/// Once per frame: settles the start-up restore and writes the autosave when one is due.
void session_frame(App& app, double now_seconds);
/// Writes a change still waiting for its quiet time (the window closes, the page is hidden).
void session_flush(App& app);
/// Called by app_poll_open before an opened scenario replaces the current one: keeps the current
/// one for Undo open (form edits, the restore at start and Undo's own open are not kept).
void session_before_install(App& app, const OpenOutcome& outcome);

/// The autosave a start-up link displaced exists and differs from the current scenario.
bool restore_available(const App& app);
/// Opens it (undoable like any open). False (status says why) when there is none.
bool restore_last_session(App& app);
bool undo_available(const App& app);
/// Re-opens the scenario the last open replaced. False (status says why) when there is none.
bool undo_open(App& app);
/// File > Save: the scenario with its view ("ui"), as JSON the CLI reads: a download in the
/// browser, the path popup on the desktop.
void save_scenario(App& app);
/// Menu items: File > Save / Restore last session, Edit > Undo open (menu_bar.cpp).
void draw_session_file_items(App& app);
void draw_edit_menu(App& app);

}  // namespace loadlab::app
