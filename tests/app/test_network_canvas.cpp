// The zoomable network canvases' headless decisions (src/app/balance/model_canvas.h), shared by
// the network view and the iterative Sweeps/Pressure tabs: the visible nodes found through the
// heat-grid buckets equal a brute-force scan, the level of detail, link -> edge index for the
// GDE class colours, and which task moves a sweep (or one colour class) of an iterative
// tasks-model result shows, checked against the result's transfers and the replayed loads.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "app/balance/model_canvas.h"
#include "app/balance/model_iterative.h"
#include "app/balance/model_scene.h"
#include "io/kinds/balance.h"
#include "io/scenario.h"
#include "iterative_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;
using testing::first_iterative;
using testing::run_state;

namespace {

CanvasMapping mapping(float zoom, float pan_x, float pan_y) {
  // An 800 x 600 canvas at (100, 50), fit 520 px per layout unit at zoom 1 (as the views do).
  CanvasMapping m;
  m.x0 = 100, m.y0 = 50, m.x1 = 900, m.y1 = 650;
  m.centre_x = 500, m.centre_y = 350;
  m.scale = 520 * zoom, m.pan_x = pan_x, m.pan_y = pan_y;
  return m;
}

}  // namespace

TEST_CASE("NetworkCanvas.VisibleNodes.BucketsEqualABruteForceScan") {
  for (const auto& t : {core::Topology::torus(230, 190), core::Topology::hypercube(15)}) {
    const auto layout = t.layout();
    REQUIRE(layout.size() > kMaxNodeShapes);  // the bucket path
    const HeatGrid g = make_heat_grid(t, layout);
    CHECK(nodes_in(g, {0, g.w - 1, 0, g.h - 1}) == layout.size());
    struct View {
      float zoom, pan_x, pan_y;
    };
    for (const View v :
         {View{1, 0, 0}, View{8, 0, 0}, View{30, 0.31f, -0.2f}, View{60, -0.45f, 0.4f},
          View{5, 0.9f, 0}, View{400, 0.01f, 0.02f}, View{2, 3, 3}}) {
      CAPTURE(v.zoom);
      CAPTURE(v.pan_x);
      const CanvasMapping m = mapping(v.zoom, v.pan_x, v.pan_y);
      const float margin = 4;
      std::set<int> brute, seen;
      for (int u = 0; u < static_cast<int>(layout.size()); ++u)
        if (m.visible(m.to_screen(layout[static_cast<std::size_t>(u)]), margin)) brute.insert(u);
      std::size_t visits = 0;
      for_each_visible_node(layout, g, m, margin, [&](int u, core::Point p) {
        ++visits;
        CHECK(m.visible(p, margin));
        seen.insert(u);
      });
      CHECK(visits == seen.size());  // each node once
      CHECK(seen == brute);
      CHECK(visible_node_bound(layout, g, m, margin) >= seen.size());
      // The bound is what a frame pays: zoomed in it is a small part of the network.
      if (v.zoom >= 30) CHECK(visible_node_bound(layout, g, m, margin) < layout.size() / 20);
    }
  }
}

TEST_CASE("NetworkCanvas.Detail.HeatmapWhenNodesAreCloserThanAFewPixels") {
  CHECK(choose_node_detail(16, 0.5f, true, true) == NodeDetail::Discs);  // small: always shapes
  CHECK(choose_node_detail(kGpuNodes, 1.0f, true, true) == NodeDetail::Discs);
  CHECK(choose_node_detail(1 << 20, 0.6f, true, true) == NodeDetail::Heatmap);
  CHECK(choose_node_detail(1 << 20, kHeatmapSpacingPx, true, true) == NodeDetail::Sprites);
  CHECK(choose_node_detail(1 << 20, 40.0f, true, true) == NodeDetail::Sprites);
  CHECK(choose_node_detail(1 << 20, 0.6f, true, false) ==
        NodeDetail::Sprites);  // no heatmap shader
  CHECK(choose_node_detail(1 << 20, 0.6f, false, false) == NodeDetail::Discs);
  CHECK(links_fit(1000, 4, 10));
  CHECK_FALSE(links_fit(1000, 4, 2));        // links closer than 3 px: grey paint
  CHECK_FALSE(links_fit(kMaxLinks, 4, 10));  // 2 x kMaxLinks links
  CHECK(links_fit(kMaxLinks / 2, 4, 10));
}

