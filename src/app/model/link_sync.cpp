#include "app/model/link_sync.h"

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

}  // namespace loadlab::app
