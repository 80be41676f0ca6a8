// The partition view's layout for meshes without coordinates (src/app/partition/model_layout.cpp):
// computed on a BackgroundJob, applied to the view model when it arrives (exactly the core layout's
// positions), cached per graph so a rebuilt model of the same graph starts no second job, never
// started when the mesh has coordinates, and superseded when another graph is opened. The drawing
// shows the graph's shape: on a grid without coordinates, neighbours are drawn much closer together
// than random pairs of vertices.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "app/model/app_state.h"
#include "app/partition/model_layout.h"
#include "app/partition/model_view.h"
#include "core/partition/layout.h"
#include "core/util/rng.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

// A rows x cols grid given as an inline edge list, without coordinates; vertex ids shuffled so
// index order says nothing about the geometry.
Json shuffled_grid_scenario(int rows, int cols, std::uint64_t seed) {
  const int n = rows * cols;
  std::vector<int> id(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) id[static_cast<std::size_t>(v)] = v;
  util::Rng rng(seed);
  rng.shuffle(id.data(), id.size());
  Json edges = Json::array();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = id[static_cast<std::size_t>(r * cols + c)];
      if (c + 1 < cols) edges.push_back({v, id[static_cast<std::size_t>(r * cols + c + 1)]});
      if (r + 1 < rows) edges.push_back({v, id[static_cast<std::size_t>((r + 1) * cols + c)]});
    }
  return {{"loadlab", 1},
          {"kind", "partition"},
          {"mesh", {{"vertices", n}, {"edges", edges}}},
          {"parts", 2},
          {"algorithms", {"cm"}}};
}

// Calls update every millisecond until it reports a change (at most ~60 s).
bool update_until_applied(GraphLayoutCache& cache, PartitionViewModel& m) {
  for (int i = 0; i < 60000; ++i) {
    if (cache.update(m)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

double distance(const PartitionViewModel& m, int a, int b) {
  const auto x = [&](int v, int k) {
    return static_cast<double>(m.xy[2 * static_cast<std::size_t>(v) + k]);
  };
  return std::hypot(x(a, 0) - x(b, 0), x(a, 1) - x(b, 1));
}

}  // namespace

TEST_CASE("PartitionLayoutJob.GridWithoutCoordinatesIsDrawnWithItsLayoutOnce") {
  AppState s;
  testing::run_in_state(s, shuffled_grid_scenario(30, 40, 7));
  PartitionViewModel m = partition_view_model(s);
  REQUIRE(m.mesh);
  CHECK(m.synthetic_layout);
  CHECK_FALSE(m.graph_layout);
  CHECK(m.graph_hash == core::mesh_graph_hash(*m.mesh));
  GraphLayoutCache cache;
  CHECK_FALSE(cache.update(m));  // started, not there yet
  CHECK(cache.jobs_started() == 1);
  REQUIRE(update_until_applied(cache, m));
  CHECK(m.graph_layout);
  CHECK_FALSE(m.synthetic_layout);
  // Exactly the core layout's positions (as floats).
  const std::vector<double> core_xy = core::compute_mesh_layout(*m.mesh);
  REQUIRE(core_xy.size() == m.xy.size());
  bool same = true;
  for (std::size_t i = 0; i < core_xy.size(); ++i)
    same = same && m.xy[i] == static_cast<float>(core_xy[i]);
  CHECK(same);
  // The shape shows: a mesh edge is drawn far shorter than the distance between random vertices
  // (in index order, the shuffled ids would put neighbours as far apart as random pairs).
  double edge_sum = 0;
  for (const auto& e : m.edges) edge_sum += distance(m, e.a, e.b);
  const double mean_edge = edge_sum / static_cast<double>(m.edges.size());
  util::Rng rng(3);
  double pair_sum = 0;
  for (int k = 0; k < 2000; ++k)
    pair_sum += distance(m, static_cast<int>(rng.below(1200)), static_cast<int>(rng.below(1200)));
  CHECK(mean_edge * 8 < pair_sum / 2000);
  CHECK(m.x1 > m.x0);
  CHECK(m.y1 > m.y0);
  CHECK(m.edge_length > 0);

  // A rebuilt model of the same graph (e.g. after a re-run) gets the cached layout at once.
  PartitionViewModel again = partition_view_model(s);
  CHECK(again.synthetic_layout);
  CHECK(cache.update(again));
  CHECK(again.graph_layout);
  CHECK(again.xy == m.xy);
  CHECK(cache.jobs_started() == 1);
  CHECK(cache.cached() == 1);
}

TEST_CASE("PartitionLayoutJob.CoordinatesWinAndNoJobStarts") {
  AppState s;
  testing::run_in_state(s, Json{{"loadlab", 1},
                                {"kind", "partition"},
                                {"mesh", {{"generator", "grid"}, {"rows", 8}, {"cols", 8}}},
                                {"parts", 2},
                                {"algorithms", {"orb_i"}}});
  PartitionViewModel m = partition_view_model(s);
  const std::vector<float> own = m.xy;
  GraphLayoutCache cache;
  for (int i = 0; i < 5; ++i) CHECK_FALSE(cache.update(m));
  CHECK(cache.jobs_started() == 0);
  CHECK_FALSE(cache.running());
  CHECK(m.xy == own);
  CHECK_FALSE(m.graph_layout);
  CHECK(m.graph_hash == 0);
}

TEST_CASE("PartitionLayoutJob.AnotherGraphSupersedesTheRunningLayout") {
  AppState a, b;
  testing::run_in_state(a, shuffled_grid_scenario(60, 60, 1));
  testing::run_in_state(b, shuffled_grid_scenario(5, 7, 2));
  PartitionViewModel ma = partition_view_model(a), mb = partition_view_model(b);
  REQUIRE(ma.graph_hash != mb.graph_hash);
  GraphLayoutCache cache;
  CHECK_FALSE(cache.update(ma));
  // The user opens another graph before the first layout is done: that one is laid out.
  REQUIRE(update_until_applied(cache, mb));
  CHECK(mb.graph_layout);
  CHECK(mb.xy.size() == 2u * 35u);
  CHECK(cache.jobs_started() == 2);
  CHECK(cache.find(mb.graph_hash) != nullptr);
}

TEST_CASE("PartitionLayoutJob.MismatchedLayoutIsIgnored") {
  AppState s;
  testing::run_in_state(s, shuffled_grid_scenario(3, 3, 1));
  PartitionViewModel m = partition_view_model(s);
  const std::vector<float> before = m.xy;
  CHECK_FALSE(apply_graph_layout(m, std::vector<double>(4, 0.0)));
  CHECK(m.xy == before);
  CHECK_FALSE(m.graph_layout);
}