TEST_CASE("NetworkCanvas.EdgeIndex.IsTheTopologyEdgesOrder") {
  for (const char* topo :
       {R"({"type":"torus","rows":5,"cols":4})", R"({"type":"mesh","rows":3,"cols":7})",
        R"({"type":"hypercube","dim":5})", R"({"type":"ring","nodes":9})"}) {
    CAPTURE(topo);
    Json sc = Json::parse(
        R"({"loadlab":1,"kind":"balance","seed":1,"loads":{"generator":"uniform","mean":8},
                             "algorithms":["gde"]})");
    sc["topology"] = Json::parse(topo);
    AppState st;
    REQUIRE_FALSE(set_scenario(st, sc, derive_balance_scene).has_value());
    LayoutFacts f;
    CHECK(sync_layout_facts(f, st));
    CHECK_FALSE(sync_layout_facts(f, st));  // unchanged scenario: nothing rebuilt
    const core::Topology& t = *balance_scene(st).topology;
    const auto edges = t.edges();
    for (std::size_t e = 0; e < edges.size(); ++e) {
      CHECK(edge_index(t, f.edge_base, edges[e].a, edges[e].b) == static_cast<std::int64_t>(e));
      CHECK(edge_index(t, f.edge_base, edges[e].b, edges[e].a) == static_cast<std::int64_t>(e));
    }
    for (int a = 0; a < t.size(); ++a)
      for (int b = 0; b < t.size(); ++b)
        if (a != b && !t.has_link(a, b)) CHECK(edge_index(t, f.edge_base, a, b) == -1);
  }
}

TEST_CASE("NetworkCanvas.HeatTexelsBy.MatchesHeatTexelsAndLeavesOutNoValue") {
  const core::Topology t = core::Topology::mesh(6, 9);
  const auto layout = t.layout();
  const HeatGrid g = make_heat_grid(t, layout);
  core::LoadVector loads;
  for (int v = 0; v < t.size(); ++v) loads.push_back((v * 37) % 23);
  std::vector<std::uint8_t> a, b;
  heat_texels(g, loads, 11.0, a);
  heat_texels_by(
      g,
      [&](int v) {
        return load_scale_position(static_cast<double>(loads[static_cast<std::size_t>(v)]), 11.0);
      },
      b);
  CHECK(a == b);
  heat_texels_by(
      g, [&](int v) { return v == 7 ? -1.0f : 0.5f; }, b);
  const auto t7 = static_cast<std::size_t>(g.texel[7]);
  CHECK(b[2 * t7 + 1] == 0);  // no value: an empty texel
  CHECK(b[2 * static_cast<std::size_t>(g.texel[8]) + 1] == 255);
}

