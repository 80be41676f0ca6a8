// The kind shape (io/kind.h) for balance, dag, loop and dlt: every algorithm of each kind's core
// table is accepted by its kind, runs on a small scenario and passes its verifier; scenarios are
// typed and carry what their runs need (no JSON is read again); params errors name the field.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/balance/registry.h"
#include "io/kinds/balance.h"
#include "io/kinds/dag.h"
#include "io/kinds/dlt.h"
#include "io/kinds/loop.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::io;

namespace {

// ERRATA.md 001's reconstruction of paper 001's Figure 1 graph (also the flb_table1 preset).
const char* kFigure1Graph = R"({"tasks": [{"id": "t0", "cost": 2}, {"id": "t1", "cost": 2},
    {"id": "t2", "cost": 2}, {"id": "t3", "cost": 3}, {"id": "t4", "cost": 3}, {"id": "t5", "cost": 3},
    {"id": "t6", "cost": 2}, {"id": "t7", "cost": 2}],
  "edges": [{"from": "t0", "to": "t1", "cost": 1}, {"from": "t0", "to": "t2", "cost": 4},
    {"from": "t0", "to": "t3", "cost": 1}, {"from": "t1", "to": "t4", "cost": 2},
    {"from": "t1", "to": "t5", "cost": 1}, {"from": "t1", "to": "t6", "cost": 2},
    {"from": "t3", "to": "t5", "cost": 1}, {"from": "t2", "to": "t6", "cost": 1},
    {"from": "t4", "to": "t7", "cost": 1}, {"from": "t5", "to": "t7", "cost": 3},
    {"from": "t6", "to": "t7", "cost": 2}]})";

// A small scenario of `kind` running `algorithm`; balance tries several topologies.
std::vector<Json> small_scenarios(const std::string& kind, const std::string& algorithm) {
  std::vector<Json> out;
  const Json algs = Json::array({algorithm});
  if (kind == "balance") {
    for (const char* topo :
         {R"({"type": "hypercube", "dim": 3})", R"({"type": "mesh", "rows": 3, "cols": 4})",
          R"({"type": "tree", "parents": [-1, 0, 1, 1, 0, 4, 0, 6, 6]})",
          R"({"type": "ring", "nodes": 8})"}) {
      Json s = {{"loadlab", 1}, {"kind", "balance"}, {"seed", 3}, {"algorithms", algs}};
      s["topology"] = Json::parse(topo);
      s["loads"] = {{"generator", "multinomial"}, {"mean", 7}};
      out.push_back(s);
    }
  } else if (kind == "dag") {
    out.push_back({{"loadlab", 1},
                   {"kind", "dag"},
                   {"processors", 2},
                   {"algorithms", algs},
                   {"graph", Json::parse(kFigure1Graph)}});
  } else if (kind == "loop") {
    out.push_back({{"loadlab", 1},
                   {"kind", "loop"},
                   {"iterations", 500},
                   {"processors", 4},
                   {"cost", {{"profile", "uniform"}, {"value", 2}}},
                   {"overhead", 0.1},
                   {"algorithms", algs}});
  } else if (kind == "dlt") {
    // Paper 004 Examples 3-4 (the dlt_example4 preset): every algorithm has what it needs.
    out.push_back({{"loadlab", 1},
                   {"kind", "dlt"},
                   {"dim", 8},
                   {"E", 3},
                   {"C", 2},
                   {"load", 1000},
                   {"buffer", 10},
                   {"granularity", 2},
                   {"algorithms", algs}});
  }
  return out;
}

ScenarioError typed_kinds_error_of(const Json& s) {
  try {
    parse_scenario(s, RunContext{});
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError for " << s.dump());
  return ScenarioError("", "");
}

}  // namespace

