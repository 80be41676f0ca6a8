// The network view's headless geometry and step player (src/app/balance/model_network.h):
// layouts whose nodes never overlap at the drawn radius, torus wrap-around links
// as two border stubs, incremental steps equal to recomputing from the initial loads.
#include <doctest/doctest.h>

#include <cmath>

#include "app/balance/model_network.h"
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
      // ... while nodes stay visible: at least a quarter of the average spacing 1/sqrt(n).
      CHECK(r >= 0.25 / std::sqrt(double(layout.size())));
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
