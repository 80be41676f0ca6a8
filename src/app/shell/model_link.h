// Share links that keep the view and bad links that stay reported (defect 4):
// the headless part (tested in tests/app). The address bar follows every scenario edit after a
// short quiet time (LinkSync), a link carries the visible view state in the scenario's "ui", and
// an error from a bad link stays in the status line until dismissed (LinkState::status_pinned).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/model/ui_state.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

/// Debounces the address bar: after a change of the scenario or its view state, the link is
/// written once nothing has changed for `delay` seconds (history.replaceState in the browser).
struct LinkSync {
  double delay = 0.4;
  bool enabled = false;  ///< set by enable(), once the page has opened (or rejected) its own link
  bool rebase = false;   ///< the next poll records a baseline and writes nothing
  bool pending = false;
  double changed_at = 0;
  std::string ui_seen;  ///< the view state last seen (dumped)
  std::weak_ptr<const io::TypedScenario> scenario_seen;

  /// Called once per frame with the current scenario and view state; true when the link should be
  /// written now. The first call after enabling only records a baseline: the page's own link (or a
  /// rejected one) stays in the address bar until something changes.
  bool poll(const io::ScenarioPtr& scenario, const std::string& ui_dump, double now);
  void enable() { enabled = rebase = true; }
};

/// The document a share link carries: `scenario` with "ui" replaced by `ui` (removed when empty).
io::Json link_document(const io::Json& scenario, const io::Json& ui);

/// The balance view's state in "ui": {"select": name, "step": k, "zoom": z, "pan": [x, y]}.
struct BalanceUi {
  std::optional<std::string> select;
  std::optional<int> step;
  std::optional<float> zoom;
  std::optional<float> pan_x, pan_y;
};
BalanceUi read_balance_ui(const io::Json& ui);

struct LinkState {
  LinkSync sync;
  std::string run_note;  ///< what the form changed to stay valid: appended to the run's status
  std::optional<BalanceUi>
      balance_pending;  ///< "ui" of an opened balance scenario, applied to its results
  const void* balance_results_seen = nullptr;
  int last_edit_id = 0;  ///< request id of the newest form edit (ScenarioOpener::result_of)
};

}  // namespace loadlab::app
