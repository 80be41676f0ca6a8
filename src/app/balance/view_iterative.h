// The iterative neighbour methods' views inside the balance kind (course notes 003,
// ../shared/seeds/003_6046837c8e4c81af.txt): parameter pickers for params/<algorithm>, the sweeps
// played on the network with GDE's colour classes, the convergence plot (measured max - min per
// sweep beside the predicted rate), the gradient model's pressure surface and the
// Dijkstra-Scholten tree. State: iterative_state(app).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>

#include "app/balance/model_canvas.h"
#include "app/balance/model_iterative.h"
#include "app/balance/node_renderer.h"
#include "app/widgets/tabs.h"
#include "app/widgets/view_transform.h"

namespace loadlab::app {

/// The iterative methods' tabs, in order: their names in a link's "ui"."iterative_view".
inline constexpr std::initializer_list<const char*> kIterativeTabs = {"network", "sweeps",
                                                                      "convergence", "pressure"};

struct App;

/// What the Sweeps and Pressure canvases (view_iterative_canvas.cpp) derive once per replay, shown
/// snapshot or class step instead of once per frame, so a frame's work does not grow with the
/// network when zoomed out (the same level of detail as the network view, network_canvas.h).
struct IterativeCanvasCache {
  std::uint64_t results_gen = 0;  ///< bumped when the results change
  std::uint64_t replay_gen = 0;   ///< bumped when the replay is rebuilt
  std::vector<int> class_edges;   ///< links per GDE colour class (the legend row), per replay
  /// Children of each node in the Dijkstra-Scholten tree (CSR over replay.ds_parent), per replay:
  /// a tree link is drawn from its visible end.
  std::vector<std::int32_t> tree_offsets, tree_children;
  std::vector<std::uint32_t> colours;  ///< point-sprite colours (sweeps or pressure)
  std::uint64_t colours_key = ~0ull;
  std::vector<std::uint8_t> texels;  ///< heatmap texels (sweeps or pressure)
  std::uint64_t texels_key = ~0ull;
  SweepMoves moves;  ///< tasks model: the shown sweep's / class's moves
  std::uint64_t moves_key = ~0ull;
  int pressure_max = 0;
  std::uint64_t pressure_key = ~0ull;
  NodeRenderer nodes;  ///< GPU paths, shared by the two tabs (one is drawn a frame)
  HeatmapRenderer heatmap;
  std::size_t view_nodes = 0;  ///< network size the zoom belongs to (a new one resets it)
  // Figures of the last drawn frame (the browser test hook: state().iterative_view).
  bool lod = false;  ///< drawn as the heatmap
  std::size_t drawn_arrows = 0;
};

struct IterativeViewState {
  const void* results_seen = nullptr;  ///< identity of the results the replay belongs to
  int replay_for = -1;                 ///< typed_results index replayed
  IterativeReplay replay;
  int snapshot = 0;    ///< index into replay.sweeps
  int highlight = -1;  ///< GDE colour class highlighted (-1 = all)
  bool playing = false;
  double clock = 0;  ///< seconds since the last tick while playing
  int tick = 0;      ///< class within the sweep while playing (no class steps)
  /// GDE class step shown within sweep replay.sweeps[snapshot]: loads after classes 0..class_step
  /// (-1 = the whole sweep); class_view caches them for the shown step only.
  int class_step = -1;
  GdeClassStep class_view;
  bool show_tree = true;
  bool show_std_dev = false;
  TabRequest tabs;  // 0 network (steps), 1 sweeps, 2 convergence, 3 pressure
  /// Zoom and pan of the Sweeps and Pressure canvases (one region of one network in both).
  ViewTransform view;
  IterativeCanvasCache canvas;
  std::string ui_seen;              ///< the scenario's ui.iterative_view last applied
  std::string ui_view;              ///< the installed scenario's ui.iterative_view ("" for none)
  std::uint64_t ui_generation = 0;  ///< the AppState::generation ui_view was read from
};

/// True when the balance scenario's results include gde / diffusion / gradient.
bool has_iterative_results(const App& app);
/// The balance view with the iterative tabs (calls draw_network_view for the "Network" tab).
void draw_iterative_balance_view(App& app);

}  // namespace loadlab::app
