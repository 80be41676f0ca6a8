#include "app/shell/model_link.h"

#include <algorithm>

#include "app/widgets/view_transform.h"

namespace loadlab::app {

bool LinkSync::poll(const io::ScenarioPtr& scenario, const std::string& ui_dump, double now) {
  // Compared by owner (control block), which the weak_ptr keeps alive: a new scenario can never
  // look like the previous one because it reused its address.
  const bool same_scenario = !scenario_seen.owner_before(scenario) &&
                             !scenario.owner_before(scenario_seen) && !scenario_seen.expired();
  const bool changed = !same_scenario || ui_dump != ui_seen;
  scenario_seen = scenario;
  ui_seen = ui_dump;
  if (!enabled || rebase) {
    rebase = false;
    pending = false;
    return false;
  }
  if (changed) {
    pending = true;
    changed_at = now;
    return false;
  }
  if (pending && now - changed_at >= delay) {
    pending = false;
    return true;
  }
  return false;
}

io::Json link_document(const io::Json& scenario, const io::Json& ui) {
  io::Json doc = scenario;
  if (!doc.is_object()) return doc;
  if (ui.is_object() && !ui.empty())
    doc["ui"] = ui;
  else
    doc.erase("ui");
  return doc;
}

BalanceUi read_balance_ui(const io::Json& ui) {
  BalanceUi b;
  const UiState u = read_ui_state(ui);
  b.select = u.select;
  if (u.step && *u.step >= 0) b.step = u.step;
  // The network view's own zoom range (UiState clamps "zoom" to the DAG graph's [1, 1000]).
  if (ui.is_object() && ui.contains("zoom") && ui["zoom"].is_number())
    b.zoom = std::clamp(ui["zoom"].get<float>(), ViewTransform::kMinZoom, ViewTransform::kMaxZoom);
  if (u.other.contains("pan")) {
    const io::Json& p = u.other["pan"];
    if (p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number()) {
      // Pan is in layout units ([0,1]^2 hints); anything far outside would only hide the network.
      b.pan_x = std::clamp(p[0].get<float>(), -100.0f, 100.0f);
      b.pan_y = std::clamp(p[1].get<float>(), -100.0f, 100.0f);
    }
  }
  return b;
}

}  // namespace loadlab::app
