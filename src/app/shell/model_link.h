// Share links that keep the view and bad links that stay reported:
// the headless part (tested in tests/app). The address bar follows every scenario edit after a
// short quiet time (LinkSync), a link carries the visible view state in the scenario's "ui", and
// an error from a bad link stays in the status line until dismissed (LinkState::status_pinned).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/model/link_sync.h"
#include "app/model/ui_state.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

struct App;

/// The visible view state of the current kind as a scenario "ui" object (keeps unknown keys):
/// the selected result, then the kind's own (KindModule::save_ui).
io::Json current_ui(const App& app);
/// current_ui(app) as text, written only when the view state changed since the last call (the
/// link sync and the autosave compare it every frame; a big "ui" is not dumped twice a frame).
const std::string& current_ui_text(App& app);
/// What a share link carries now: the scenario with "ui" = current_ui(app).
io::Json current_link_document(const App& app);

/// The document a share link carries: `scenario` with "ui" replaced by `ui` (removed when empty).
io::Json link_document(const io::Json& scenario, const io::Json& ui);
/// The same, taking the scenario over (no copy).
io::Json link_document(io::Json&& scenario, const io::Json& ui);

/// current_ui_text's memory: the scenario's own "ui" read once per scenario, and the state the
/// text was last written from.
struct UiTextCache {
  bool valid = false;
  std::uint64_t generation = 0;  ///< AppState::generation `base` was read at
  UiState base;                  ///< read_ui_state of the scenario's "ui"
  UiState written;               ///< the state `text` is the dump of
  std::string text;
  int dumps = 0;  ///< times `text` was written (tests count them)
};

struct LinkState {
  LinkSync sync;
  UiTextCache ui_text;
  std::string run_note;  ///< what the form changed to stay valid: appended to the run's status
  int last_edit_id = 0;  ///< request id of the newest form edit (ScenarioOpener::result_of)
  /// A form edit waiting for the typing to pause (shell/live_update.h): applied, and run, at
  /// `edit_due` (seconds, ImGui time) unless another edit comes first, or at once on Run.
  bool edit_pending = false;
  io::Json pending_edit;
  std::vector<std::string> pending_notes;
  double edit_due = 0;
};

}  // namespace loadlab::app
