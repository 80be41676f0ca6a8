// The skeleton the per-result views share (loop, dlt): rebuild their data when a run's results
// arrive, keep the algorithm the user was looking at across runs (by name), and apply the
// scenario's "ui" once per distinct value, when there are results to apply it to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "app/model/ui_state.h"

namespace loadlab::app {

/// Identity of the current results array (changes whenever a run's results are installed), or
/// nullptr when there are none.
const void* results_identity(const AppState& s);

struct ResultsFollower {
  const void* identity = nullptr;
  std::string ui_seen;  ///< the scenario's "ui" last applied (dumped)
  /// The AppState::generation whose "ui" was last looked at (it changes only with an install).
  std::optional<std::uint64_t> ui_generation;
  std::string selected;  ///< name of the selected entry, kept across runs

  /// True when new results were installed since the last call: rebuild, then call reselect().
  bool results_changed(const AppState& st);
  /// After a rebuild: selects the entry named `selected` again (a run resets the selection).
  void reselect(AppState& st, const std::vector<std::string>& names) const;
  /// The scenario's "ui" when it differs from the one last applied and `have_results`.
  std::optional<UiState> new_ui(const AppState& st, bool have_results);
  /// Applies ui.select to the selection.
  static void select_by_name(AppState& st, const std::vector<std::string>& names,
                             const std::optional<std::string>& name);
  /// Clamps the selection to `count` entries (count > 0) and returns it.
  static int clamp_selection(AppState& st, int count);
};

}  // namespace loadlab::app
