// The "partition" scenario kind: bad input names the field; the
// Walshaw meshes read as the data README describes them; a grid scenario reports the known cut and
// objective (2).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "expect_error.h"
#include "io/kinds/partition.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/scenario.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab::io;

namespace {

const std::filesystem::path kWalshaw =
    std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "walshaw";

const char* kGrid = R"({"loadlab": 1, "kind": "partition", "seed": 3,
  "mesh": {"generator": "grid", "rows": 64, "cols": 64}, "parts": 4,
  "topology": {"type": "hypercube", "dim": 2},
  "algorithms": ["strips_1xp", "strips_pxq", "orb_kl", "cm"]})";

ScenarioError partition_error_for(const std::string& patch, const RunContext& ctx = RunContext{}) {
  return testing::patched_error(kGrid, patch, ctx);
}

std::string partition_scenario_slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("PartitionScenario.BadInput.NamesTheField") {
  struct Case {
    const char* patch;
    const char* pointer;
  };
  const Case cases[] = {
      {R"({"parts": 0})", "/parts"},
      {R"({"parts": 5000})", "/parts"},
      {R"({"parts": null})", "/parts"},
      {R"({"mesh": {"rows": 5000, "cols": 5000}})", "/mesh/cols"},
      {R"({"mesh": {"depth": 1000}})", "/mesh/depth"},
      {R"({"mesh": {"generator": "sphere"}})", "/mesh/generator"},
      {R"({"mesh": {"colz": 3}})", "/mesh/colz"},
      {R"({"mesh": {"weights": "heavy"}})", "/mesh/weights"},
      {R"({"mesh": {"generator": null, "rows": null, "cols": null, "vertices": 3, "edges": [[0, 1], [1, 3]]}})",
       "/mesh/edges/1/1"},
      {R"({"mesh": {"generator": null, "rows": null, "cols": null, "vertices": 3, "edges": [[0, 1], [1, 1]]}})",
       "/mesh/edges/1"},
      {R"({"mesh": {"generator": null, "rows": null, "cols": null, "vertices": 2, "edges": [[0, 1]],
           "coordinates": [[0, 0]]}})",
       "/mesh/coordinates"},
      {R"({"mesh": {"generator": null, "rows": null, "cols": null, "file": "no-such.graph"}})",
       "/mesh/file"},
      {R"({"topology": {"type": "hypercube", "dim": 3}})", "/topology"},
      {R"({"params": {"orb_kl": {"sweeps": 3}}})", "/params/orb_kl/sweeps"},
      {R"({"params": {"orb_kl": {"imbalance": 2}}})", "/params/orb_kl/imbalance"},
      {R"({"params": {"sa": {"initial": "sa"}}})", "/params/sa/initial"},
      {R"({"algorithms": ["orb_ann"]})", "/algorithms/0"},
      {R"({"surprise": 1})", "/surprise"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.patch);
    CHECK(partition_error_for(c.patch).pointer() == c.pointer);
  }
}

TEST_CASE("PartitionScenario.Geometric.ByNameOnAGraphWithoutCoordinatesUsesTheLayout") {
  RunContext ctx;
  ctx.base_dir = kWalshaw;
  const Json s = Json::parse(R"({"loadlab": 1, "kind": "partition", "mesh": {"file": "3elt.graph"},
    "parts": 4, "algorithms": ["cm", "orb_m"]})");
  const ScenarioPtr sc = parse_scenario(s, ctx);
  const auto results = run_parsed(*sc, ctx);
  REQUIRE(results.size() == 2);
  const auto* orb_m = dynamic_cast<const PartitionResult*>(results[1].get());
  REQUIRE(orb_m);
  CHECK(orb_m->verified);
  CHECK(orb_m->coordinates == "layout");
  // On the layout ORB-M's cut is that of a geometric method, far below Cuthill–McKee's order.
  const auto* cm = dynamic_cast<const PartitionResult*>(results[0].get());
  REQUIRE(cm);
  CHECK(orb_m->metrics.edge_cut < cm->metrics.edge_cut);
}

TEST_CASE("PartitionScenario.Walshaw.FilesReadWithTheirPublishedSizes") {
  // Sizes from ../shared/data/README.md.
  struct Case {
    const char* file;
    int n;
    std::int64_t m;
  };
  for (const Case& c : {Case{"3elt.graph", 4720, 13722}, Case{"data.graph", 2851, 15093},
                        Case{"crack.graph", 10240, 30380}, Case{"whitaker3.graph", 9800, 28989}}) {
    CAPTURE(c.file);
    const loadlab::core::Mesh m = read_metis_graph(partition_scenario_slurp(kWalshaw / c.file));
    CHECK(m.size() == c.n);
    CHECK(m.edge_count() == c.m);
    CHECK_FALSE(m.has_coordinates());
  }
}

