// Everything the "partition" kind's view keeps between frames: one PartitionViewState, owned by App
// (partition_state(app), the kind room): the model rebuilt when the results change, the mesh view's
// zoom/pan, the level-of-detail raster cache, the GPU buffers of the two mesh canvases, the step
// view's trace (computed on a worker) and slider, and the tab to bring to the front.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <initializer_list>

#include "app/model/background_job.h"
#include "app/model/results_follower.h"
#include "app/partition/mesh_renderer.h"
#include "app/partition/model_layout.h"
#include "app/partition/model_steps.h"
#include "app/partition/model_view.h"
#include "app/widgets/narration_player.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

/// The partition view's tabs, in order: their names in a link's "ui"."partition_view".
inline constexpr std::initializer_list<const char*> kPartitionTabs = {"mesh", "compare", "network",
                                                                      "steps"};

/// The step view's state: the first bisection of one method, traced on a worker.
struct PartitionStepsState {
  BackgroundJob<std::shared_ptr<const BisectionSteps>> job;
  std::shared_ptr<const BisectionSteps> steps;
  std::string method;            ///< the method `steps` (or the running job) belongs to
  std::uint64_t generation = 0;  ///< the model generation it was computed for
  std::uint64_t serial = 0;      ///< bumped for every trace that arrives
  std::string error;
  StepCursor cursor;
  int step = 0;          ///< the slider
  bool show_key = true;  ///< heatmap of the bisector's key; otherwise the sides at the step
  bool playing = false;
  double play_accum = 0;
  std::vector<std::uint32_t> colours;
  std::uint64_t colours_key = 0;
  std::vector<int> highlight;
  std::vector<std::int64_t> cut;  ///< cut edges at the step (indices into the model's edges)
  MeshRenderer renderer;
};

struct PartitionViewState {
  PartitionViewModel model;
  const void* model_scenario = nullptr;  ///< the parsed scenario the model was built from
  std::uint64_t generation = 1;          ///< bumped whenever `model` is rebuilt (GPU buffer keys)
  ResultsFollower follow;
  TabRequest tabs;  // 0 mesh, 1 comparison, 2 network, 3 steps
  // Mesh view: world window centre and scale (pixels per world unit); fitted when `fitted` is
  // false.
  bool fitted = false;
  bool user_moved = false;     ///< zoomed or panned since the last fit (no refit on resize then)
  float fit_w = 0, fit_h = 0;  ///< canvas size of the last fit
  /// The controls' and legend's lines drawn over the canvas's top (pixels): a fit centres the
  /// mesh in the canvas below them.
  float overlay_h = 0;
  double cx = 0, cy = 0, scale = 1;
  bool show_cut = true, show_edges = true;
  // Level-of-detail raster of the last frame when shaders are unavailable (rebuilt when the method
  // or the window changes).
  PartRaster raster;
  int raster_method = -1;
  double raster_key[5] = {0, 0, 0, 0, 0};
  int highlight_part = -1;  ///< legend hover
  // The mesh tab's vertex colours (parts, the hovered part brighter) and GPU buffers.
  std::vector<std::uint32_t> colours;
  std::uint64_t colours_key = 0;
  MeshRenderer renderer;
  PartitionStepsState steps;
  /// The selected method's narration: its first bisection when the Bisection steps tab traced it
  /// (steps.step k is narration step k, both ways: synced_* are the values after the last sync),
  /// then one step per part.
  NarrationFollower narration;
  int synced_step = -1, synced_narration = -1;
  /// Positions for meshes without coordinates, computed on a worker, cached per graph.
  GraphLayoutCache graph_layout;
  /// A mesh without coordinates (the test hook's mesh_layout): "running" while its layout is
  /// computed, "ready" once it is drawn with it, "" otherwise.
  std::string mesh_layout;
  /// The mesh canvas drawn last (screen pixels x0, y0, x1, y1): the test hook's pixel checks.
  float canvas_box[4] = {0, 0, 0, 0};
};

}  // namespace loadlab::app
