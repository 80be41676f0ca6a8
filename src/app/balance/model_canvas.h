// What the zoomable network canvases decide without ImGui or GL (tested in tests/app). Three
// canvases draw the balance scenario's network: the network view (view_network.cpp) and the
// iterative Sweeps and Pressure tabs (view_iterative_canvas.cpp); network_canvas.h draws with
// these decisions, so the three keep one level-of-detail policy:
//  - the canvas mapping: screen = centre + (p - 0.5 + pan) * scale (ViewTransform's);
//  - layout facts computed once per scenario and shared by the canvases (LayoutFacts);
//  - the visible nodes: all of a small network, else the heat-grid buckets under the canvas, so
//    zoomed-in drawing never visits the whole network; nodes_in() counts them in O(rows);
//  - the level of detail: discs, GPU point sprites, or the heatmap texture when nodes are closer
//    than a few pixels; per-node shapes (links, labels, rings, the termination tree) only when few;
//  - which task moves a sweep (or one GDE colour class) of an iterative result shows.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "app/model/app_state.h"
#include "app/widgets/model_network.h"
#include "core/balance/iterative.h"

namespace loadlab::app {

// ---- level-of-detail limits (every network canvas)
// -----------------------------------------------

inline constexpr int kGpuNodes = 1500;            ///< more nodes: point sprites in one draw call
inline constexpr float kHeatmapSpacingPx = 5.0f;  ///< nodes closer than this: the heatmap texture
inline constexpr std::size_t kMaxArrows = 300;    ///< a step with more transfers shows its largest
inline constexpr std::size_t kMaxLinks = 60000;   ///< more visible links only paint the view grey
/// More visible nodes than this: no per-node shapes (labels, rings, tree lines) and the visible
/// nodes are found through the heat-grid buckets instead of visiting every node.
inline constexpr std::size_t kMaxNodeShapes = 20000;

// ---- mapping
// -------------------------------------------------------------------------------------

/// Layout units -> canvas pixels, and the canvas rectangle [x0, x1] x [y0, y1] in pixels.
struct CanvasMapping {
  float centre_x = 0, centre_y = 0, scale = 1, pan_x = 0, pan_y = 0;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  core::Point to_screen(core::Point p) const {
    return {centre_x + (p.x - 0.5f + pan_x) * scale, centre_y + (p.y - 0.5f + pan_y) * scale};
  }
  core::Point to_layout(float x, float y) const {
    return {(x - centre_x) / scale + 0.5f - pan_x, (y - centre_y) / scale + 0.5f - pan_y};
  }
  /// A screen point within `margin` pixels of the canvas.
  bool visible(core::Point s, float margin) const {
    return s.x > x0 - margin && s.y > y0 - margin && s.x < x1 + margin && s.y < y1 + margin;
  }
};

// ---- layout facts
// --------------------------------------------------------------------------------

/// What every canvas derives from the scenario's layout, once per scenario (O(nodes + links)).
struct LayoutFacts {
  io::ScenarioPtr scenario;  ///< the scenario these facts belong to (kept alive: no stale pointer)
  std::size_t nodes = 0;
  float min_distance = 1, radius = 0.01f;  ///< layout units
  double average = 0;                      ///< mean initial load (transfers conserve it)
  HeatGrid grid;
  /// Per node a: index in Topology::edges() of a's first link to a larger neighbour (edge_index).
  std::vector<std::int64_t> edge_base;
  std::uint64_t key = 0;  ///< bumped on every rebuild
};

/// Rebuilds `f` when the state's scenario or layout changed; returns true if it did.
bool sync_layout_facts(LayoutFacts& f, const AppState& st);

/// Index of link {a, b} in Topology::edges() (a < b ordered by a then b) from f.edge_base; -1 if
/// a and b are not linked. O(degree).
std::int64_t edge_index(const core::Topology& t, const std::vector<std::int64_t>& edge_base, int a,
                        int b);

// ---- visible nodes
// -------------------------------------------------------------------------------

/// Texels [x0, x1] x [y0, y1] of the heat grid under the canvas (plus one texel), clamped.
struct TexelRange {
  int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
};
TexelRange visible_texels(const HeatGrid& g, const CanvasMapping& m, float margin_px);

/// Nodes in the buckets of `r` (a superset of the visible nodes), in O(rows of r).
std::size_t nodes_in(const HeatGrid& g, const TexelRange& r);

/// Upper bound of the nodes for_each_visible_node visits: n for small networks, else the nodes in
/// the buckets under the canvas. O(rows), so a frame can decide before it visits.
std::size_t visible_node_bound(const std::vector<core::Point>& layout, const HeatGrid& g,
                               const CanvasMapping& m, float margin_px);

/// Calls fn(v, screen point) for every node within `margin_px` of the canvas: by visiting every
/// node of a small network (<= kMaxNodeShapes), else only the heat-grid buckets under the canvas.
template <class F>
void for_each_visible_node(const std::vector<core::Point>& layout, const HeatGrid& g,
                           const CanvasMapping& m, float margin_px, F&& fn) {
  const int n = static_cast<int>(layout.size());
  if (static_cast<std::size_t>(n) <= kMaxNodeShapes || g.offsets.empty() ||
      g.texel.size() != layout.size()) {
    for (int v = 0; v < n; ++v) {
      const core::Point p = m.to_screen(layout[static_cast<std::size_t>(v)]);
      if (m.visible(p, margin_px)) fn(v, p);
    }
    return;
  }
  const TexelRange r = visible_texels(g, m, margin_px);
  for (int y = r.y0; y <= r.y1; ++y)
    for (int x = r.x0; x <= r.x1; ++x) {
      const std::size_t t =
          static_cast<std::size_t>(y) * static_cast<std::size_t>(g.w) + static_cast<std::size_t>(x);
      for (auto k = g.offsets[t]; k < g.offsets[t + 1]; ++k) {
        const int v = g.nodes[static_cast<std::size_t>(k)];
        const core::Point p = m.to_screen(layout[static_cast<std::size_t>(v)]);
        if (m.visible(p, margin_px)) fn(v, p);
      }
    }
}

/// The node whose heat-grid texel holds layout point p (the first of a binned texel), or -1.
int heat_grid_node_at(const HeatGrid& g, core::Point p);

// ---- level of detail
// -----------------------------------------------------------------------------

enum class NodeDetail {
  Discs,    ///< ImDrawList shapes per visible node (small networks, or no GPU path)
  Sprites,  ///< every node a point sprite in one draw call (NodeRenderer)
  Heatmap,  ///< one mipmapped texture, a texel per node (HeatmapRenderer)
};

/// The drawing of n nodes spaced `spacing_px` apart on screen; *_ok: the renderers compiled.
NodeDetail choose_node_detail(int n, float spacing_px, bool sprites_ok, bool heatmap_ok);

/// Links of about `visible_nodes` nodes are drawn when they stay few (kMaxLinks) and apart.
bool links_fit(std::size_t visible_nodes, double average_degree, float spacing_px);

// ---- transfers
// -----------------------------------------------------------------------------------

/// The task moves an iterative tasks-model result made in the shown sweep `sweep` (1-based: the
/// loads after it are shown) or in its colour class `cls` alone (GDE, cls >= 0): transfer steps
/// [first_step, last_step) (IterativeResult::transfers: gde sweep*colours + class, others sweep,
/// 0-based sweeps).
struct SweepMoves {
  int first_step = 0, last_step = 0;
  std::size_t total = 0;             ///< transfers in those steps
  std::int64_t moved = 0;            ///< tasks they moved
  std::vector<std::uint32_t> shown;  ///< indices into r.transfers of the k largest, largest first
  bool truncated = false;            ///< the run stopped recording before these steps ended
};
SweepMoves sweep_moves(const core::IterativeResult& r, int sweep, int cls,
                       std::size_t k = kMaxArrows);

// ---- cache keys
// ----------------------------------------------------------------------------------

/// One 64-bit key from several (SplitMix64 steps): caches compare it to know their data changed.
std::uint64_t mix_key(std::initializer_list<std::uint64_t> parts);

}  // namespace loadlab::app
