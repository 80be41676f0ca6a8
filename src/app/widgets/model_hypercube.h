// What a network picture shows of a hypercube's dimensions, computed without ImGui or GL (tested in
// tests/app; balance's network view and dynamic's network tab draw with it): which dimension a link
// belongs to, one colour per dimension (the legend lists them), the dimensions a communication step
// exchanges over (lit up while the others are dimmed: DEM and CWA work one dimension per step), and
// for cubes too big to draw link by link (d >= 7) the per-dimension flow summary shown instead of
// arrowheads. The drawing itself (each dimension a fixed offset, so links of one dimension are
// parallel and a d-cube is two (d-1)-cubes side by side) is core::Topology::layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::app {

/// Cubes up to this dimension are drawn node by node with coloured links; larger ones as the load
/// heatmap with the flow summary.
inline constexpr int kMaxDrawnCubeDim = 6;

/// The dimension of the hypercube link a - b (the one bit they differ in), or -1 if they differ in
/// no bit or in more than one.
int cube_link_dimension(int a, int b);

/// Dimension d's colour (RGB in [0,1]); the six drawn dimensions get six distinct hues, larger
/// dimensions repeat them.
void dimension_rgb(int d, float rgb[3]);

/// Bit d set when a transfer in [begin, end) of `ts` crosses a link of dimension d (d < 32).
std::uint32_t step_dimension_mask(const std::vector<core::Transfer>& ts, std::size_t begin,
                                  std::size_t end);

/// Tasks moved across each dimension: in one step and over the whole run.
struct DimensionFlows {
  std::vector<std::int64_t> step, total;
};

/// Per-dimension sums of `ts` (a hypercube of dimension `dim`): `step` over [begin, end), `total`
/// over all. Transfers that are not along one link (a multi-hop move) are left out.
DimensionFlows dimension_flows(const std::vector<core::Transfer>& ts, int dim, std::size_t begin,
                               std::size_t end);

}  // namespace loadlab::app
