// The iterative neighbour methods' views inside the balance kind (issue 12; course notes 003,
// ../shared/seeds/003_6046837c8e4c81af.txt): parameter pickers for params/<algorithm>, the sweeps
// played on the network with GDE's colour classes, the convergence plot (measured max - min per
// sweep beside the predicted rate), the gradient model's pressure surface and the
// Dijkstra-Scholten tree. State: App::balance_iterative.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/balance/model_iterative.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

struct App;

struct IterativeViewState {
  const void* results_seen = nullptr;  ///< identity of the results the replay belongs to
  int replay_for = -1;                 ///< typed_results index replayed
  IterativeReplay replay;
  int snapshot = 0;        ///< index into replay.sweeps
  int highlight = -1;      ///< GDE colour class highlighted (-1 = all)
  bool playing = false;
  double clock = 0;        ///< seconds since the last tick while playing
  int tick = 0;            ///< class within the sweep while playing (no class steps)
  /// GDE class step shown within sweep replay.sweeps[snapshot]: loads after classes 0..class_step
  /// (-1 = the whole sweep); class_view caches them for the shown step only.
  int class_step = -1;
  GdeClassStep class_view;
  bool show_tree = true;
  bool show_std_dev = false;
  TabRequest tabs;         // 0 network (steps), 1 sweeps, 2 convergence, 3 pressure
  std::string ui_seen;     ///< the scenario's ui.iterative_view last applied
};

/// True when the balance scenario's results include gde / diffusion / gradient.
bool has_iterative_results(const App& app);
/// The balance view with the iterative tabs (calls draw_network_view for the "Network" tab).
void draw_iterative_balance_view(App& app);

}  // namespace loadlab::app
