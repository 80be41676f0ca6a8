// The debounce of the address bar and of the autosave: a change of the scenario or its view state
// is written once nothing has changed for a quiet time.
#pragma once

#include <memory>
#include <string>

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

}  // namespace loadlab::app
