// The "balance" kind's drawing data: the network, its initial loads and its layout, derived from
// the parsed scenario once, on the opener's worker (a big network's layout takes seconds), and
// installed with the scenario (AppState::derived), so the views never see one without the other.
#pragma once

#include <optional>
#include <vector>

#include "app/model/app_state.h"
#include "core/model/loads.h"
#include "core/model/topology.h"

namespace loadlab::app {

struct BalanceScene : KindDerived {
  std::optional<core::Topology> topology;  ///< none unless the scenario is a balance scenario
  core::LoadVector loads;
  std::vector<core::Point> layout;
};

/// The scene of a parsed balance scenario (null for any other kind): the balance module's
/// KindModule::derive, and what tests pass to set_scenario.
DerivedScenario derive_balance_scene(const io::TypedScenario& parsed);
/// The current scenario's scene; an empty one (no topology) when there is none.
const BalanceScene& balance_scene(const AppState& s);
/// Number of communication steps in result `index` (0 if it has no transfers).
int balance_step_count(const AppState& s, int index);

}  // namespace loadlab::app
