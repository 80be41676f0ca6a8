// The partition and os views' headless models (src/app/partition/model_*.cpp,
// src/app/os/model_*.cpp): what they draw is read from the typed results, and the numbers they
// derive (cut edges, the level-of-detail raster, per-job bars, the job alone on the machine) match
// hand calculations.
#include <doctest/doctest.h>

#include <set>

#include "app/model/app_state.h"
#include "app/os/model_view.h"
#include "app/partition/model_import.h"
#include "app/partition/model_view.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

void kinds2_model_run(AppState& s, const Json& doc) {
  testing::run_in_state(s, doc);
}

}  // namespace

TEST_CASE("PartitionView.CutEdgesOfAHandMadePartition") {
  // Path 0-1-2-3 plus chord 0-2; parts {0,1} | {2,3}: edges 1-2 and 0-2 cross.
  const std::vector<core::MeshEdge> edges = {{0, 1}, {1, 2}, {2, 3}, {0, 2}};
  CHECK(partition_cut_edges(edges, {0, 0, 1, 1}) == std::vector<std::int64_t>{1, 3});
  CHECK(partition_cut_edges(edges, {2, 2, 2, 2}).empty());
}

TEST_CASE("PartitionView.StripsOfA4x8GridCutOneColumnOfEdges") {
  // 1 x 2 strips of a 4 x 8 grid (cut across the longer x axis): columns 0-3 against 4-7, the 4
  // horizontal edges between columns 3 and 4 cut.
  AppState s;
  kinds2_model_run(
      s,
      Json::parse(
          R"({"loadlab": 1, "kind": "partition", "mesh": {"generator": "grid", "rows": 4, "cols": 8},
                          "parts": 2, "algorithms": ["strips_1xp"]})"));
  const PartitionViewModel m = partition_view_model(s);
  REQUIRE(m.mesh);
  CHECK(m.edges.size() == 52);  // 4 * 7 horizontal + 8 * 3 vertical
  REQUIRE(m.methods.size() == 1);
  const auto& d = m.methods[0];
  CHECK(d.verified);
  CHECK(d.cut.size() == 4);
  CHECK(d.metrics().edge_cut == 4);
  REQUIRE(d.part_graph.size() == 1);
  CHECK(d.part_graph[0].cut == 4);
  CHECK_FALSE(m.synthetic_layout);
  CHECK(m.x0 == 0.0f);
  CHECK(m.x1 == 7.0f);

  // The raster: 8 cells across x in [0, 7] (one per column), one row. Columns 3 and 4 hold the
  // vertices with a cut edge.
  const PartRaster r = rasterize_parts(m, d.part(), 0, 0, 7, 3, 8, 1);
  REQUIRE(r.cell.size() == 8);
  CHECK(r.cell[0] == d.part()[0]);
  CHECK(r.cell[7] == d.part()[7]);
  CHECK(r.cell[0] != r.cell[7]);
  CHECK(r.boundary == std::vector<std::uint8_t>{0, 0, 0, 1, 1, 0, 0, 0});
}

TEST_CASE("PartitionView.PartColoursAreDistinctAndOpaque") {
  std::set<std::uint32_t> seen;
  for (int p = 0; p < 64; ++p) {
    const std::uint32_t c = part_colour(p);
    CHECK((c >> 24) == 0xFFu);
    seen.insert(c);
  }
  CHECK(seen.size() == 64);
}

TEST_CASE("PartitionView.ImportsAMetisGraphInline") {
  // A 4-cycle in METIS format (1-based neighbours).
  const std::string text = "% a square\n4 4\n2 4\n1 3\n2 4\n1 3\n";
  auto doc = wrap_mesh_file_as_scenario("dir/square.GRAPH", text);
  REQUIRE(doc);
  CHECK((*doc)["kind"] == "partition");
  CHECK((*doc)["mesh"]["vertices"] == 4);
  CHECK((*doc)["mesh"]["edges"].size() == 4);
  AppState s;
  (*doc)["parts"] = 2;
  (*doc)["algorithms"] = Json::array({"cm"});
  kinds2_model_run(s, *doc);
  const PartitionViewModel m = partition_view_model(s);
  CHECK(m.synthetic_layout);  // no coordinates in a .graph
  REQUIRE(m.methods.size() == 1);
  CHECK(m.methods[0].verified);
  CHECK(m.methods[0].cut.size() ==
        2);  // CM cuts its order into two paths of 2: 2 cycle edges cross
  CHECK_FALSE(wrap_mesh_file_as_scenario("a.json", "{}"));
  CHECK_THROWS_AS(wrap_mesh_file_as_scenario("bad.graph", "3 1\n2\n"), io::ScenarioError);
}

TEST_CASE("OsView.OneLinearJobAloneFinishesAtWorkOverP") {
  // docs/scenario-os.md: a linear-speedup job alone with d = P threads finishes at work / P.
  AppState s;
  kinds2_model_run(s, Json::parse(R"({"loadlab": 1, "kind": "os", "processors": 4,
                          "jobs": [{"arrival": 0, "work": 8, "threads": 4}],
                          "algorithms": ["central_queue", "static_partition"]})"));
  const OsViewModel m = os_view_model(s);
  CHECK(m.processors == 4);
  REQUIRE(m.alone.size() == 1);
  CHECK(m.alone[0] == doctest::Approx(2.0));
  REQUIRE(m.policies.size() == 2);
  for (const auto& p : m.policies) {
    CHECK(p.verified);
    REQUIRE(p.run().response.size() == 1);
    CHECK(p.run().response[0] == doctest::Approx(2.0));
    // The chart: every bar on a processor row, compute only (no costs), summing to the work.
    double compute = 0;
    for (const auto& b : os_chart_bars(*p.result)) {
      CHECK(b.row >= 0);
      CHECK(b.row < 4);
      CHECK(b.job == 0);
      CHECK(b.kind == "compute");
      CHECK(b.colour == os_job_colour(0));
      compute += b.end - b.start;
    }
    CHECK(compute == doctest::Approx(8.0));
  }
}

TEST_CASE("OsView.OverheadBandsDrawnAfterComputeAndLostTimeItemsSumToTotal") {
  AppState s;
  kinds2_model_run(s, Json::parse(R"({"loadlab": 1, "kind": "os", "processors": 2,
                          "jobs": [{"arrival": 0, "work": 4, "threads": 2}, {"arrival": 0, "work": 4, "threads": 2}],
                          "costs": {"context_switch": 0.1},
                          "algorithms": ["central_queue"], "params": {"central_queue": {"quantum": 0.5}}})"));
  const OsViewModel m = os_view_model(s);
  REQUIRE(m.policies.size() == 1);
  const auto bars = os_chart_bars(*m.policies[0].result);
  bool seen_overhead = false, switch_seen = false;
  for (const auto& b : bars) {
    if (b.kind != "compute")
      seen_overhead = true;
    else
      CHECK_FALSE(seen_overhead);  // compute bars first, the thin bands over them
    if (b.kind == "context_switch") {
      switch_seen = true;
      CHECK(b.y1 <= 0.3f);
    }
  }
  CHECK(switch_seen);  // two jobs time-sharing two processors must switch
  double sum = 0;
  for (const auto& it : os_lost_items(m.policies[0].run().lost)) sum += it.value;
  CHECK(sum == doctest::Approx(m.policies[0].run().lost.total()));
}
