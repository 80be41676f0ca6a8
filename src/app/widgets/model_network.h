// What a network picture draws, computed without ImGui or GL (tested in tests/app): kind-neutral,
// shared by every view that draws a processor network (balance's network view and its node
// simulation, dynamic's network tab):
//  - link geometry: a torus wrap-around link is two short stubs leaving the grid's border, not a
//    line across the whole grid;
//  - the node radius from the layout's smallest node distance, so nodes never overlap;
//  - the step player: loads after step s kept incrementally (a step click applies one step's
//    transfers, never all earlier ones again), and the k largest transfers of the shown step;
//  - the heatmap grid: every node's texel in the level-of-detail load texture (shaders/heatmap.*),
//    texel -> node for hovering, and texel buckets so zoomed-in drawing visits only visible nodes.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/loads.h"
#include "core/model/topology.h"

namespace loadlab::app {

// ---- load colours ------------------------------------------------------------------------------

/// Position of a load on the colour scale: 0 = empty, 0.5 = the average, 1 = twice the average or
/// more. The scale (blue -> green -> red) is the same in the heatmap shader and in the legend.
float load_scale_position(double load, double average);
inline float load_scale_position(std::int64_t load, double average) {
  return load_scale_position(static_cast<double>(load), average);
}
/// The scale's colour at position t in [0,1], as RGB in [0,1].
void load_scale_rgb(float t, float rgb[3]);

// ---- link geometry -----------------------------------------------------------------------------

struct Segment {
  core::Point a, b;
};

/// True for a torus link that closes a row or a column (first and last node of it).
bool is_wrap_link(const core::Topology& t, int a, int b);

/// How the link (or a transfer) from a to b is drawn in layout units: one segment a -> b, or for
/// a wrap link two stubs: a -> (a pushed outwards past the border) and (b pushed outwards) -> b,
/// each `stub` grid spacings long. Returns the number of segments written (1 or 2).
int link_segments(const core::Topology& t, const std::vector<core::Point>& layout, int a, int b,
                  Segment out[2], float stub = 0.6f);

// ---- node size ---------------------------------------------------------------------------------

/// Smallest distance between two node positions (layout units; 1 for fewer than two nodes).
/// Expected O(n) (grid buckets); computed once per topology.
float min_node_distance(const std::vector<core::Point>& layout);

/// The drawn node radius in layout units: 0.45 of the smallest node distance, so two discs never
/// touch, and never more than 0.32 of the average spacing 1/sqrt(n) (the view also caps it in
/// pixels).
float node_radius_layout(const std::vector<core::Point>& layout, float min_distance);

// ---- transfers ---------------------------------------------------------------------------------

/// Indices of the k largest of ts[begin, end) (count, then index), largest first.
void largest_transfers(const std::vector<core::Transfer>& ts, std::size_t begin, std::size_t end,
                       std::size_t k, std::vector<std::uint32_t>& out);

// ---- step player -------------------------------------------------------------------------------

/// Loads after step s of one balance result, kept incrementally: seek(s) applies (or undoes) only
/// the transfers between the current step and s, so a step click costs one step's transfers.
class StepPlayer {
 public:
  /// Starts at step 0 with `initial`; `transfers` must be sorted by step (BalanceResult's are).
  void reset(const core::LoadVector& initial, const std::vector<core::Transfer>& transfers,
             int steps);
  int steps() const { return steps_; }
  int step() const { return step_; }
  const core::LoadVector& loads() const { return loads_; }
  /// Moves to step s (clamped to [0, steps]); returns true if the loads changed.
  bool seek(int s);
  /// Bumped whenever loads() changes (GPU uploads follow it).
  std::uint64_t version() const { return version_; }

  /// Transfers executed by step s (those with .step == s), as a range of transfers().
  std::size_t step_begin(int s) const;
  std::size_t step_end(int s) const { return step_begin(s + 1); }
  const std::vector<core::Transfer>& transfers() const { return transfers_; }
  /// Indices (into transfers()) of the k largest transfers of step s, largest first; cached
  /// per (s, k), O(transfers of the step) on a miss.
  const std::vector<std::uint32_t>& largest(int s, std::size_t k);
  /// Tasks moved in step s.
  std::int64_t moved(int s) const;

 private:
  core::LoadVector loads_;
  std::vector<core::Transfer> transfers_;
  std::vector<std::size_t> begin_;  // begin_[s] = first transfer of step s; size steps + 2
  int steps_ = 0, step_ = 0;
  std::uint64_t version_ = 0;
  int largest_step_ = -1;
  std::size_t largest_k_ = 0;
  std::vector<std::uint32_t> largest_;
};

// ---- heatmap grid ------------------------------------------------------------------------------

/// Every node's texel in a w x h load texture. Grid layouts (mesh, torus, big hypercubes) get
/// exactly one node per texel; other layouts are binned (several nodes may share a texel).
struct HeatGrid {
  int w = 0, h = 0;
  std::vector<std::int32_t> texel;    ///< node -> texel (y * w + x)
  std::vector<std::int32_t> offsets;  ///< texel -> its nodes: nodes[offsets[t] .. offsets[t+1])
  std::vector<std::int32_t> nodes;
  /// Texel position of a layout point (texel centres at layout 0 and 1 on each axis).
  int texel_x(float x) const;
  int texel_y(float y) const;
};

HeatGrid make_heat_grid(const core::Topology& t, const std::vector<core::Point>& layout);

/// RG8 texels: R = average scale position of the texel's nodes, G = 255 where a node is.
void heat_texels(const HeatGrid& g, const core::LoadVector& loads, double average,
                 std::vector<std::uint8_t>& rg);

/// heat_texels for any per-node value: position(v) is node v's place on the colour scale in
/// [0, 1], or negative for "no value" (the node is left out; a texel with none stays empty).
template <class Position>
void heat_texels_by(const HeatGrid& g, Position&& position, std::vector<std::uint8_t>& rg) {
  const std::size_t texels = static_cast<std::size_t>(g.w) * static_cast<std::size_t>(g.h);
  rg.assign(texels * 2, 0);
  for (std::size_t t = 0; t < texels; ++t) {
    float sum = 0;
    int count = 0;
    for (auto k = g.offsets[t]; k < g.offsets[t + 1]; ++k) {
      const float p = position(g.nodes[static_cast<std::size_t>(k)]);
      if (p >= 0) sum += p, ++count;
    }
    if (count == 0) continue;
    // Premultiplied by coverage (G), so mipmaps average only covered texels: t = R / G.
    rg[2 * t] = static_cast<std::uint8_t>(std::lround(255.0f * sum / float(count)));
    rg[2 * t + 1] = 255;
  }
}

}  // namespace loadlab::app
