// Everything the "balance" kind's form and views keep between frames: one BalanceViewState, owned
// by App (balance_state(app), the kind room): the form's fields, the network view's zoom/pan and
// GPU renderer, the step player, paper 000's experiments window (a BackgroundJob) and the optimum
// beside the results.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "app/balance/model_canvas.h"
#include "app/balance/model_form.h"
#include "app/balance/model_scene.h"
#include "app/balance/node_renderer.h"
#include "app/model/background_job.h"
#include "app/widgets/model_hypercube.h"
#include "app/widgets/model_network.h"
#include "app/widgets/view_transform.h"
#include "experiments/wu_experiments.h"
#include "io/kind.h"

namespace loadlab::app {

struct ExperimentsOutcome {
  std::optional<experiments::WuResults> results;
  std::string error;
};

/// The experiments window (view_experiments.cpp) and its worker.
struct ExperimentsState {
  bool open = false;
  int selected = 1;  // index into experiments::wu_experiment_list(); Table I first
  int cases = 1000;  // per cell of Table I and Figs 14-15; Figs 16-17 use a tenth (paper: 100)
  int seed = 1;
  bool env_checked = false;
  std::map<std::string, experiments::ExperimentTable>
      tables;                                     // by id, from the last run that produced it
  std::map<std::string, std::string> provenance;  // "1000 cases per cell, seed 1, 2.1 s"
  BackgroundJob<ExperimentsOutcome> job;
  std::chrono::steady_clock::time_point started;
  std::string run_label;
};

/// The optimum for the current network and loads when the run did not include "optimal"; computed
/// once per (topology, loads) and only for small networks, so the UI thread never waits long.
struct BalanceOptimumCache {
  std::uint64_t key = 0;
  std::int64_t task_hops = -1;
  std::string error;
};

/// What the network view derives once per result / step instead of once per frame
/// (view_network.cpp): the step player, colour and texel buffers. The layout facts (radius, heat
/// grid, average) are BalanceViewState::layout, shared with the iterative tabs' canvases.
struct NetworkViewCache {
  std::uint64_t layout_seen = 0;  ///< LayoutFacts::key the player was reset for
  io::ResultPtr result;           ///< the result the player follows
  StepPlayer player;
  std::uint64_t epoch = 0;  ///< bumped on every scenario/result change
  std::vector<std::uint32_t> colours;
  std::uint64_t colours_key = ~0ull;
  std::vector<std::uint8_t> texels;
  std::uint64_t texels_key = ~0ull;
  HeatmapRenderer heatmap;
  DimensionFlows flows;  ///< big hypercubes: tasks per dimension (step flows_step, whole run)
  int flows_step = -1;
  std::uint64_t flows_epoch = ~0ull;
  // Figures the browser bench and tests read (window.loadlab.state().network).
  bool lod = false;               ///< drawn as the heatmap
  std::uint32_t active_dims = 0;  ///< hypercube dimensions the shown step exchanges over
  std::size_t drawn_arrows = 0, step_transfers = 0;
};

struct BalanceViewState {
  ScenarioForm form;
  ViewTransform view;
  NodeRenderer renderer;  ///< GPU path for large networks (shaders/nodes.*)
  LayoutFacts layout;     ///< the scenario's layout facts, shared by every network canvas
  NetworkViewCache net;
  int step = 0;  ///< communication step shown (0 = initial loads)
  /// The results and the selection `step` belongs to: a new run or another result starts at 0.
  const void* step_results = nullptr;
  int step_selected = 0;
  bool playing = false;     ///< animate the communication steps
  double play_clock = 0.0;  ///< seconds since the last step while playing
  ExperimentsState experiments;
  BalanceOptimumCache optimum;
};

}  // namespace loadlab::app