TEST_CASE("PartitionScenario.GraphFormat.MalformedFilesGiveTheLine") {
  CHECK_THROWS_WITH(read_metis_graph("3 2\n2\n1 3\n"),
                    doctest::Contains("missing the line of vertex 3"));
  CHECK_THROWS_WITH(read_metis_graph("3 2\n2\n1 4\n2\n"), doctest::Contains("line 3"));
  CHECK_THROWS_WITH(read_metis_graph("3 2\n2\n1\n2\n"), doctest::Contains("expected 2 × m"));
  CHECK_THROWS_WITH(read_metis_graph("3 2\n2 3\n3\n2\n"), doctest::Contains("not symmetric"));
  CHECK_THROWS_WITH(read_metis_graph("99999999 2\n"), doctest::Contains("vertex count"));
  CHECK_THROWS_WITH(read_metis_graph("2 1 1\n2 5\n1 5\n"), doctest::Contains("fmt"));
  // Comments, vertex weights and a 2-D coordinate file with a zero third column.
  loadlab::core::Mesh m = read_metis_graph("% a path\n3 2 10\n5 2\n1 1 3\n2 2\n");
  CHECK(m.edge_count() == 2);
  CHECK(m.weight(0) == 5);
  read_xyz_coordinates("0 0 0\n1 0 0\n2 0 0\n", m);
  CHECK(m.dim() == 2);
  CHECK(m.coord(2, 0) == 2.0);
  CHECK_THROWS_WITH(read_xyz_coordinates("0 0\n1 0\n", m),
                    doctest::Contains("coordinates for 2 vertices"));
}

TEST_CASE("PartitionScenario.Grid.KnownCutsAndObjective2") {
  const ScenarioPtr sc = parse_scenario(Json::parse(kGrid), RunContext{});
  const Json doc = results_document(*sc, run_parsed(*sc, RunContext{}));
  REQUIRE(doc["results"].size() == 4);
  for (const Json& r : doc["results"]) {
    CAPTURE(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
    CHECK(r["part"].size() == 64 * 64);
    for (const char* key :
         {"edge_cut", "imbalance", "communication_volume", "boundary_vertices",
          "max_neighbour_parts", "disconnected_parts", "objective_2", "time_ms", "mapping"})
      CHECK(r.contains(key));
  }
  const Json& strips = doc["results"][0];
  CHECK(strips["edge_cut"] == 3 * 64);
  // Strips are a path of parts; a 2-cube (4-cycle) holds a path with every neighbour one hop away,
  // so the best map costs 192 hops and objective (2) is 1024 + 2 · 64 for a middle strip.
  CHECK(strips["hop_weighted_cut"] == 192);
  CHECK(strips["objective_2"] == 1024 + 128);
  CHECK(doc["results"][1]["edge_cut"] == 2 * 64);
}

TEST_CASE("PartitionScenario.Walshaw.GraphMethodsRunOnARealMesh") {
  RunContext ctx;
  ctx.base_dir = kWalshaw;
  Json s = Json::parse(R"({"loadlab": 1, "kind": "partition", "mesh": {"file": "3elt.graph"},
    "parts": 8, "topology": {"type": "ring", "nodes": 8}, "algorithms": ["cm", "orb_e", "ggp"]})");
  const ScenarioPtr sc = parse_scenario(s, ctx);
  for (const auto& r : run_parsed(*sc, ctx)) {
    CAPTURE(r->algorithm);
    CHECK(r->verified);
  }
  // Without "algorithms", the geometric methods run too, on the computed layout, and say so.
  s.erase("algorithms");
  const ScenarioPtr all = parse_scenario(s, ctx);
  const auto* parsed = dynamic_cast<const PartitionScenario*>(all.get());
  REQUIRE(parsed);
  CHECK(std::find(parsed->algorithms.begin(), parsed->algorithms.end(), "strips_1xp") !=
        parsed->algorithms.end());
  const auto strips = run_partition_algorithm(*parsed, "orb_i");
  CHECK(strips->verified);
  CHECK(strips->coordinates == "layout");
  CHECK(strips->to_json()["coordinates"] == "layout");
  CHECK(run_partition_algorithm(*parsed, "cm")->coordinates.empty());
}

TEST_CASE("PartitionScenario.Multilevel.ParamsAreReadAndChecked") {
  const Json s = Json::parse(R"({"loadlab": 1, "kind": "partition", "seed": 4,
    "mesh": {"generator": "random_points", "points": 2000}, "parts": 8, "algorithms": ["multilevel"],
    "params": {"multilevel": {"imbalance": 0.01, "passes": 4}}})");
  const ScenarioPtr sc = parse_scenario(s, RunContext{});
  const auto results = run_parsed(*sc, RunContext{});
  REQUIRE(results.size() == 1);
  const auto* r = dynamic_cast<const PartitionResult*>(results[0].get());
  REQUIRE(r);
  CHECK(r->verified);
  CHECK(r->metrics.imbalance <= 1.01 + 1e-12);
  CHECK(partition_error_for(
            R"({"algorithms": ["multilevel"], "params": {"multilevel": {"sweeps": 3}}})")
            .pointer() == "/params/multilevel/sweeps");
}
