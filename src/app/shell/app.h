// What a kind reaches of the shell (besides the registry it registers with, shell/registry.h):
// the App object (the scenario, the runner, one room per registered kind), opening and editing
// scenarios, the JSON view, and the host's services (shell/platform.h: file export, threads).
// The shell's own frame and panels are declared in shell/ui.h.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "app/model/autosave.h"
#include "app/model/job_runner.h"
#include "app/model/scenario_opener.h"
#include "app/shell/model_link.h"
#include "app/shell/model_theme.h"
#include "app/shell/panel_help.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "core/model/loads.h"

struct ImVec4;

namespace loadlab::app {

struct App {
  /// Makes one room per registered kind (shell/registry.h) and hands the kinds' importers to the
  /// opener.
  App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  AppState state;
  JobRunner jobs;                 ///< runs the scenario (model/job_runner.h)
  io::ScenarioPtr jobs_scenario;  ///< the scenario the running (or pending) run belongs to
  int runs_started = 0;           ///< runs started so far (Run, Ctrl+Enter, live edits; test hook)
  int runs_cancelled = 0;         ///< runs stopped by Cancel (test hook)
  std::string last_run = "none";  ///< "running", "done", "failed" or "cancelled" (test hook)
  ScenarioOpener opener;          ///< parses scenarios off the UI thread (model/scenario_opener.h)
  bool open_runs = true;  ///< run the scenario the opener hands over (a balance form edit does not)
  int open_shown_frames = 0;  ///< frames the current open has taken (its overlay waits a few)
  /// One room per registered kind (KindModule::make_room, in kind_modules() order).
  std::vector<std::unique_ptr<KindRoom>> rooms;
  float ui_scale = 1.0f;       ///< display scale x ui_scale_user (set by the host each frame)
  float ui_scale_user = 1.0f;  ///< View > UI scale, Ctrl+= / Ctrl+- (shell/shortcuts.cpp)
  bool request_quit = false;
  bool scenario_edited = false;    ///< a form changed the scenario since it was opened
  bool scenario_named = false;     ///< ... and the user gave it a name of their own (Title field)
  std::string title_field;         ///< the scenario panel's Title field while it is being typed
  float left_width_units = 0;      ///< the scenario panel's width / ui_scale (0: the default)
  bool developer_overlay = false;  ///< View > Developer overlay: frame timings for developers
  bool banner_dismissed = false;   ///< the banner's Dismiss for the current error
  std::string banner_message;      ///< the error the banner shows (a new one shows again)
  bool edit_changes_scenario = false;  ///< the pending form edit changes more than the view
  std::string import_path = "scenario.json";
  std::string export_path = "scenario.json";
  bool open_import_popup = false;
  bool open_export_popup = false;
  std::string json_editor;  ///< text of the scenario JSON editor
  LinkState link;           ///< address bar sync, "ui" to restore, form notes (shell/model_link.h)
  HelpUi help;  ///< welcome panel, algorithm help, results pane, editor errors (shell/panel_help.h)
  SessionState session;  ///< autosave, restore, undo of opens (model/autosave.h, shell/session.h)

  /// The room of type T (a kind's own state); throws if no registered kind made one.
  template <class T>
  T& room() {
    for (auto& r : rooms)
      if (auto* t = dynamic_cast<T*>(r.get())) return *t;
    throw std::logic_error("no kind registered this room");
  }
  template <class T>
  const T& room() const {
    return const_cast<App*>(this)->room<T>();
  }
};

/// Opens a scenario on the worker (ScenarioOpener); once parsed it is installed into the app
/// (form, view, editor) and run, or the status line says why not (the old scenario stays).
/// Returns the request id (ScenarioOpener::result_of).
int app_load_scenario(App& app, const io::Json& scenario, const std::string& origin);
/// Same, from text (file import, link payload, JSON editor): the JSON is parsed on the worker too.
int app_import_text(App& app, const std::string& text, const std::string& origin);
/// A form's edit: opened on the worker like app_load_scenario, but the form keeps its fields;
/// `run` re-runs the scenario once installed. Forms build their next edit on app_edit_base().
int app_apply_edit(App& app, const io::Json& scenario, bool run);
/// The document a form edits: the newest edit still being parsed, else the current scenario.
const io::Json& app_edit_base(const App& app);
/// app_edit_base() for forms that never edit an imported document's bulky arrays (a workflow's
/// tasks and edges, a mesh's edges, coordinates and weights, a custom topology's edges): a copy
/// with those arrays left empty, so drawing the form does not copy megabytes every frame (a 10 MB
/// workflow's copy took most of a 60 ms frame). app_edit_restore puts them back before applying.
io::Json app_edit_copy(const App& app);
void app_edit_restore(const App& app, io::Json& doc);
/// Synchronous open (the startup scenario, tests): installs and runs it (unless `run` is false:
/// the browser while a share link is still to be opened), or reports why not.
bool app_load_scenario_now(App& app, const io::Json& scenario, const std::string& origin,
                           bool run = true);
/// Installs a finished open, if any; to be called once per frame (app_poll_jobs does).
void app_poll_open(App& app);
/// Starts running the current scenario on the worker thread.
void app_run(App& app);
/// Polls the worker; to be called once per frame.
void app_poll_jobs(App& app);
/// Cancel: the run stops at its next check (between algorithms) and its results are dropped; the
/// previous results stay. No-op when nothing runs.
void app_cancel_run(App& app);

/// Live update for the kinds' forms: opens the edited scenario on the worker (app_apply_edit);
/// once valid it is installed and run; if rejected the status line says why and the app keeps the
/// previous one. Build the edit on app_edit_base(app) so quick successive edits are not lost while
/// the worker parses. `notes` say what the form changed to keep the scenario valid (shown with
/// the run's status). A run already in progress is cancelled and the newest edit runs as soon as
/// the worker is free, so dragging a slider never queues stale runs.
bool live_apply(App& app, const io::Json& scenario, const std::vector<std::string>& notes = {});

/// Draws "Loads from file..." for a kind's form (shell/load_file_button.cpp: the browser's file
/// input, the desktop's Open dialog; io/load_file.h has the formats and limits). Returns true in
/// the frame a picked file has been read: `out` then holds its loads, checked against `nodes`. On
/// any problem returns false and shows the reason, naming `field` and the line.
bool load_file_button(App& app, const std::string& field, int nodes, core::LoadVector& out);

/// The current scenario as JSON (the main view of a kind without a module, and a kind's JSON tab).
void draw_json_view(App& app);

/// A colour of the current theme (View > Theme) as ImGui wants it, e.g.
/// app_theme_colour(&Palette::text_warning): text a kind draws in it keeps its contrast in the
/// dark and the light theme.
ImVec4 app_theme_colour(Rgb Palette::*colour, float alpha = 1.0f);

}  // namespace loadlab::app
