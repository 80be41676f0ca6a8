// The "balance" scenario kind end to end: result keys, paper numbers, and clear errors.
#include <doctest/doctest.h>

#include <string>

#include "io/kinds/balance.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

Json balance_kind_run_text(const std::string& text) {
  return run_scenario(Json::parse(text), RunContext{});
}

const Json* find(const Json& results, const std::string& algorithm) {
  for (const auto& r : results)
    if (r.at("algorithm") == algorithm) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("BalanceKind.Example3ResultKeys") {
  const Json out = balance_kind_run_text(R"({"loadlab": 1, "kind": "balance",
    "topology": {"type": "hypercube", "dim": 3}, "loads": [19,11,2,9,0,9,10,4],
    "algorithms": ["cwa", "dem", "optimal"]})");
  const Json& results = out.at("results");
  REQUIRE(results.size() == 3);
  const Json* cwa = find(results, "cwa");
  REQUIRE(cwa != nullptr);
  CHECK(cwa->at("verified") == true);
  CHECK(cwa->at("final_loads") == Json::parse("[8,8,8,8,8,8,8,8]"));
  CHECK(cwa->at("metrics").at("task_hops") == 21);
  CHECK(cwa->at("metrics").at("non_local_tasks") == 18);
  CHECK(cwa->at("metrics").at("comm_steps") == 9);
  CHECK(cwa->at("metrics").at("max_minus_min") == 0);
  CHECK(cwa->at("metrics").at("fully_balanced") == true);
  CHECK(cwa->at("metrics").at("messages") == 7);
  const Json& first = cwa->at("transfers").at(0);
  for (const char* key : {"step", "from", "to", "count"}) CHECK(first.contains(key));
  CHECK(cwa->at("trace").size() == 4);
  const Json* dem = find(results, "dem");
  REQUIRE(dem != nullptr);
  CHECK(dem->at("metrics").at("task_hops") == 33);
  CHECK(dem->at("final_loads") == Json::parse("[8,9,8,8,7,8,8,8]"));
  CHECK(find(results, "optimal")->at("metrics").at("task_hops") == 21);
}

TEST_CASE("BalanceKind.DefaultAlgorithmsFollowTheTopology") {
  const Json out = balance_kind_run_text(R"({"loadlab": 1, "kind": "balance",
    "topology": {"type": "tree", "parents": [-1,0,1,1,0,4,0,6,6]}, "loads": [1,4,5,11,7,2,3,3,5]})");
  const Json& results = out.at("results");
  REQUIRE(results.size() == 2);  // twa and optimal
  CHECK(find(results, "twa")->at("metrics").at("task_hops") == 16);
  CHECK(find(results, "optimal")->at("metrics").at("task_hops") == 16);
}

TEST_CASE("BalanceKind.UnsupportedAlgorithmNamesTheEntry") {
  Json s = Json::parse(R"({"loadlab": 1, "kind": "balance",
    "topology": {"type": "mesh", "rows": 4, "cols": 4}, "loads": {"generator": "uniform", "mean": 5},
    "algorithms": ["mwa", "cwa"]})");
  try {
    validate_scenario(s, RunContext{});
    FAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    CHECK(e.pointer() == "/algorithms/1");
    CHECK(e.reason().find("hypercube") != std::string::npos);
    CHECK(e.reason().find("mesh") != std::string::npos);
  }
}

TEST_CASE("BalanceKind.Example4Mesh") {
  const Json out = balance_kind_run_text(R"({"loadlab": 1, "kind": "balance",
    "topology": {"type": "mesh", "rows": 4, "cols": 4},
    "loads": [7,12,6,16,17,3,0,15,2,13,5,5,5,6,4,12], "algorithms": ["mwa", "optimal"]})");
  CHECK(out.at("results").at(0).at("metrics").at("task_hops") == 48);
  CHECK(out.at("results").at(1).at("metrics").at("task_hops") == 48);
}
