// The "dag" scenario kind end to end: inline graph (ERRATA.md 001 Figure 1, expected makespans
// from ERRATA), file reference, generators, and field-named errors.
#include <doctest/doctest.h>

#include <string>

#include "io/scenario.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab::io;

namespace {

Json figure1_scenario() {
  return Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "t0", "cost": 2}, {"id": "t1", "cost": 2}, {"id": "t2", "cost": 2},
                        {"id": "t3", "cost": 3}, {"id": "t4", "cost": 3}, {"id": "t5", "cost": 3},
                        {"id": "t6", "cost": 2}, {"id": "t7", "cost": 2}],
              "edges": [{"from": "t0", "to": "t1", "cost": 1}, {"from": "t0", "to": "t2", "cost": 4},
                        {"from": "t0", "to": "t3", "cost": 1}, {"from": "t1", "to": "t4", "cost": 2},
                        {"from": "t1", "to": "t5", "cost": 1}, {"from": "t1", "to": "t6", "cost": 2},
                        {"from": "t3", "to": "t5", "cost": 1}, {"from": "t2", "to": "t6", "cost": 1},
                        {"from": "t4", "to": "t7", "cost": 1}, {"from": "t5", "to": "t7", "cost": 3},
                        {"from": "t6", "to": "t7", "cost": 2}]},
    "algorithms": ["flb", "etf", "mcp", "optimal", "dsc_llb", "coffman_graham", "heft", "fcp"]})");
}

std::string dag_scenario_error_of(const Json& doc, const RunContext& ctx = {}) {
  try {
    run_scenario(doc, ctx);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("DagScenario.Figure1.Makespans") {
  const Json out = run_scenario(figure1_scenario(), {});
  REQUIRE(out["results"].size() == 8);
  const Json& r = out["results"];
  CHECK(r[0]["algorithm"] == "flb");
  CHECK(r[0]["makespan"] == 14.0);
  CHECK(r[1]["makespan"] == 14.0);  // ETF (ERRATA.md 001)
  CHECK(r[2]["makespan"] == 13.0);  // MCP
  CHECK(r[3]["makespan"] == 13.0);  // the optimum
  CHECK(r[3]["optimal"]["proven"] == true);
  for (const auto& e : r) {
    CAPTURE(e["algorithm"].get<std::string>());
    CHECK(e["verified"] == true);
    CHECK(e["schedule"].size() == 8);
    CHECK(e["metrics"]["speedup"].get<double>() > 0);
  }
  // First entry of FLB's schedule: t0 on p0 over [0, 2] (Table 1).
  const Json& first = r[0]["schedule"][0];
  CHECK(first["task"] == "t0");
  CHECK(first["proc"] == 0);
  CHECK(first["start"] == 0.0);
  CHECK(first["finish"] == 2.0);
  // NSL against MCP: 14 / 13.
  CHECK(r[0]["metrics"]["nsl_mcp"].get<double>() == doctest::Approx(14.0 / 13));
}

TEST_CASE("DagScenario.Trace.FlbSteps") {
  Json doc = figure1_scenario();
  doc["algorithms"] = {"flb"};
  doc["trace"] = true;
  const Json out = run_scenario(doc, {});
  const Json& steps = out["results"][0]["trace"];
  REQUIRE(steps.size() == 8);
  CHECK(steps[2]["chosen"]["task"] == 1);  // row 3 of Table 1: t1 -> p1
  CHECK(steps[2]["candidates"].size() == 2);
}

TEST_CASE("DagScenario.FileAndGenerator") {
  RunContext ctx;
  ctx.base_dir = std::string(LOADLAB_SHARED_DIR) + "/data/stg/50";
  const Json f = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4,
      "graph": {"file": "rand0000.stg"}, "algorithms": ["flb", "mcp"]})");
  const Json out = run_scenario(f, ctx);
  CHECK(out["results"][0]["verified"] == true);
  CHECK(out["results"][0]["graph"]["tasks"] == 52);
  // Proven optimum for rand0000 on 4 processors is at least the CP length 55 (file notes).
  CHECK(out["results"][0]["makespan"].get<double>() >= 55);

  const Json gdoc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 8,
      "graph": {"generator": "lu", "size": 20, "ccr": 5.0}, "algorithms": ["flb", "etf", "hlfet"]})");
  const Json gout = run_scenario(gdoc, {});
  CHECK(gout["results"][0]["graph"]["tasks"] == 210);  // 20 * 21 / 2
  CHECK(gout["results"][0]["graph"]["ccr"].get<double>() == doctest::Approx(5.0));
  for (const auto& e : gout["results"]) CHECK(e["verified"] == true);
}

TEST_CASE("DagScenario.Errors") {
  Json doc = figure1_scenario();
  doc["graph"]["edges"].push_back({{"from", "t7"}, {"to", "t0"}, {"cost", 1}});
  const std::string cyc = dag_scenario_error_of(doc);
  CHECK(cyc.find("/graph") != std::string::npos);
  CHECK(cyc.find("cycle") != std::string::npos);
  CHECK(cyc.find("t0 -> t") != std::string::npos);

  doc = figure1_scenario();
  doc["processors"] = 0;
  CHECK(dag_scenario_error_of(doc).find("/processors") != std::string::npos);

  doc = figure1_scenario();
  doc["algorithms"] = {"flb", "fastest"};
  CHECK(dag_scenario_error_of(doc).find("/algorithms/1") != std::string::npos);

  doc = figure1_scenario();
  doc["graph"]["tasks"][3]["cost"] = -1;
  CHECK(dag_scenario_error_of(doc).find("/graph/tasks/3/cost") != std::string::npos);

  doc = figure1_scenario();
  doc["graph"] = {{"file", "missing.stg"}};
  CHECK(dag_scenario_error_of(doc).find("/graph/file") != std::string::npos);

  doc = figure1_scenario();
  doc["graph"] = {{"generator", "lu"}, {"size", 5000}};
  CHECK(dag_scenario_error_of(doc).find("/graph/size") != std::string::npos);

  doc = figure1_scenario();
  doc["graph"] = {{"generator", "fft"}, {"points", 100}};
  CHECK(dag_scenario_error_of(doc).find("power of two") != std::string::npos);

  doc = figure1_scenario();
  doc["graph"] = {{"generator", "stencil"}, {"pointz", 100}};
  CHECK(dag_scenario_error_of(doc).find("/graph/pointz") != std::string::npos);

  doc = figure1_scenario();
  doc["colour"] = 1;
  CHECK(dag_scenario_error_of(doc).find("/colour") != std::string::npos);
}
