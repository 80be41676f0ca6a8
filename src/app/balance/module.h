// The "balance" kind's room (its form, the network view, the iterative methods' tabs, the node
// simulation and the link's pending view state) and the functions its module registers.
#pragma once

#include <optional>

#include "app/balance/model_form.h"
#include "app/balance/view_iterative.h"
#include "app/balance/view_node_sim.h"
#include "app/balance/view_state.h"

namespace loadlab::app {

struct App;

BalanceViewState& balance_state(App& app);
const BalanceViewState& balance_state(const App& app);
/// The iterative methods' tabs (balance/view_iterative.h).
IterativeViewState& iterative_state(App& app);
const IterativeViewState& iterative_state(const App& app);
/// The network view's node-simulation mode (view_node_sim.h).
NodeSimState& node_sim_state(App& app);
const NodeSimState& node_sim_state(const App& app);

void draw_balance_form(App& app);  // balance/form.cpp: topology, loads, seed, algorithms
void draw_balance_view(App& app);  // balance/view_network.cpp (JSON view without a topology)
void draw_network_view(App& app);  // balance/view_network.cpp: the network and its loads

}  // namespace loadlab::app
