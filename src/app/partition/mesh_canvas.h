// The partition view's mesh canvas, shared by the "Mesh by part" and "Bisection steps" tabs: zoom
// (wheel at the cursor), pan (drag), fit (double-click), and the mesh drawn with a colour per
// vertex, optional red edges (cut edges) and highlighted vertices. Level of detail: small meshes
// as ImDrawList lines and squares; from kShaderVertices on, through MeshRenderer (shaders/mesh.*):
// points for every vertex, red edges as GL lines (too long ones as marked ends), every edge only
// once they are a few pixels long; nothing smaller than a pixel.
#pragma once

#include <cstdint>
#include <vector>

#include "app/partition/mesh_renderer.h"
#include "app/partition/view_state.h"

namespace loadlab::app {

struct App;

/// Meshes with at least this many vertices go through the shader path (when it compiled): above
/// it, ImDrawList's per-line triangles cost more than a frame in the browser (Walshaw's 4elt,
/// 15,606 vertices, drew at under one frame per second).
inline constexpr int kShaderVertices = 4'000;
/// Edges longer than this many typical edge lengths are not drawn as lines (cut edges: their ends
/// are marked instead): in a layout without coordinates they cross the whole drawing; in a
/// geometric mesh there are none this long.
inline constexpr float kLongEdgeSynthetic = 4.0f;
inline constexpr float kLongEdgeGeometric = 20.0f;
/// Vertices closer than kThinSpacingPx pixels are drawn one per kThinCellPx-pixel cell.
inline constexpr float kThinSpacingPx = 2.0f;
inline constexpr float kThinCellPx = 2.0f;

struct MeshLayer {
  const std::vector<std::uint32_t>* colours = nullptr;   ///< per vertex (ImU32)
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
void draw_mesh_canvas(App& app, PartitionViewState& c, MeshRenderer& r, const MeshLayer& layer,
                      const char* id);

}  // namespace loadlab::app