TEST_CASE("TypedKinds.EveryTableNameIsAcceptedRunsAndVerifies") {
  for (const char* kind : {"balance", "dag", "loop", "dlt"}) {
    const KindHandler* k = find_kind(kind);
    REQUIRE(k != nullptr);
    for (const auto& row : k->algorithms()) {
      CAPTURE(kind);
      CAPTURE(row.name);
      bool ran = false;
      for (const Json& s : small_scenarios(kind, row.name)) {
        ScenarioPtr parsed;
        try {
          parsed = parse_scenario(s, RunContext{});
        } catch (const ScenarioError& e) {
          // Only a topology the algorithm does not support may refuse it; try the next one.
          CHECK(e.pointer() == "/algorithms/0");
          continue;
        }
        REQUIRE(parsed->algorithms == std::vector<std::string>{row.name});
        const auto results = run_parsed(*parsed, RunContext{});
        REQUIRE(results.size() == 1);
        CHECK(results[0]->algorithm == row.name);
        CHECK(results[0]->verified);
        const Json entry = results[0]->to_json();
        CHECK(entry.at("algorithm") == row.name);
        CHECK(entry.at("verified") == true);
        ran = true;
        break;
      }
      CHECK(ran);
    }
  }
}

TEST_CASE("TypedKinds.ScenariosAreTypedWithTheirKindsFields") {
  Json b = small_scenarios("balance", "cwa")[0];
  b.erase("algorithms");
  const ScenarioPtr pb = parse_scenario(b, RunContext{});
  const auto* bs = dynamic_cast<const BalanceScenario*>(pb.get());
  REQUIRE(bs != nullptr);
  CHECK(bs->topology.size() == 8);
  CHECK(bs->loads.size() == 8);
  CHECK(bs->seed == 3);
  CHECK(bs->document == b);
  // None named: the table's default set, filtered by the topology (paper 000: a hypercube runs
  // CWA and DEM; the optimum runs anywhere connected).
  CHECK(bs->algorithms == std::vector<std::string>{"cwa", "dem", "optimal"});

  const ScenarioPtr pd = parse_scenario(small_scenarios("dag", "flb")[0], RunContext{});
  const auto* ds = dynamic_cast<const DagScenario*>(pd.get());
  REQUIRE(ds != nullptr);
  REQUIRE(ds->graph != nullptr);
  CHECK(ds->graph->size() == 8);
  CHECK(ds->processors == 2);

  CHECK(dynamic_cast<const LoopScenario*>(
            parse_scenario(small_scenarios("loop", "gss")[0], RunContext{}).get()) != nullptr);
  const ScenarioPtr pl = parse_scenario(small_scenarios("dlt", "ibs")[0], RunContext{});
  const auto* ls = dynamic_cast<const DltScenario*>(pl.get());
  REQUIRE(ls != nullptr);
  CHECK(ls->buffer == 10.0);
}

TEST_CASE("TypedKinds.Dag.RunNeedsNoJsonAndResultsStayTyped") {
  // A DagScenario built by hand, with no document at all: run_parsed uses only the typed fields
  // (the graph parse_scenario built), so nothing is read or built a second time.
  const ScenarioPtr from_json = parse_scenario(small_scenarios("dag", "mcp")[0], RunContext{});
  const auto& parsed = dynamic_cast<const DagScenario&>(*from_json);
  auto bare = std::make_shared<DagScenario>();
  bare->kind = "dag";
  bare->graph = parsed.graph;  // the same object: no copy, no rebuild
  bare->processors = 2;
  bare->algorithms = {"mcp", "optimal"};
  const auto results = run_parsed(*bare, RunContext{});
  REQUIRE(results.size() == 2);
  const auto* mcp = dynamic_cast<const DagRunResult*>(results[0].get());
  const auto* opt = dynamic_cast<const DagRunResult*>(results[1].get());
  REQUIRE((mcp && opt));
  CHECK(mcp->graph.get() == parsed.graph.get());
  // ERRATA.md 001: MCP gives 13 on the Figure 1 graph, which is optimal.
  CHECK(mcp->schedule.makespan() == doctest::Approx(13));
  CHECK(mcp->schedule.entries.size() == 8);
  REQUIRE(opt->optimal.has_value());
  CHECK(opt->optimal->proven);
  CHECK(opt->schedule.makespan() == doctest::Approx(13));
  CHECK(!mcp->optimal.has_value());
  // The Gantt chart's data (task name, processor, interval) straight from the typed result.
  for (const auto& e : mcp->schedule.entries) {
    CHECK(!mcp->graph->name(e.task).empty());
    CHECK(e.finish >= e.start);
    CHECK((e.proc >= 0 && e.proc < 2));
  }
}

