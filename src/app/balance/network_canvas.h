// The zoomable network canvas the balance kind's views share: the network view
// (view_network.cpp) and the iterative Sweeps and Pressure tabs (view_iterative_canvas.cpp).
// Zoom (wheel around the cursor) and pan (drag) through a ViewTransform, links and transfer arrows
// for the visible part only (torus wrap links as border stubs), the heatmap texture when zoomed
// out, and the colour legend. The decisions (what is visible, which level of detail) are headless
// in model_canvas.h; this file only draws them, so the three canvases behave alike.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/balance/model_canvas.h"
#include "app/balance/node_renderer.h"
#include "app/widgets/model_hypercube.h"
#include "app/widgets/view_transform.h"

namespace loadlab::app {

/// One frame of a canvas: its rectangle, the layout -> pixel mapping, hover and draw list.
struct NetworkCanvas {
  ImVec2 origin, size, centre;
  float fit = 1;    ///< pixels per layout unit at zoom 1
  float scale = 1;  ///< pixels per layout unit now
  bool hovered = false;
  CanvasMapping map;
  ImDrawList* dl = nullptr;
  ImVec2 at(core::Point p) const {
    const core::Point s = map.to_screen(p);
    return {s.x, s.y};
  }
  core::Point layout_at(ImVec2 q) const { return map.to_layout(q.x, q.y); }
  bool visible(ImVec2 p, float margin) const { return map.visible({p.x, p.y}, margin); }
};

/// Fills the remaining content region with the canvas (an invisible button): dragging pans, the
/// wheel zooms around the cursor, and `view` records this frame's mapping (the test hook reads
/// it). Pushes the canvas clip rectangle; end_network_canvas pops it. `left_band`: the width the
/// legends take at the canvas's left edge; the drawing is fitted right of it (at most 35% of the
/// canvas's width), so a tall canvas's drawing never grows under them.
NetworkCanvas begin_network_canvas(const char* id, ViewTransform& view, float margin,
                                   float left_band = 0);
void end_network_canvas(NetworkCanvas& c);

/// The drawn node radius in pixels (the layout's radius, capped).
float canvas_node_radius(const NetworkCanvas& c, const LayoutFacts& f, float ui_scale);

/// The load colour scale (load_scale_rgb) as an ImGui colour.
ImU32 load_colour(double load, double average);
ImU32 scale_colour(float position);

/// Draws the heatmap texture over the layout's extent (uploading `texels` when `key` changed) and
/// returns the node under the mouse, or -1.
int draw_heatmap(NetworkCanvas& c, HeatmapRenderer& renderer, const HeatGrid& g,
                 const std::vector<std::uint8_t>& texels, std::uint64_t key);

/// Calls fn(a, b) once for every link with a visible end (from its visible end with the smaller
/// id). Only the visible nodes are visited.
template <class F>
void for_each_visible_link(const NetworkCanvas& c, const core::Topology& topo,
                           const std::vector<core::Point>& layout, const HeatGrid& g, float r,
                           F&& fn) {
  for_each_visible_node(layout, g, c.map, r, [&](int a, core::Point) {
    for (int b : topo.neighbours(a)) {
      if (b < a && c.map.visible(c.map.to_screen(layout[static_cast<std::size_t>(b)]), r))
        continue;  // drawn from b
      fn(a, b);
    }
  });
}

/// The link a - b: one line, or two stubs leaving the border for a torus wrap link.
void draw_link(NetworkCanvas& c, const core::Topology& topo, const std::vector<core::Point>& layout,
               int a, int b, ImU32 col, float thick);

/// A line from a to b shortened by the insets, with an arrow head at b.
void draw_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, float inset_a, float inset_b, ImU32 col,
                float thick, bool head);

/// ts[i] for i in `shown` as arrows along their links (wrap links: out through one border, in
/// through the other), with counts beside them when nodes are big enough. Returns arrows drawn.
std::size_t draw_transfer_arrows(NetworkCanvas& c, const core::Topology& topo,
                                 const std::vector<core::Point>& layout,
                                 const std::vector<core::Transfer>& ts,
                                 const std::vector<std::uint32_t>& shown, float r, bool heatmap);

/// The colour scale with its labels and a note above it, at the canvas's bottom-left corner.
void draw_scale_legend(const NetworkCanvas& c, float s, const char* note, const char* lo,
                       const char* mid, const char* hi);
/// draw_scale_legend for loads: 0, the average, twice the average.
void draw_load_legend(const NetworkCanvas& c, double average, float s, const char* note);
/// Hypercubes: a link's colour by its dimension, full when `lit` (the step exchanges over that
/// dimension, or no step is shown), dimmed otherwise.
ImU32 dimension_colour(int d, bool lit);
/// The dimension legend (a swatch per dimension, the exchanged ones marked) in the canvas's
/// top-left corner; returns its height in pixels.
float draw_dimension_legend(const NetworkCanvas& c, float s, int dims, std::uint32_t active,
                            bool stepping);
/// Bars of tasks moved across each dimension (this step and the whole run) in the top-left corner,
/// for cubes drawn as a heatmap.
void draw_dimension_flows(const NetworkCanvas& c, float s, const DimensionFlows& f, int step);
/// The arrow's meaning, above the load legend.
void draw_arrow_legend(const NetworkCanvas& c, float s, float above);

/// A note in a dark box at the canvas's bottom-right corner (e.g. "showing the 300 largest"), or
/// its top-right corner (`top`: where a wide legend leaves no room at the bottom).
void draw_canvas_note(const NetworkCanvas& c, float s, const std::string& note, bool top = false);

}  // namespace loadlab::app
