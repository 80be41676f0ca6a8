// The network view's headless geometry and step player (src/app/widgets/model_network.h):
// layouts whose nodes never overlap at the drawn radius, torus wrap-around links
// as two border stubs, incremental steps equal to recomputing from the initial loads.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "app/widgets/model_hypercube.h"
#include "app/widgets/model_network.h"
#include "core/balance/balance_result.h"
#include "core/model/topology.h"

using namespace loadlab;
using namespace loadlab::app;
using core::Topology;

namespace {

double brute_min_distance(const std::vector<core::Point>& p) {
  double best = INFINITY;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j)
      best = std::min(best, std::hypot(double(p[i].x) - p[j].x, double(p[i].y) - p[j].y));
  return best;
}

}  // namespace

TEST_CASE("NetworkView.HypercubeLayoutsNeverOverlapAtTheDrawnRadius") {
  for (int d = 0; d <= 12; ++d) {
    CAPTURE(d);
    const Topology t = Topology::hypercube(d);
    const auto layout = t.layout();
    const double brute = brute_min_distance(layout);
    const float r = node_radius_layout(layout, min_node_distance(layout));
    if (layout.size() >= 2) {
      // No two positions coincide, the bucketed search finds the true closest pair, and two
      // discs of the drawn radius keep a gap.
      CHECK(brute > 0);
      CHECK(std::abs(min_node_distance(layout) - brute) < 1e-6);
      CHECK(2.0 * r < brute);
      // ... while nodes stay visible: at least a quarter of the average spacing 1/sqrt(n), or a
      // tenth for the 4- to 6-cubes, whose links must also clear every node (below).
      CHECK(r >= (d >= 4 && d <= 6 ? 0.1 : 0.25) / std::sqrt(double(layout.size())));
    }
  }
}

TEST_CASE("NetworkView.MinDistanceOfCollinearAndTreeLayouts") {
  for (const Topology& t : {Topology::line(1000), Topology::ring(777), Topology::kary_tree(3, 5),
                            Topology::mesh(7, 13)}) {
    const auto layout = t.layout();
    CHECK(std::abs(min_node_distance(layout) - brute_min_distance(layout)) < 1e-6);
  }
}

TEST_CASE("NetworkView.TorusWrapLinkIsTwoBorderStubs") {
  const Topology t = Topology::torus(4, 4);
  const auto layout = t.layout();
  Segment seg[2];
  // A row wrap: node 0 (column 0) - node 3 (column 3).
  REQUIRE(t.has_link(0, 3));
  REQUIRE(link_segments(t, layout, 0, 3, seg) == 2);
  CHECK(seg[0].a.x == layout[0].x);
  CHECK(seg[0].a.y == layout[0].y);
  CHECK(seg[0].b.x < 0.0f);  // leaves through the left border
  CHECK(seg[0].b.y == layout[0].y);
  CHECK(seg[1].b.x == layout[3].x);
  CHECK(seg[1].a.x > 1.0f);  // comes back in through the right border
  // Stubs are short: neither reaches halfway to the other node.
  CHECK(std::abs(seg[0].b.x - seg[0].a.x) < 0.5f * std::abs(layout[3].x - layout[0].x));
  CHECK(std::abs(seg[1].b.x - seg[1].a.x) < 0.5f * std::abs(layout[3].x - layout[0].x));
  // Reversed direction (a transfer 3 -> 0) mirrors it.
  REQUIRE(link_segments(t, layout, 3, 0, seg) == 2);
  CHECK(seg[0].b.x > 1.0f);
  CHECK(seg[1].a.x < 0.0f);
  // A column wrap: node 1 (row 0) - node 13 (row 3).
  REQUIRE(t.has_link(1, 13));
  REQUIRE(link_segments(t, layout, 1, 13, seg) == 2);
  CHECK(seg[0].b.y < 0.0f);
  CHECK(seg[0].b.x == layout[1].x);
  CHECK(seg[1].a.y > 1.0f);
  // Ordinary links (and every mesh link) are one straight segment.
  CHECK(link_segments(t, layout, 0, 1, seg) == 1);
  CHECK(link_segments(t, layout, 0, 4, seg) == 1);
  const Topology m = Topology::mesh(4, 4);
  for (const auto& e : m.edges()) CHECK(link_segments(m, m.layout(), e.a, e.b, seg) == 1);
  // Every torus link is either a grid neighbour or a wrap, and there are 2 * (rows + cols) / 2
  // wraps.
  int wraps = 0;
  for (const auto& e : t.edges()) wraps += is_wrap_link(t, e.a, e.b) ? 1 : 0;
  CHECK(wraps == 8);
}

