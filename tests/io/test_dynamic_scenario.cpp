// The "dynamic" scenario kind end to end: result keys, verification, and field-named errors.
#include <doctest/doctest.h>

#include <string>

#include "io/kinds/dynamic.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {

Json dynamic_scenario_run_text(const std::string& text) {
  return run_scenario(Json::parse(text), RunContext{});
}

std::string dynamic_scenario_error_pointer(const std::string& text) {
  try {
    run_scenario(Json::parse(text), RunContext{});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "(no error)";
}

const char* kHotSpot = R"({"loadlab": 1, "kind": "dynamic", "seed": 4,
  "topology": {"type": "mesh", "rows": 4, "cols": 4},
  "workload": {"initial": {"generator": "hot_spot", "mean": 2, "hot_node": 5},
               "duration": {"profile": "exponential", "value": 1},
               "arrivals": {"process": "hot_spot", "rate": 0.1, "until": 10, "node": 5},
               "spawn": {"shape": "binomial", "m": 2, "q": 0.3, "max_depth": 3}},
  "costs": {"hop": 0.2, "message": 0.05, "system_phase": 0.5},
  "params": {"rips": {"inner": "mwa"}, "work_stealing": {"victim": "round_robin"}}})";

}  // namespace

TEST_CASE("DynamicKind.ReceiverMinCostRunsWhenNamedAndIsVerified") {
  Json sc = Json::parse(kHotSpot);
  sc["algorithms"] = {"receiver", "receiver_min_cost"};
  const Json out = dynamic_scenario_run_text(sc.dump());
  const Json& results = out.at("results");
  REQUIRE(results.size() == 2);
  CHECK(results[1].at("algorithm") == "receiver_min_cost");
  CHECK(results[1].at("verified") == true);
  // Both run the same arrivals: the work done is the same, however it was moved.
  CHECK(results[0].at("total_work").get<double>() == results[1].at("total_work").get<double>());
}

TEST_CASE("DynamicKind.AllStrategiesVerifiedWithResultKeys") {
  const Json out = dynamic_scenario_run_text(kHotSpot);
  const Json& results = out.at("results");
  REQUIRE(results.size() == 7);  // none named: the default set (receiver_min_cost runs when named)
  double work = -1;
  for (const auto& r : results) {
    CAPTURE(r.at("algorithm").get<std::string>());
    CHECK(r.at("verified") == true);
    for (const char* key : {"completion_time", "efficiency", "idle_time", "migrations", "task_hops",
                            "messages", "system_phases", "cost_function", "timeline"})
      CHECK(r.contains(key));
    CHECK(r.at("idle_time").size() == 16);
    CHECK(r.at("timeline").at("nodes").size() == 16);
    if (work < 0) work = r.at("total_work").get<double>();
    CHECK(r.at("total_work").get<double>() == doctest::Approx(work));
    if (r.at("algorithm") == "rips") {
      CHECK(r.at("inner") == "mwa");
      CHECK(r.at("system_phases").get<int>() >= 1);
      CHECK(r.at("phases").size() == r.at("system_phases").get<std::size_t>());
    }
  }
}

TEST_CASE("DynamicKind.TimelineDecimatedAboveLimit") {
  const Json out = dynamic_scenario_run_text(R"({"loadlab": 1, "kind": "dynamic",
    "topology": {"type": "ring", "nodes": 64},
    "workload": {"duration": {"profile": "constant", "value": 0.1},
                 "arrivals": {"process": "poisson", "rate": 1, "until": 200}},
    "algorithms": ["none"]})");
  const Json& tl = out.at("results").at(0).at("timeline");
  CHECK(tl.at("decimated") == true);
  std::size_t total = 0;
  for (const auto& node : tl.at("nodes")) total += node.size();
  CHECK(total <= kDynamicTimelineIntervals);
  CHECK(out.at("results").at(0).at("verified") == true);
}

TEST_CASE("DynamicKind.InitiationVariantsRunWhenNamedAndNameTheirFields") {
  Json sc = Json::parse(kHotSpot);
  sc["algorithms"] = {"symmetric", "work_stealing_global"};
  sc["params"]["symmetric"] = {{"threshold", 3}, {"probe_limit", 2}, {"backoff", 0.5}};
  sc["params"]["work_stealing_global"] = {{"steal", "one"}};
  const Json out = dynamic_scenario_run_text(sc.dump());
  const Json& results = out.at("results");
  REQUIRE(results.size() == 2);
  for (const Json& r : results) CHECK(r.at("verified") == true);
  sc["params"]["symmetric"]["threshold"] = -1;
  CHECK(dynamic_scenario_error_pointer(sc.dump()) == "/params/symmetric/threshold");
  sc["params"]["symmetric"] = Json::object();
  sc["params"]["work_stealing_global"] = {{"victim", "random"}};
  CHECK(dynamic_scenario_error_pointer(sc.dump()) == "/params/work_stealing_global/victim");
}