TEST_CASE("TypedKinds.ToJsonIsTheEntryRunScenarioPrints") {
  for (const char* kind : {"balance", "dag", "loop", "dlt"}) {
    CAPTURE(kind);
    const std::string alg = std::string(kind) == "balance" ? "dem"
                            : std::string(kind) == "dag"   ? "flb"
                            : std::string(kind) == "loop"  ? "gss"
                                                           : "ibs";
    const Json s = small_scenarios(kind, alg)[0];
    const ScenarioPtr parsed = parse_scenario(s, RunContext{});
    Json doc = results_document(*parsed, run_parsed(*parsed, RunContext{}));
    Json facade = run_scenario(s, RunContext{});
    // Scheduling time is the only non-deterministic field.
    for (Json* d : {&doc, &facade})
      for (auto& r : d->at("results"))
        if (r.contains("metrics") && r["metrics"].contains("scheduling_time_ms"))
          r["metrics"]["scheduling_time_ms"] = 0;
    CHECK(doc == facade);
  }
}

TEST_CASE("TypedKinds.Params.ErrorsNameAlgorithmAndKey") {
  Json d = small_scenarios("dag", "flb")[0];
  d["params"] = {{"flb", {{"lookahead", 2}}}};
  ScenarioError e = typed_kinds_error_of(d);
  CHECK(e.pointer() == "/params/flb/lookahead");

  Json b = small_scenarios("balance", "cwa")[0];
  b["params"] = {{"cwa", {{"alpha", 0.5}}}};
  CHECK(typed_kinds_error_of(b).pointer() == "/params/cwa/alpha");

  Json l = small_scenarios("loop", "gss")[0];
  l["params"] = {{"gss", {{"k", 2}}}};
  CHECK(typed_kinds_error_of(l).pointer() == "/params/gss/k");

  Json t = small_scenarios("dlt", "ibs")[0];
  t["params"] = {{"ibs", {{"buffer", 2}}}};
  CHECK(typed_kinds_error_of(t).pointer() == "/params/ibs/buffer");
}

TEST_CASE("TypedKinds.Params.UnknownAlgorithmOrShapeIsRefused") {
  Json d = small_scenarios("dag", "flb")[0];
  d["params"] = {{"cwa", Json::object()}};  // an algorithm of another kind
  CHECK(typed_kinds_error_of(d).pointer() == "/params/cwa");
  d["params"] = {{"flb", 3}};
  CHECK(typed_kinds_error_of(d).pointer() == "/params/flb");
  d["params"] = Json::array();
  CHECK(typed_kinds_error_of(d).pointer() == "/params");
  // Empty settings are fine.
  d["params"] = {{"flb", Json::object()}, {"etf", Json::object()}};
  CHECK_NOTHROW(parse_scenario(d, RunContext{}));
}

TEST_CASE("TypedKinds.ValidateAndLoadUseTheSameParse") {
  Json d = small_scenarios("dag", "flb")[0];
  d["graph"]["tasks"][0]["cost"] = -1;
  ScenarioError parse_error = typed_kinds_error_of(d);
  CHECK(parse_error.pointer() == "/graph/tasks/0/cost");
  try {
    validate_scenario(d, RunContext{});
    FAIL("validate_scenario accepted a negative cost");
  } catch (const ScenarioError& e) {
    CHECK(e.pointer() == parse_error.pointer());
  }
  try {
    load_scenario_text(d.dump(), RunContext{});
    FAIL("load_scenario_text accepted a negative cost");
  } catch (const ScenarioError& e) {
    CHECK(e.pointer() == parse_error.pointer());
  }
}
