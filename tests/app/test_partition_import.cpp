// File > Import of a Chaco coordinates file (.xyz) onto the current imported mesh graph
// (src/app/partition/model_import.cpp, through the opener's worker path): the coordinates land in
// the scenario, the geometric methods then run, and every mismatch is refused with the file's name
// (and the line) in the message.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "app/model/scenario_opener.h"
#include "app/partition/model_import.h"
#include "app/partition/model_view.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

// A 2 x 4 grid in METIS format: vertex (r, c) = 4r + c + 1 (1-based), neighbours
// right/left/up/down.
const char* kGrid2x4 =
    "8 10\n"
    "2 5\n1 3 6\n2 4 7\n3 8\n"
    "1 6\n2 5 7\n3 6 8\n4 7\n";

std::string grid_xyz() {
  std::string s;
  for (int v = 0; v < 8; ++v) s += std::to_string(v % 4) + " " + std::to_string(v / 4) + " 0\n";
  return s;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const io::ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("PartitionImport.XyzAttachesCoordinatesToTheImportedGraph") {
  auto graph = wrap_mesh_file_as_scenario("grid.graph", kGrid2x4);
  REQUIRE(graph);
  CHECK(is_coordinates_file("dir/Grid.XYZ"));
  CHECK_FALSE(is_coordinates_file("grid.graph"));
  const Json doc = attach_coordinates_file(*graph, "dir/grid.xyz", grid_xyz());
  REQUIRE(doc["mesh"]["coordinates"].size() == 8);
  // An all-zero third column gives 2-D coordinates.
  CHECK(doc["mesh"]["coordinates"][5] == Json::array({1.0, 1.0}));
  const auto algs = doc["algorithms"].get<std::vector<std::string>>();
  for (const char* a : {"orb_i", "strips_pxq", "orb_kl", "orb_e", "cm"})
    CHECK(std::count(algs.begin(), algs.end(), std::string(a)) == 1);
  CHECK(doc["name"].get<std::string>().find("grid.xyz") != std::string::npos);
  // The geometric methods now run: a 2 x 4 grid cut across its long side crosses 2 edges.
  Json run_doc = doc;
  run_doc["parts"] = 2;
  run_doc["algorithms"] = Json::array({"orb_i", "strips_1xp"});
  AppState s;
  testing::run_in_state(s, run_doc);
  const PartitionViewModel m = partition_view_model(s);
  CHECK_FALSE(m.synthetic_layout);
  REQUIRE(m.methods.size() == 2);
  for (const auto& d : m.methods) {
    CHECK(d.verified);
    CHECK(d.metrics().edge_cut == 2);
  }
}

TEST_CASE("PartitionImport.XyzMismatchesNameTheFileAndLine") {
  auto graph = wrap_mesh_file_as_scenario("grid.graph", kGrid2x4);
  REQUIRE(graph);
  // One line short: the counts are named.
  std::string short_xyz = grid_xyz();
  short_xyz.erase(short_xyz.rfind("3 1 0\n"));
  std::string e = error_of([&] { attach_coordinates_file(*graph, "grid.xyz", short_xyz); });
  CHECK(e.find("grid.xyz") != std::string::npos);
  CHECK(e.find("coordinates for 7 vertices") != std::string::npos);
  CHECK(e.find("8") != std::string::npos);
  // A bad number on line 3.
  e = error_of([&] { attach_coordinates_file(*graph, "grid.xyz", "0 0\n1 0\n2 zero\n"); });
  CHECK(e.find("grid.xyz: line 3") != std::string::npos);
  // A line with one number (line 2).
  e = error_of([&] { attach_coordinates_file(*graph, "grid.xyz", "0 0\n1\n"); });
  CHECK(e.find("grid.xyz: line 2") != std::string::npos);
  // Nothing to attach to: a generator mesh, or not a partition scenario at all.
  const Json grid = Json::parse(
      R"({"loadlab": 1, "kind": "partition", "mesh": {"generator": "grid", "rows": 2, "cols": 4}, "parts": 2})");
  e = error_of([&] { attach_coordinates_file(grid, "grid.xyz", grid_xyz()); });
  CHECK(e.find("grid.xyz") != std::string::npos);
  CHECK(e.find(".graph") != std::string::npos);
  CHECK_THROWS_AS(attach_coordinates_file(Json::object(), "grid.xyz", grid_xyz()),
                  io::ScenarioError);
}

TEST_CASE("PartitionImport.TheOpenerAttachesXyzOnItsWorkerPath") {
  auto graph = wrap_mesh_file_as_scenario("grid.graph", kGrid2x4);
  REQUIRE(graph);
  JobControl none;
  // The importer the partition kind hands the opener (partition/module.cpp).
  const std::vector<FileImporter> importers = {
      {wrap_mesh_file_as_scenario, is_coordinates_file, attach_coordinates_file}};
  OpenOutcome ok = open_scenario_work(*graph, grid_xyz(), "grid.xyz", none, importers);
  CHECK(ok.error.empty());
  REQUIRE(ok.parsed);
  const auto* sc = dynamic_cast<const io::PartitionScenario*>(ok.parsed.get());
  REQUIRE(sc);
  CHECK(sc->mesh->dim() == 2);
  CHECK(sc->mesh->coord(6, 0) == 2.0);
  CHECK(sc->mesh->coord(6, 1) == 1.0);
  OpenOutcome bad = open_scenario_work(*graph, "0 0\n", "grid.xyz", none, importers);
  CHECK_FALSE(bad.parsed);
  CHECK(bad.error.find("grid.xyz") != std::string::npos);
}

TEST_CASE("PartitionImport.WalshawMeshWithCoordinates") {
  // A real mesh of the Walshaw archive (../shared/data/walshaw/3elt.graph, 4720 vertices). The
  // archive copy has no .xyz, so the coordinates are made up here: the count must match exactly.
  std::ifstream in(std::string(LOADLAB_SHARED_DIR) + "/data/walshaw/3elt.graph");
  if (!in) return;  // shared data not present on this machine
  std::stringstream ss;
  ss << in.rdbuf();
  auto graph = wrap_mesh_file_as_scenario("3elt.graph", ss.str());
  REQUIRE(graph);
  std::string xyz;
  for (int v = 0; v < 4720; ++v)
    xyz += std::to_string(v % 80) + " " + std::to_string(v / 80) + "\n";
  const Json doc = attach_coordinates_file(*graph, "3elt.xyz", xyz);
  CHECK(doc["mesh"]["coordinates"].size() == 4720);
  const std::string e =
      error_of([&] { attach_coordinates_file(*graph, "3elt.xyz", xyz + "1 1\n"); });
  CHECK(e.find("3elt.xyz: line 4721: more coordinate lines than the 4720 vertices") !=
        std::string::npos);
}