TEST_CASE("DynamicKind.FieldNamedErrors") {
  const std::string base =
      R"({"loadlab": 1, "kind": "dynamic", "topology": {"type": "ring", "nodes": 4}, )";
  CHECK(
      dynamic_scenario_error_pointer(
          base + R"("workload": {"initial": [1,2,3,4], "duration": {"profile": "increasing"}}})") ==
      "/workload/duration/profile");
  CHECK(dynamic_scenario_error_pointer(base + R"("workload": {"initial": [1,2,3]}})") ==
        "/workload/initial");
  CHECK(dynamic_scenario_error_pointer(
            base + R"("workload": {"initial": [1,2,3,4], "bogus": 1}})") == "/workload/bogus");
  CHECK(dynamic_scenario_error_pointer(
            base +
            R"("workload": {"arrivals": {"process": "poisson", "rate": 1000, "until": 1e6}}})") ==
        "/workload/arrivals");
  CHECK(
      dynamic_scenario_error_pointer(
          base + R"("workload": {"arrivals": {"process": "poisson", "rate": -1, "until": 5}}})") ==
      "/workload/arrivals/rate");
  CHECK(dynamic_scenario_error_pointer(
            base + R"("workload": {"spawn": {"shape": "fixed", "max_depth": 1000}}})") ==
        "/workload/spawn/max_depth");
  CHECK(dynamic_scenario_error_pointer(base + R"("workload": {}, "costs": {"hop": -1}})") ==
        "/costs/hop");
  CHECK(dynamic_scenario_error_pointer(
            base + R"("workload": {}, "params": {"receiver": {"M": 3}}})") == "/params/receiver/M");
  CHECK(dynamic_scenario_error_pointer(
            base + R"("workload": {}, "params": {"work_stealing": {"victim": "all"}}})") ==
        "/params/work_stealing/victim");
  CHECK(dynamic_scenario_error_pointer(
            base + R"("workload": {}, "params": {"rips": {"inner": "cwa"}}})") ==
        "/params/rips/inner");
  CHECK(dynamic_scenario_error_pointer(base + R"("workload": {}, "params": {"bogus": {}}})") ==
        "/params/bogus");
  CHECK(dynamic_scenario_error_pointer(base + R"("workload": {}, "algorithms": ["steal"]})") ==
        "/algorithms/0");
  CHECK(dynamic_scenario_error_pointer(
            R"({"loadlab": 1, "kind": "dynamic", "topology": {"type": "hypercube", "dim": 20},
                          "workload": {}})") == "/topology");
  // A spawn tree past the task limit is only found while simulating: each strategy's entry says
  // so at /workload/spawn (docs/scenario-format.md, "Results"), the run itself returns.
  const Json spawned = dynamic_scenario_run_text(base + R"("workload": {"initial": [1,0,0,0],
      "spawn": {"shape": "fixed", "m": 64, "max_depth": 64}}, "algorithms": ["none", "random"]})");
  REQUIRE(spawned.at("results").size() == 2);
  for (const auto& r : spawned.at("results")) {
    REQUIRE(r.contains("error"));
    CHECK(r["error"].at("field") == "/workload/spawn");
    CHECK(r.at("verified") == false);
  }
}

TEST_CASE("DynamicKind.HotSpotAtZeroCostEveryStrategyFinishes") {
  // 64 unit tasks on node 0 of a 3-cube, every cost zero. The gradient model used to push the
  // same tasks back and forth at one instant until the 50,000,000-event limit; a task now starts
  // at most one downhill path per instant.
  const Json out = dynamic_scenario_run_text(R"({"loadlab": 1, "kind": "dynamic", "seed": 1,
    "topology": {"type": "hypercube", "dim": 3},
    "workload": {"initial": [64, 0, 0, 0, 0, 0, 0, 0]},
    "costs": {"hop": 0, "message": 0, "system_phase": 0},
    "algorithms": ["none", "random", "sender", "receiver", "work_stealing", "gradient", "rips"]})");
  const Json& results = out.at("results");
  REQUIRE(results.size() == 7);
  for (const auto& r : results) {
    INFO(r.value("algorithm", "?"));
    REQUIRE_FALSE(r.contains("error"));
    CHECK(r.at("verified") == true);
    CHECK(r.at("tasks") == 64);  // conserved: every task ran once
    // 64 units of work on 8 nodes: no schedule ends before 8.
    CHECK(r.at("completion_time").get<double>() >= 8.0);
    CHECK(r.at("completion_time").get<double>() <= 64.0);
  }
  CHECK(results[0].at("completion_time").get<double>() == 64.0);  // none: one node, 64 in a row
  const Json& gradient = results[5];
  REQUIRE(gradient.at("algorithm") == "gradient");
  CHECK(gradient.at("completion_time").get<double>() < 64.0);  // it did balance
  CHECK(gradient.at("migrations").get<std::int64_t>() > 0);
  CHECK(gradient.at("events").get<std::int64_t>() < 100000);  // far from the limit
}
