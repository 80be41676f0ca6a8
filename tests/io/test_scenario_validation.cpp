// Every class of bad scenario input is refused with a message that names the field.
#include <doctest/doctest.h>

#include <string>

#include "expect_error.h"
#include "io/kinds/balance.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

const char* kCube = R"({"loadlab": 1, "kind": "balance", "seed": 42,
  "topology": {"type": "hypercube", "dim": 3}, "loads": [19,11,2,9,0,9,10,4]})";

// The validation error of the valid cube scenario with a JSON merge patch applied.
ScenarioError cube_error_for(const std::string& patch) {
  return testing::patched_error(kCube, patch);
}
ScenarioError error_for_text(const std::string& text) {
  return testing::text_error(text);
}

}  // namespace

TEST_CASE("Scenario.Valid.CubeExampleLoads") {
  Json s = load_scenario_text(kCube, RunContext{});
  auto b = read_balance_scenario(JsonReader(s, ""));
  CHECK(b.topology.size() == 8);
  CHECK(b.loads == loadlab::core::LoadVector{19, 11, 2, 9, 0, 9, 10, 4});
  CHECK(b.seed == 42);
}

TEST_CASE("Scenario.Valid.TreeAndMeshShapes") {
  Json tree = Json::parse(R"({"loadlab":1,"kind":"balance",
    "topology":{"type":"tree","parents":[-1,0,1,1,0,4,0,6,6]},"loads":[1,4,5,11,7,2,3,3,5]})");
  CHECK_NOTHROW(validate_scenario(tree, RunContext{}));
  Json mesh = Json::parse(R"({"loadlab":1,"kind":"balance",
    "topology":{"type":"mesh","rows":4,"cols":4},"loads":{"generator":"multinomial","mean":5}})");
  CHECK_NOTHROW(validate_scenario(mesh, RunContext{}));
}

TEST_CASE("Scenario.Invalid.MalformedJsonNamesTheByte") {
  auto e = error_for_text(R"({"loadlab": 1, "kind": )");
  CHECK(e.pointer() == "");
  CHECK(std::string(e.what()).find("malformed JSON") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.NotAnObject") {
  auto e = error_for_text("[1,2,3]");
  CHECK(std::string(e.what()).find("must be an object") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.WrongTypeNamesField") {
  auto e = cube_error_for(R"({"topology": {"dim": "three"}})");
  CHECK(e.pointer() == "/topology/dim");
  CHECK(e.reason().find("integer") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.UnknownTopology") {
  auto e = cube_error_for(R"({"topology": {"type": "butterfly"}})");
  CHECK(e.pointer() == "/topology/type");
  CHECK(e.reason().find("butterfly") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.MismatchedLoadCount") {
  auto e = cube_error_for(R"({"loads": [1, 2, 3]})");
  CHECK(e.pointer() == "/loads");
  CHECK(e.reason().find("8 nodes") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.NegativeLoad") {
  auto e = cube_error_for(R"({"loads": [19,11,2,9,0,-9,10,4]})");
  CHECK(e.pointer() == "/loads/5");
}

TEST_CASE("Scenario.Invalid.AbsurdSizeIsRefusedNotAttempted") {
  auto e = cube_error_for(R"({"topology": {"dim": 40}})");
  CHECK(e.pointer() == "/topology/dim");
  auto m = cube_error_for(
      R"({"topology": {"type": "mesh", "dim": null, "rows": 1048576, "cols": 1048576}})");
  CHECK(m.pointer() == "/topology");
  CHECK(m.reason().find("exceeds the limit") != std::string::npos);
  auto huge = cube_error_for(R"({"loads": [19,11,2,9,0,9,10,4000000000000]})");
  CHECK(huge.pointer() == "/loads/7");
}

TEST_CASE("Scenario.Invalid.UnsupportedVersion") {
  auto e = cube_error_for(R"({"loadlab": 99})");
  CHECK(e.pointer() == "/loadlab");
  CHECK(e.reason().find("unsupported version") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.MissingVersionAndKind") {
  auto v = error_for_text(R"({"kind": "balance"})");
  CHECK(v.pointer() == "/loadlab");
  auto k = error_for_text(R"({"loadlab": 1})");
  CHECK(k.pointer() == "/kind");
  auto u = cube_error_for(R"({"kind": "teleport"})");
  CHECK(u.pointer() == "/kind");
}

TEST_CASE("Scenario.Invalid.UnknownFieldIsNamed") {
  auto e = cube_error_for(R"({"lodas": [1]})");
  CHECK(e.pointer() == "/lodas");
}

TEST_CASE("Scenario.Invalid.UnknownAlgorithmNamesIndex") {
  auto e = cube_error_for(R"({"algorithms": ["no_such_algorithm"]})");
  CHECK(e.pointer() == "/algorithms/0");
}

TEST_CASE("Scenario.Invalid.NonPreorderTree") {
  auto e = cube_error_for(R"({"topology": {"type": "tree", "dim": null, "parents": [-1, 0, 0, 1]},
                         "loads": [1, 1, 1, 1]})");
  CHECK(e.pointer() == "/topology/parents");
  CHECK(e.reason().find("preorder") != std::string::npos);
}

TEST_CASE("Scenario.Invalid.DisconnectedCustomGraph") {
  auto e = cube_error_for(R"({"topology": {"type": "custom", "dim": null, "nodes": 8,
                         "edges": [[0,1],[2,3]]}})");
  CHECK(e.pointer() == "/topology/edges");
}

TEST_CASE("Scenario.Invalid.SeedOutOfRange") {
  auto e = cube_error_for(R"({"seed": -1})");
  CHECK(e.pointer() == "/seed");
}

TEST_CASE("Scenario.Invalid.DocumentTooLarge") {
  std::string big(ScenarioLimits::max_document_bytes + 1, ' ');
  auto e = error_for_text(big);
  CHECK(e.reason().find("limit") != std::string::npos);
}

TEST_CASE("Scenario.JsonRoundTrip.DumpParseIsStable") {
  Json s = load_scenario_text(kCube, RunContext{});
  Json again = load_scenario_text(s.dump(2), RunContext{});
  CHECK(s == again);
}
