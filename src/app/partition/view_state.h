// Everything the "partition" kind's view keeps between frames: one PartitionViewState, owned by App
// (App::partition): the model rebuilt when the results change, the mesh view's zoom/pan, the
// level-of-detail raster cache and the tab to bring to the front.
#pragma once

#include <cstdint>
#include <string>

#include "app/model/results_follower.h"
#include "app/partition/model_view.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

struct PartitionViewState {
  PartitionViewModel model;
  const void* model_scenario = nullptr;  ///< the parsed scenario the model was built from
  ResultsFollower follow;
  TabRequest tabs;  // 0 mesh, 1 comparison, 2 network
  // Mesh view: world window centre and scale (pixels per world unit); fitted when `fitted` is false.
  bool fitted = false;
  double cx = 0, cy = 0, scale = 1;
  bool show_cut = true, show_edges = true;
  // Level-of-detail raster of the last frame (rebuilt when the method or the window changes).
  PartRaster raster;
  int raster_method = -1;
  double raster_key[5] = {0, 0, 0, 0, 0};
  int highlight_part = -1;  ///< legend hover
};

}  // namespace loadlab::app
