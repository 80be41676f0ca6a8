// The overview drawing of big task graphs (src/app/dag/model_overview.h): stretched layers, tasks
// binned per layer, edges bundled per pair of bins. Expected values are counted by hand from the
// fork-join graph's shape (docs/scenario-dag.md: 1 + stages(width + 1) tasks; fork -> width tasks
// -> join per stage), not read from our output.
#include <doctest/doctest.h>

#include <cmath>

#include "app/dag/model_graph.h"
#include "app/dag/model_overview.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

namespace {

std::shared_ptr<app::DagModel> fork_join_model(int width, int stages) {
  const io::ScenarioPtr sc = io::parse_scenario(
      Json{{"loadlab", 1},
           {"kind", "dag"},
           {"seed", 1},
           {"processors", 4},
           {"graph", {{"generator", "fork_join"}, {"width", width}, {"stages", stages}}},
           {"algorithms", {"flb"}}},
      io::RunContext{});
  auto m = app::build_dag_model(sc, 1);
  REQUIRE(m->error.empty());
  return m;
}

}  // namespace

TEST_CASE("DagOverview.ForkJoinOf600WideBinsAndBundlesAsCountedByHand") {
  // Layers: fork, 600 workers, join, 600 workers, join. 480 bins over 600 slots: slot i lands in
  // bin floor((i + 0.5) / 600 * 480), so every bin is occupied and 600 - 480 = 120 bins hold two.
  const auto m = fork_join_model(600, 2);
  REQUIRE(m->graph.size() == 1 + 2 * 601);
  REQUIRE(m->overview);  // >= kOverviewTasks tasks
  const app::DagOverview& ov = *m->overview;
  CHECK(ov.columns == app::kOverviewColumns);
  REQUIRE(ov.columns == 480);
  CHECK(ov.width == doctest::Approx(600));
  REQUIRE(ov.bins.size() == 5);
  for (int l : {1, 3}) {
    int two = 0, one = 0;
    for (auto c : ov.bins[static_cast<std::size_t>(l)]) two += c == 2, one += c == 1;
    CHECK(one == 360);
    CHECK(two == 120);
  }
  for (int l : {0, 2, 4}) {
    std::uint32_t total = 0;
    for (auto c : ov.bins[static_cast<std::size_t>(l)]) total += c;
    CHECK(total == 1);
    CHECK(ov.bins[static_cast<std::size_t>(l)][240] == 1);  // a single task sits in the middle
  }
  CHECK(ov.max_bin == 2);
  // Workers are named W<stage>_<i>: up to the first '_' less trailing digits, the stem is "W".
  CHECK(ov.labels[0] == "fork x 1 task");
  CHECK(ov.labels[1] == "W x 600 tasks");
  CHECK(ov.labels[2] == "join x 1 task");
  // The one-task layers are centred; a worker layer spans the whole width.
  CHECK(ov.x[static_cast<std::size_t>(m->layer_tasks[0][0])] == doctest::Approx(0));
  CHECK(ov.x[static_cast<std::size_t>(m->layer_tasks[1].front())] == doctest::Approx(-299.5));
  CHECK(ov.x[static_cast<std::size_t>(m->layer_tasks[1].back())] == doctest::Approx(299.5));
  // Edges join 120 edge bins: slot i lands in floor((i + 0.5) / 5), five workers each. Four layer
  // pairs, each with one bundle per worker edge bin: 4 x 120 bundles of 5 edges, 4 x 600 edges.
  REQUIRE(ov.edge_columns == 120);
  CHECK(ov.bundles.size() == 4 * 120);
  std::int64_t edges = 0;
  for (const auto& b : ov.bundles) {
    edges += b.edges;
    CHECK(b.to_layer == b.from_layer + 1);
    CHECK((b.from_layer % 2 == 0 ? b.from_bin : b.to_bin) == 60);  // fork / join end in the middle
    CHECK(b.edges == 5);
  }
  CHECK(edges == m->graph.edge_count());
  CHECK(edges == 4 * 600);
  CHECK(ov.max_bundle == 5);
  CHECK(ov.dropped_edges == 0);
  // Heaviest first.
  for (std::size_t i = 1; i < ov.bundles.size(); ++i)
    CHECK(ov.bundles[i - 1].edges >= ov.bundles[i].edges);
}

TEST_CASE("DagOverview.CappedBundlesKeepTheHeaviestAndCountTheRest") {
  const auto m = fork_join_model(600, 2);
  // With 480 edge bins (as many as the mark bins) 4 x 120 bundles carry two edges and the rest
  // one: the 100 kept are all of two.
  const app::DagOverview ov = app::build_dag_overview(*m, 480, 480, 100);
  REQUIRE(ov.bundles.size() == 100);
  for (const auto& b : ov.bundles) CHECK(b.edges == 2);
  CHECK(ov.dropped_edges == 2400 - 200);
  // Deterministic: the same model gives the same overview.
  const app::DagOverview again = app::build_dag_overview(*m, 480, 480, 100);
  REQUIRE(again.bundles.size() == ov.bundles.size());
  for (std::size_t i = 0; i < ov.bundles.size(); ++i) {
    CHECK(again.bundles[i].from_layer == ov.bundles[i].from_layer);
    CHECK(again.bundles[i].from_bin == ov.bundles[i].from_bin);
    CHECK(again.bundles[i].to_bin == ov.bundles[i].to_bin);
  }
}

TEST_CASE("DagOverview.SmallGraphsHaveNone") {
  const auto m = fork_join_model(10, 3);  // 34 tasks: drawn task by task
  CHECK_FALSE(m->overview);
}
