// The dag scenario's settings for SAGA's schedulers: params.heft.rank and params.wba.alpha are
// read with field-named errors; the seven static schedulers SAGA has run verified by name.
#include <doctest/doctest.h>

#include <string>

#include "io/scenario.h"

using namespace loadlab::io;

namespace {

Json saga_params_scenario() {
  // a -> b -> c with data 6 on each edge, plus an independent d; speeds 1 and 4.
  return Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "a", "cost": 4}, {"id": "b", "cost": 4}, {"id": "c", "cost": 4},
                        {"id": "d", "cost": 8}],
              "edges": [{"from": "a", "to": "b", "cost": 6}, {"from": "b", "to": "c", "cost": 6}]},
    "machine": {"speeds": [1, 4]},
    "algorithms": ["heft"]})");
}

std::string saga_params_error_pointer(const Json& doc) {
  try {
    run_scenario(doc, {});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "";
}

}  // namespace

TEST_CASE("DagSagaParams.ErrorsNameTheField") {
  Json d = saga_params_scenario();
  d["params"] = {{"heft", {{"rank", "median"}}}};
  CHECK(saga_params_error_pointer(d) == "/params/heft/rank");
  d["params"] = {{"heft", {{"rank", 3}}}};
  CHECK(saga_params_error_pointer(d) == "/params/heft/rank");
  d["params"] = {{"heft", {{"lookahead", true}}}};
  CHECK(saga_params_error_pointer(d) == "/params/heft/lookahead");
  d["params"] = {{"wba", {{"alpha", 1.5}}}};
  CHECK(saga_params_error_pointer(d) == "/params/wba/alpha");
  d["params"] = {{"wba", {{"rank", "saga"}}}};
  CHECK(saga_params_error_pointer(d) == "/params/wba/rank");
  d["params"] = {{"dps", {{"alpha", 0.5}}}};
  CHECK(saga_params_error_pointer(d) == "/params/dps/alpha");
  d["algorithms"] = {"hybrid"};
  d["params"] = {{"hybrid", {{"schedulers", {"heft", "nope"}}}}};
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers/1");
  d["params"] = {{"hybrid", {{"schedulers", {"hybrid"}}}}};
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers/0");
  d["params"] = {{"hybrid", {{"schedulers", {"dsc"}}}}};  // unbounded processors
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers/0");
  d["params"] = {{"hybrid", {{"schedulers", {"heft", "flb"}}}}};  // speeds 1, 4: refused
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers/1");
  d["params"] = {{"hybrid", {{"schedulers", Json::array()}}}};
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers");
  d["params"] = {{"hybrid", {{"schedulers", {3}}}}};
  CHECK(saga_params_error_pointer(d) == "/params/hybrid/schedulers/0");
  d["params"] = {{"hybrid", {{"schedulers", {"mct", "optimal"}}}}};
  CHECK(saga_params_error_pointer(d).empty());
}

// Everything on the fast processor takes 20 / 4 = 5, the optimum (test_dag_machine.cpp), which is
// FastestNode's schedule; the others are verified and never below it.
TEST_CASE("DagSagaParams.SagaSchedulersRunVerified") {
  Json d = saga_params_scenario();
  d["algorithms"] = {"fastest_node", "mst", "duplex", "hybrid", "dps", "msbc", "wba"};
  const Json out = run_scenario(d, {});
  REQUIRE(out["results"].size() == 7);
  for (const auto& r : out["results"]) {
    CAPTURE(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
    CHECK(r["makespan"].get<double>() >= 5 - 1e-9);
  }
  CHECK(out["results"][0]["makespan"].get<double>() == doctest::Approx(5));
  // Every rank variant runs; the default is the mean (same result as naming it).
  for (const char* rank : {"mean", "saga", "best", "worst"}) {
    Json h = saga_params_scenario();
    h["params"] = {{"heft", {{"rank", rank}}}};
    const Json r = run_scenario(h, {});
    CHECK(r["results"][0]["verified"] == true);
  }
  Json plain = saga_params_scenario(), named = saga_params_scenario();
  named["params"] = {{"heft", {{"rank", "mean"}}}};
  CHECK(run_scenario(plain, {})["results"][0]["makespan"] ==
        run_scenario(named, {})["results"][0]["makespan"]);
}
