// One algorithm's failure at run time is that algorithm's result: every kind returns the other
// algorithms' results (equal to a run without the failing one) and an "error" entry naming the
// message and the field. Input errors still stop the whole run (the other io tests).
//
// Where the parser already refuses what would make an algorithm fail, the typed scenario is built
// by parsing a valid document and then changing one setting in code, as a caller of run_parsed
// could: the failure then really happens inside that algorithm's run.
#include <doctest/doctest.h>

#include <atomic>
#include <string>

#include "core/dag/registry.h"
#include "io/kinds/balance.h"
#include "io/kinds/dag.h"
#include "io/kinds/dlt.h"
#include "io/kinds/dynamic.h"
#include "io/kinds/loop.h"
#include "io/kinds/os.h"
#include "io/kinds/partition.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::io;

namespace {

// Wall-clock keys (*_ms) differ between two runs of the same algorithm; everything else must not.
Json without_clock_keys(Json j) {
  if (j.is_object()) {
    Json out = Json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k.size() > 3 && k.compare(k.size() - 3, 3, "_ms") == 0) continue;
      out[k] = without_clock_keys(*it);
    }
    return out;
  }
  if (j.is_array())
    for (auto& e : j) e = without_clock_keys(e);
  return j;
}

Json entries(const TypedScenario& sc) {
  return without_clock_keys(results_document(sc, run_parsed(sc, RunContext{})).at("results"));
}

template <class S>
S parsed_copy(const Json& doc) {
  return dynamic_cast<const S&>(*parse_scenario(doc, RunContext{}));
}

// `failed` is the failure entry at `index`; the others equal `alone` (a run without it), in order.
void check_failure(const Json& all, std::size_t index, const Json& alone,
                   const std::string& algorithm, const std::string& field,
                   const std::string& message_part) {
  REQUIRE(all.size() == alone.size() + 1);
  const Json& f = all[index];
  CHECK(f.at("algorithm") == algorithm);
  CHECK(f.at("verified") == false);
  REQUIRE(f.contains("error"));
  CHECK(f["error"].at("field") == field);
  const std::string msg = f["error"].at("message");
  CHECK_MESSAGE(msg.find(message_part) != std::string::npos, msg);
  std::size_t k = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i == index) continue;
    CHECK_FALSE(all[i].contains("error"));
    CHECK(all[i].at("verified") == true);
    CHECK_MESSAGE(all[i] == alone[k], all[i].value("algorithm", "?"));
    ++k;
  }
}

}  // namespace

TEST_CASE("RunFailures.Dynamic.TimeLimitIsTheStrategysResult") {
  // 12 tasks of 1e8 time units on node 0 of a 2-node line: without balancing the last ends at
  // 1.2e9, past the simulated-time limit of 1e9; a thief halves that.
  Json doc = Json::parse(R"({"loadlab": 1, "kind": "dynamic", "seed": 3,
    "topology": {"type": "line", "nodes": 2},
    "workload": {"initial": [12, 0], "duration": {"profile": "constant", "value": 1e8}},
    "algorithms": ["none", "work_stealing"]})");
  const Json all = run_scenario(doc, RunContext{}).at("results");
  doc["algorithms"] = {"work_stealing"};
  const Json alone = run_scenario(doc, RunContext{}).at("results");
  check_failure(all, 0, alone, "none", "/workload", "ran past time");
  CHECK(all[1].at("completion_time").get<double>() <= 1e9);
  CHECK_FALSE(all[0].contains("completion_time"));  // a failed entry has no numbers
}

TEST_CASE("RunFailures.Balance.UnsupportedTopologyAtRunTime") {
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "balance",
    "topology": {"type": "mesh", "rows": 2, "cols": 3}, "loads": [9, 0, 3, 0, 0, 6],
    "algorithms": ["mwa", "optimal"]})");
  BalanceScenario sc = parsed_copy<BalanceScenario>(doc);
  const Json alone = entries(sc);
  sc.algorithms = {"mwa", "dem", "optimal"};  // DEM needs a hypercube: refused while running
  check_failure(entries(sc), 1, alone, "dem", "/algorithms/1", "hypercube");
}