TEST_CASE("NetworkView.StepPlayerSeeksIncrementallyToTheRecomputedLoads") {
  const core::LoadVector initial{10, 0, 7, 3, 5};
  const std::vector<core::Transfer> ts{{0, 0, 1, 4}, {0, 2, 3, 2}, {1, 1, 4, 1}, {1, 0, 4, 3},
                                       {3, 4, 2, 6}, {3, 3, 0, 1}};  // step 2 has none
  StepPlayer p;
  p.reset(initial, ts, 4);
  CHECK(p.steps() == 4);
  auto recompute = [&](int s) {
    std::vector<core::Transfer> prefix;
    for (const auto& t : ts)
      if (t.step < s) prefix.push_back(t);
    return core::apply_transfers(initial, prefix);
  };
  for (int s : {3, 1, 4, 0, 2, 2, 4, 1}) {
    CAPTURE(s);
    p.seek(s);
    CHECK(p.step() == s);
    CHECK(p.loads() == recompute(s));
  }
  CHECK(p.step_end(0) - p.step_begin(0) == 2);
  CHECK(p.step_end(2) - p.step_begin(2) == 0);
  CHECK(p.moved(3) == 7);
  const auto& top = p.largest(3, 1);
  REQUIRE(top.size() == 1);
  CHECK(ts[top[0]].count == 6);
  const auto& all = p.largest(0, 10);
  REQUIRE(all.size() == 2);
  CHECK(ts[all[0]].count == 4);
  CHECK(ts[all[1]].count == 2);
}

TEST_CASE("NetworkView.HeatGridHasOneTexelPerNodeOnGrids") {
  const Topology m = Topology::mesh(3, 5);
  const auto layout = m.layout();
  const HeatGrid g = make_heat_grid(m, layout);
  CHECK(g.w == 5);
  CHECK(g.h == 3);
  for (int v = 0; v < m.size(); ++v) {
    CHECK(g.texel[static_cast<std::size_t>(v)] == v);
    CHECK(g.offsets[static_cast<std::size_t>(v) + 1] - g.offsets[static_cast<std::size_t>(v)] == 1);
  }
  const Topology c = Topology::hypercube(9);
  const HeatGrid gc = make_heat_grid(c, c.layout());
  CHECK(gc.w * gc.h == 512);
  for (int t = 0; t < 512; ++t)
    CHECK(gc.offsets[static_cast<std::size_t>(t) + 1] - gc.offsets[static_cast<std::size_t>(t)] ==
          1);
  // Texel values: load 0 -> 0, the average -> 128, twice the average -> 255; coverage 255.
  core::LoadVector loads(15, 4);
  loads[0] = 0, loads[1] = 8, loads[2] = 100;
  std::vector<std::uint8_t> rg;
  heat_texels(g, loads, 4.0, rg);
  CHECK(rg[0] == 0);
  CHECK(rg[2] == 255);
  CHECK(rg[4] == 255);
  CHECK(rg[6] == 128);
  CHECK(rg[1] == 255);
}