namespace {

// The moves shown for sweep k (1-based) and class c, from the result's transfers by an
// independent reading of their step: gde step = (k - 1) * classes + c, others step = k - 1.
void check_sweep_moves(const AppState& st) {
  const core::IterativeResult& r = first_iterative(st);
  REQUIRE(r.model == core::IterativeModel::Tasks);
  REQUIRE_FALSE(r.transfers.empty());
  REQUIRE_FALSE(r.transfers_truncated);
  const bool gde = r.algorithm == "gde";
  const int classes = gde ? r.colouring.colours : 1;
  const IterativeReplay rp =
      replay_iterative(*balance_scene(st).topology, balance_scene(st).loads, st.scenario, r);
  REQUIRE(rp.every_sweep);
  std::size_t seen = 0;
  for (int k = 1; k <= r.sweeps_run; ++k) {
    for (int c = -1; c < (gde ? classes : 0); ++c) {
      CAPTURE(k);
      CAPTURE(c);
      std::set<std::uint32_t> expected;
      std::int64_t moved = 0;
      for (std::size_t i = 0; i < r.transfers.size(); ++i) {
        const int step = r.transfers[i].step;
        const int sweep = step / classes + 1, cls = step % classes;
        if (sweep == k && (c < 0 || cls == c))
          expected.insert(static_cast<std::uint32_t>(i)), moved += r.transfers[i].count;
      }
      const SweepMoves all = sweep_moves(r, k, c, r.transfers.size());
      CHECK(std::set<std::uint32_t>(all.shown.begin(), all.shown.end()) == expected);
      CHECK(all.total == expected.size());
      CHECK(all.moved == moved);
      CHECK_FALSE(all.truncated);
      if (c < 0) {
        seen += all.total;
        // Net of the shown moves = the replayed loads after sweep k minus after sweep k - 1.
        std::vector<double> w = rp.loads[static_cast<std::size_t>(k - 1)];
        for (std::uint32_t i : all.shown) {
          w[static_cast<std::size_t>(r.transfers[i].from)] -=
              static_cast<double>(r.transfers[i].count);
          w[static_cast<std::size_t>(r.transfers[i].to)] +=
              static_cast<double>(r.transfers[i].count);
        }
        CHECK(w == rp.loads[static_cast<std::size_t>(k)]);
      }
      // Capped: the largest, largest first, and none left out is larger than one shown.
      const SweepMoves few = sweep_moves(r, k, c, 3);
      CHECK(few.total == expected.size());
      CHECK(few.shown.size() == std::min<std::size_t>(3, expected.size()));
      for (std::size_t j = 1; j < few.shown.size(); ++j)
        CHECK(r.transfers[few.shown[j - 1]].count >= r.transfers[few.shown[j]].count);
      for (std::uint32_t i : expected)
        if (std::find(few.shown.begin(), few.shown.end(), i) == few.shown.end() &&
            !few.shown.empty())
          CHECK(r.transfers[i].count <= r.transfers[few.shown.back()].count);
    }
  }
  CHECK(seen == r.transfers.size());        // every move belongs to exactly one shown sweep
  CHECK(sweep_moves(r, 0, -1).total == 0);  // the initial loads: nothing moved yet
}

}  // namespace

TEST_CASE("NetworkCanvas.SweepMoves.AreTheShownSweepsTransfers") {
  SUBCASE("gde, tasks model, 6 x 6 torus (class steps)") {
    check_sweep_moves(run_state(Json::parse(R"json({"loadlab":1,"kind":"balance","seed":3,
        "topology":{"type":"torus","rows":6,"cols":6},"loads":{"generator":"uniform","mean":40},
        "algorithms":["gde"],"params":{"gde":{"model":"tasks","max_sweeps":15}}})json")));
  }
  SUBCASE("gde, tasks model, odd torus (an extra class)") {
    check_sweep_moves(run_state(Json::parse(R"json({"loadlab":1,"kind":"balance","seed":4,
        "topology":{"type":"torus","rows":5,"cols":4},
        "loads":[90,0,3,47,12,88,5,61,0,0,77,34,9,100,2,56,71,18,40,6],
        "algorithms":["gde"],"params":{"gde":{"lambda":0.5,"model":"tasks","max_sweeps":12,"stop":{"max_minus_min":0}}}})json")));
  }
  SUBCASE("diffusion, tasks model, mesh") {
    check_sweep_moves(run_state(Json::parse(R"json({"loadlab":1,"kind":"balance","seed":5,
        "topology":{"type":"mesh","rows":5,"cols":5},"loads":{"generator":"uniform","mean":60},
        "algorithms":["diffusion"],"params":{"diffusion":{"model":"tasks","max_sweeps":10}}})json")));
  }
}

TEST_CASE("NetworkCanvas.SweepMoves.RealModelHasNone") {
  Json sc = Json::parse(
      R"json({"loadlab":1,"kind":"balance","seed":3,"topology":{"type":"torus","rows":4,"cols":4},
      "loads":{"generator":"uniform","mean":40},"algorithms":["gde"]})json");
  const AppState st = run_state(sc);
  const SweepMoves m = sweep_moves(first_iterative(st), 1, -1);
  CHECK(m.total == 0);
  CHECK(m.shown.empty());
}