TEST_CASE("RunFailures.Dag.IdenticalProcessorSchedulerOnAMachine") {
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "a", "cost": 4}, {"id": "b", "cost": 4}, {"id": "c", "cost": 4},
                        {"id": "d", "cost": 8}],
              "edges": [{"from": "a", "to": "b", "cost": 6}, {"from": "b", "to": "c", "cost": 6}]},
    "machine": {"speeds": [1, 3]},
    "algorithms": ["heft"]})");
  DagScenario sc = parsed_copy<DagScenario>(doc);
  std::string refused;
  for (const auto& a : core::dag_algorithm_table())
    if (refused.empty() && !core::dag_algorithm_refusal(a.name, sc.machine).empty())
      refused = a.name;
  REQUIRE_FALSE(refused.empty());
  const Json alone = entries(sc);
  sc.algorithms = {refused, "heft"};
  check_failure(entries(sc), 0, alone, refused, "/algorithms/0", "identical processors");
}

TEST_CASE("RunFailures.Dlt.BufferOutOfRangeFailsOnlyIbs") {
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 4, "E": 3, "C": 2,
    "load": 1000, "buffer": 10, "algorithms": ["closed_form", "ibs"]})");
  DltScenario sc = parsed_copy<DltScenario>(doc);
  sc.algorithms = {"closed_form"};
  const Json alone = entries(sc);
  sc.algorithms = {"closed_form", "ibs"};
  sc.buffer = -1.0;  // only IBS reads the buffer
  check_failure(entries(sc), 1, alone, "ibs", "/algorithms/1", "buffer");
}

TEST_CASE("RunFailures.Loop.UnknownTechniqueIsItsOwnEntry") {
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "loop", "iterations": 200,
    "processors": 4, "cost": {"profile": "decreasing", "value": 1}, "overhead": 0.5,
    "algorithms": ["static_block", "gss"]})");
  LoopScenario sc = parsed_copy<LoopScenario>(doc);
  const Json alone = entries(sc);
  sc.algorithms = {"static_block", "no_such_technique", "gss"};
  check_failure(entries(sc), 1, alone, "no_such_technique", "/algorithms/1",
                "unknown loop technique");
}

TEST_CASE("RunFailures.Os.EventLimitNamesTheQuantum") {
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "os", "seed": 2, "processors": 2,
    "jobs": [{"arrival": 0, "work": 200, "threads": 2}, {"arrival": 1, "work": 100, "threads": 1}],
    "algorithms": ["static_partition", "central_queue"],
    "params": {"central_queue": {"quantum": 1}}})");
  OsScenario sc = parsed_copy<OsScenario>(doc);
  sc.algorithms = {"static_partition"};
  const Json alone = entries(sc);
  sc.algorithms = {"central_queue", "static_partition"};
  sc.params["central_queue"].quantum = 1e-6;  // ~3e8 slices: past the simulator's event limit
  check_failure(entries(sc), 0, alone, "central_queue", "/params/central_queue/quantum",
                "raise the quantum");
}

TEST_CASE("RunFailures.Partition.ForbiddenInitialPartition") {
  // The parser refuses ggp's initial partition "sa" (an initial partition must not itself need
  // one), so the core's own refusal is reached by setting it in code.
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "partition", "parts": 2,
    "mesh": {"vertices": 6, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0], [0, 3]]},
    "algorithms": ["cm"]})");
  PartitionScenario sc = parsed_copy<PartitionScenario>(doc);
  const Json alone = entries(sc);
  sc.algorithms = {"ggp", "cm"};
  sc.params["ggp"].initial = "sa";
  const Json all = entries(sc);
  check_failure(all, 0, alone, "ggp", "/algorithms/0", "is not allowed");
  CHECK(all[0].at("available") == false);
  CHECK_FALSE(all[0].contains("status"));  // "native only" is for METIS in WebAssembly
}

TEST_CASE("RunFailures.CancelledRunStillThrows") {
  // A cancelled run is not an algorithm's failure: the caller (the playground's job) sees it.
  const Json doc = Json::parse(R"({"loadlab": 1, "kind": "dynamic", "seed": 1,
    "topology": {"type": "hypercube", "dim": 3},
    "workload": {"initial": {"generator": "uniform", "mean": 4},
                 "arrivals": {"process": "poisson", "rate": 5, "until": 2000}},
    "algorithms": ["work_stealing"]})");
  const ScenarioPtr sc = parse_scenario(doc, RunContext{});
  std::atomic<bool> cancel{true};
  const auto& dyn = dynamic_cast<const DynamicScenario&>(*sc);
  CHECK_THROWS(run_one_algorithm<DynamicResult>("work_stealing", 0, &cancel, [&] {
    return run_dynamic_strategy(dyn, "work_stealing", &cancel);
  }));
}