namespace {

// Distance from p to the segment a-b.
double hypercube_test_segment_distance(core::Point p, core::Point a, core::Point b) {
  const double dx = double(b.x) - a.x, dy = double(b.y) - a.y, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((double(p.x) - a.x) * dx + (double(p.y) - a.y) * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(double(p.x) - a.x - t * dx, double(p.y) - a.y - t * dy);
}

}  // namespace

TEST_CASE("NetworkView.HypercubeLinksAreVisibleParallelPerDimensionAndClearOfNodes") {
  for (int d = 1; d <= kMaxDrawnCubeDim; ++d) {
    CAPTURE(d);
    const Topology t = Topology::hypercube(d);
    const auto p = t.layout();
    const int n = t.size();
    const double r = node_radius_layout(p, min_node_distance(p));
    // One reference link per dimension: 0 - 2^k.
    for (int a = 0; a < n; ++a)
      for (int b : t.neighbours(a)) {
        if (b < a) continue;
        const int k = cube_link_dimension(a, b);
        REQUIRE(k >= 0);
        CAPTURE(a);
        CAPTURE(b);
        const core::Point pa = p[static_cast<std::size_t>(a)], pb = p[static_cast<std::size_t>(b)];
        // Distinct endpoint positions: every link has a visible length.
        CHECK(std::hypot(double(pa.x) - pb.x, double(pa.y) - pb.y) > 2 * r);
        // Parallel to (and as long as) the dimension's link at node 0, pointing the same way.
        const core::Point q0 = p[0], q1 = p[static_cast<std::size_t>(1) << k];
        const double ux = double(pb.x) - pa.x, uy = double(pb.y) - pa.y;
        const double vx = double(q1.x) - q0.x, vy = double(q1.y) - q0.y;
        const double a_lo = a < b ? 1.0 : -1.0;  // a < b: a lacks bit k, like node 0
        CHECK(std::abs(ux * vy - uy * vx) < 1e-5);
        CHECK(a_lo * (ux * vx + uy * vy) > 0);
        // No other node on the link, nor close enough for the link to cross its disc's centre
        // region: the link keeps at least 0.9 of the drawn radius from every other node.
        for (int v = 0; v < n; ++v) {
          if (v == a || v == b) continue;
          const double dist =
              hypercube_test_segment_distance(p[static_cast<std::size_t>(v)], pa, pb);
          if (dist < 0.9 * r) {
            CAPTURE(v);
            CHECK(dist >= 0.9 * r);
          }
        }
      }
  }
}

TEST_CASE("NetworkView.HypercubeStepDimensionsAndFlowsPerDimension") {
  // A DEM-like run on a 3-cube: step 0 over dimension 0, step 1 over dimensions 1 and 2.
  const std::vector<core::Transfer> ts = {{0, 0, 1, 5}, {0, 6, 7, 2}, {1, 0, 2, 3},
                                          {1, 5, 1, 1}, {1, 4, 0, 4}, {1, 0, 3, 9}};
  CHECK(cube_link_dimension(0, 1) == 0);
  CHECK(cube_link_dimension(4, 0) == 2);
  CHECK(cube_link_dimension(0, 3) == -1);  // two bits apart: not a link
  CHECK(cube_link_dimension(2, 2) == -1);
  CHECK(step_dimension_mask(ts, 0, 2) == 0b001u);
  CHECK(step_dimension_mask(ts, 2, 6) == 0b110u);
  const DimensionFlows f = dimension_flows(ts, 3, 2, 6);
  // By hand: dimension 0 moved 5 + 2 in all, none in step 1; dimension 1: 3 (0->2); dimension 2:
  // 1 (5->1) + 4 (4->0); the two-hop 0->3 counts nowhere.
  CHECK(f.total == std::vector<std::int64_t>{7, 3, 5});
  CHECK(f.step == std::vector<std::int64_t>{0, 3, 5});
  // Six distinct dimension colours.
  for (int a = 0; a < 6; ++a)
    for (int b = a + 1; b < 6; ++b) {
      float x[3], y[3];
      dimension_rgb(a, x);
      dimension_rgb(b, y);
      CHECK(std::abs(x[0] - y[0]) + std::abs(x[1] - y[1]) + std::abs(x[2] - y[2]) > 0.3f);
    }
}
