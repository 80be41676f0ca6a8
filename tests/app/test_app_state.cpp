// AppState (src/app/model/app_state.h) and the scenario run (model/job_runner.h): the scenario is
// parsed once and shared; bad input leaves the state as it was; runs keep their results typed.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/balance/model_scene.h"
#include "app/dag/model_graph.h"
#include "app/model/app_state.h"
#include "app/model/job_runner.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

const Json kAppStateCube3 = Json::parse(R"({"loadlab": 1, "kind": "balance",
  "topology": {"type": "hypercube", "dim": 3}, "loads": [19, 11, 2, 9, 0, 9, 10, 4],
  "algorithms": ["cwa", "dem"]})");

std::optional<JobOutcome> wait(JobRunner& jobs) {
  for (int i = 0; i < 20000; ++i) {
    if (auto out = jobs.poll()) return out;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("AppState.SetScenarioParsesOnceAndDerivesTheNetwork") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kAppStateCube3, derive_balance_scene));
  REQUIRE(s.parsed);
  CHECK(s.kind == "balance");
  CHECK(s.parsed->kind == "balance");
  CHECK(s.scenario == s.parsed->document);
  CHECK(s.parsed->algorithms == std::vector<std::string>{"cwa", "dem"});
  REQUIRE(balance_scene(s).topology);
  CHECK(balance_scene(s).topology->size() == 8);
  CHECK(balance_scene(s).loads == core::LoadVector{19, 11, 2, 9, 0, 9, 10, 4});
  CHECK(balance_scene(s).layout.size() == 8);
}

TEST_CASE("AppState.SetScenarioOfAnInvalidDocLeavesStateUnchanged") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kAppStateCube3, derive_balance_scene));
  set_results(s, {}, Json::array({Json{{"algorithm", "cwa"}}}));
  s.selected_result = 0;
  const io::ScenarioPtr before = s.parsed;
  Json bad = kAppStateCube3;
  bad["loads"] = Json::array({1, 2, 3});  // 3 loads for 8 nodes
  const auto err = set_scenario(s, bad, derive_balance_scene);
  REQUIRE(err);
  CHECK(err->find("/loads") != std::string::npos);  // names the field
  CHECK(s.parsed == before);
  CHECK(s.scenario == kAppStateCube3);
  CHECK(s.results.size() == 1);
  CHECK(balance_scene(s).loads.size() == 8);
  // Not JSON at all: same.
  CHECK(set_scenario_text(s, "{\"kind\": "));
  CHECK(s.parsed == before);
}

TEST_CASE("AppState.SetScenarioOfAnotherKindDropsTheNetwork") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kAppStateCube3, derive_balance_scene));
  REQUIRE_FALSE(set_scenario(s, Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 3, "E": 3,
      "C": 2, "load": 100, "algorithms": ["closed_form"]})"),
                             derive_balance_scene));
  CHECK(s.kind == "dlt");
  CHECK_FALSE(balance_scene(s).topology);
  CHECK(balance_scene(s).loads.empty());
  CHECK(s.results.is_null());
}

TEST_CASE("JobRunner.RunsTheSharedTypedScenarioLikeRunScenario") {
  AppState s;
  REQUIRE_FALSE(set_scenario(s, kAppStateCube3, derive_balance_scene));
  JobRunner jobs;
  start_scenario_run(jobs, s.parsed);
  auto out = wait(jobs);
  REQUIRE(out);
  CHECK(out->error.empty());
  CHECK(out->ran_on_other_thread);
  REQUIRE(out->results.size() == 2);
  // The typed results write the same entries io's one-call façade produces.
  const Json direct = io::run_scenario(kAppStateCube3, io::RunContext{});
  CHECK(out->result == direct);
  for (std::size_t i = 0; i < out->results.size(); ++i)
    CHECK(out->results[i]->to_json() == direct["results"][i]);
  set_results(s, out->results, out->result["results"]);
  CHECK(s.typed_results.size() == 2);
  CHECK(s.results[0]["metrics"]["task_hops"] == 21);  // ERRATA 000: CWA on Example 3
}

TEST_CASE("JobRunner.ANewerScenarioSupersedesTheRunningOne") {
  AppState a, b;
  REQUIRE_FALSE(set_scenario(a, Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4,
      "graph": {"generator": "lu", "size": 120}, "algorithms": ["flb", "etf", "mcp"]})")));
  REQUIRE_FALSE(set_scenario(b, kAppStateCube3, derive_balance_scene));
  JobRunner jobs;
  start_scenario_run(jobs, a.parsed);
  start_scenario_run(jobs, b.parsed);  // cancels the dag run; b's outcome is the one delivered
  auto out = wait(jobs);
  REQUIRE(out);
  CHECK(out->error.empty());
  CHECK(out->result["kind"] == "balance");
}

TEST_CASE("AppState.SummaryCarriesResultsWithoutTheDocuments") {
  // FLB paper (Radulescu & van Gemund 1999), Table 1's graph on 2 processors: FLB 14, ETF 14,
  // MCP 13 (the seeds' errata reconstruct the figure).
  const Json dag = Json::parse(R"({"loadlab": 1, "kind": "dag", "name": "table 1", "processors": 2,
    "graph": {"tasks": [{"id": "t0", "cost": 2}, {"id": "t1", "cost": 2}, {"id": "t2", "cost": 2}, {"id": "t3", "cost": 3}, {"id": "t4", "cost": 3}, {"id": "t5", "cost": 3}, {"id": "t6", "cost": 2}, {"id": "t7", "cost": 2}],
              "edges": [{"from": "t0", "to": "t1", "cost": 1}, {"from": "t0", "to": "t2", "cost": 4}, {"from": "t0", "to": "t3", "cost": 1}, {"from": "t1", "to": "t4", "cost": 2}, {"from": "t1", "to": "t5", "cost": 1}, {"from": "t1", "to": "t6", "cost": 2}, {"from": "t3", "to": "t5", "cost": 1}, {"from": "t2", "to": "t6", "cost": 1}, {"from": "t4", "to": "t7", "cost": 1}, {"from": "t5", "to": "t7", "cost": 3}, {"from": "t6", "to": "t7", "cost": 2}]},
    "algorithms": ["flb", "etf", "mcp"]})");
  AppState s;
  loadlab::app::testing::run_in_state(s, dag);
  Json j = summary_json(s);
  dag_summary(s.parsed.get(), j);  // the dag kind's part (its module's summary hook)
  CHECK(j["kind"] == "dag");
  CHECK(j["name"] == "table 1");
  CHECK(j["tasks"] == 8);
  CHECK_FALSE(j.contains("scenario"));
  REQUIRE(j["results"].size() == 3);
  CHECK(j["results"][0] == Json{{"algorithm", "flb"}, {"verified", true}, {"makespan", 14}});
  CHECK(j["results"][1] == Json{{"algorithm", "etf"}, {"verified", true}, {"makespan", 14}});
  CHECK(j["results"][2] == Json{{"algorithm", "mcp"}, {"verified", true}, {"makespan", 13}});
}
