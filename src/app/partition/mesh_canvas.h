// The partition view's mesh canvas, shared by the "Mesh by part" and "Bisection steps" tabs: zoom
// (wheel at the cursor), pan (drag), fit (double-click), and the mesh drawn with a colour per
// vertex, optional red edges (cut edges) and highlighted vertices. Level of detail: small meshes
// as ImDrawList lines and squares; from kShaderVertices on, through MeshRenderer (shaders/mesh.*):
// points for every vertex, red edges as GL lines, every edge only once they are a few pixels long.
#pragma once

#include <cstdint>
#include <vector>

#include "app/partition/mesh_renderer.h"
#include "app/partition/view_state.h"

namespace loadlab::app {

struct App;

/// Meshes with at least this many vertices go through the shader path (when it compiled).
inline constexpr int kShaderVertices = 20'000;

struct MeshLayer {
  const std::vector<std::uint32_t>* colours = nullptr;  ///< per vertex (ImU32)
  std::uint64_t colour_key = 0;                          ///< changes when `colours` changes
  const std::vector<std::int64_t>* red_edges = nullptr;  ///< indices into the model's edges
  std::uint64_t red_key = 0;
  bool show_red = true;
  bool show_edges = true;
  bool grey_edges = false;  ///< edges faint grey (heat colours) instead of their vertices' colour
  const std::vector<int>* highlight = nullptr;  ///< vertices outlined (the first one brighter)
  const std::vector<int>* part = nullptr;       ///< for the no-shader raster of big meshes
};

/// Draws the canvas filling the available region. `r` keeps this canvas's GPU buffers.
void draw_mesh_canvas(App& app, PartitionViewState& c, MeshRenderer& r, const MeshLayer& layer, const char* id);

}  // namespace loadlab::app
