// The dag kind's "machine": field-named errors, refusals by name, the homogeneous
// form unchanged, and a heterogeneous run verified with the machine's bounds.
#include <doctest/doctest.h>

#include <string>

#include "io/scenario.h"

using namespace loadlab::io;

namespace {

Json chain_scenario() {
  // a -> b -> c with data 6 on each edge, plus an independent d.
  return Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 2,
    "graph": {"tasks": [{"id": "a", "cost": 4}, {"id": "b", "cost": 4}, {"id": "c", "cost": 4},
                        {"id": "d", "cost": 8}],
              "edges": [{"from": "a", "to": "b", "cost": 6}, {"from": "b", "to": "c", "cost": 6}]},
    "algorithms": ["heft"]})");
}

std::string machine_error_of(const Json& doc) {
  try {
    run_scenario(doc, {});
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("DagMachine.Errors.NameTheField") {
  Json d = chain_scenario();
  d["machine"] = {{"speeds", {1, 2, 3}}};
  CHECK(machine_error_of(d).rfind("/machine/speeds:", 0) == 0);
  d["machine"] = {{"speeds", {1, 0}}};
  CHECK(machine_error_of(d).rfind("/machine/speeds/1:", 0) == 0);
  d["machine"] = {{"speeds", {1, -2}}};
  CHECK(machine_error_of(d).rfind("/machine/speeds/1:", 0) == 0);
  d["machine"] = {{"etc", Json::parse("[[1,2],[3,4],[5,-1],[7,8]]")}};
  CHECK(machine_error_of(d).rfind("/machine/etc/2/1:", 0) == 0);
  d["machine"] = {{"etc", Json::parse("[[1,2],[3,4],[5,6]]")}};
  CHECK(machine_error_of(d).rfind("/machine/etc:", 0) == 0);
  d["machine"] = {{"etc", Json::parse("[[1,2],[3,4],[5,6],[7]]")}};
  CHECK(machine_error_of(d).rfind("/machine/etc/3:", 0) == 0);
  d["machine"] = {{"bandwidth", Json::parse("[[0,1],[0,0]]")}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/1/0:", 0) == 0);
  d["machine"] = {{"bandwidth", Json::parse("[[0,1]]")}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth:", 0) == 0);
  d["machine"] = {{"speeds", {1, 2}}, {"etc", Json::parse("[[1,2],[3,4],[5,6],[7,8]]")}};
  CHECK(machine_error_of(d).rfind("/machine/etc:", 0) == 0);
  d["machine"] = {{"speed", {1, 2}}};
  CHECK(machine_error_of(d).rfind("/machine/speed:", 0) == 0);
  // Identical-processor schedulers refuse unequal machines by name.
  d["machine"] = {{"speeds", {1, 2}}};
  d["algorithms"] = {"heft", "flb"};
  CHECK(machine_error_of(d) ==
        "/algorithms/1: flb is defined for identical processors; machine.speeds are unequal");
}

TEST_CASE("DagMachine.Homogeneous.SameResults") {
  Json base = chain_scenario();
  base["algorithms"] = {"flb", "etf", "mcp", "dsc_llb", "heft", "optimal"};
  Json ones = base;
  ones["machine"] = {{"speeds", {1, 1}}, {"bandwidth", Json::parse("[[0,1],[1,0]]")}};
  const Json a = run_scenario(base, {}), b = run_scenario(ones, {});
  REQUIRE(a["results"].size() == b["results"].size());
  for (std::size_t i = 0; i < a["results"].size(); ++i) {
    Json x = a["results"][i], y = b["results"][i];
    x["metrics"].erase("scheduling_time_ms");
    y["metrics"].erase("scheduling_time_ms");
    CHECK(x == y);
  }
}

TEST_CASE("DagMachine.Heterogeneous.RunVerifiedWithMachineBounds") {
  Json d = chain_scenario();
  d["machine"] = {{"speeds", {1, 4}}};
  d["algorithms"] = {"heft",      "cpop", "peft", "dls", "min_min", "max_min",
                     "sufferage", "mct",  "met",  "olb", "optimal"};
  const Json out = run_scenario(d, {});
  REQUIRE(out["results"].size() == 11);
  // Bounds: chain at speed 4 = 12 / 4 = 3; work 20 / (1 + 4) = 4 -> 4.
  // Optimum: everything on the fast processor takes 20 / 4 = 5; d on the slow one (8) is worse;
  // so 5 = a, b, c, d all on processor 1.
  for (const auto& r : out["results"]) {
    CAPTURE(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
    CHECK(r["metrics"]["lower_bound"].get<double>() == doctest::Approx(4));
    CHECK(r["metrics"].contains("nsl_heft"));
    CHECK_FALSE(r["metrics"].contains("nsl_mcp"));
    CHECK(r["makespan"].get<double>() >= 5 - 1e-9);
    // speedup against the best single processor (20 / 4 = 5)
    CHECK(r["metrics"]["speedup"].get<double>() ==
          doctest::Approx(5 / r["makespan"].get<double>()));
  }
  CHECK(out["results"][10]["makespan"].get<double>() == doctest::Approx(5));
  CHECK(out["results"][10]["optimal"]["proven"] == true);
  // No algorithms named on a non-uniform machine: the heterogeneous defaults.
  d.erase("algorithms");
  const Json def = run_scenario(d, {});
  REQUIRE(def["results"].size() == 4);
  CHECK(def["results"][0]["algorithm"] == "heft");
}

TEST_CASE("DagMachine.Limits.CheckedBeforeReading") {
  // Bandwidth: at most 1024 processors (1024^2 entries); 1025 is refused before the matrix is read.
  Json d = chain_scenario();
  d["processors"] = 1025;
  d["machine"] = {{"bandwidth", Json::array()}};
  CHECK(machine_error_of(d) ==
        "/machine/bandwidth: a bandwidth matrix is limited to 1024 processors (have 1025)");
  d["processors"] = 1024;  // at the limit: the size passes, the (empty) matrix's shape does not
  CHECK(machine_error_of(d).rfind("/machine/bandwidth: has 0 rows, needs 1024", 0) == 0);
  // ETC: at most 16,000,000 entries. 3906 x 4096 = 15,998,976 passes the size check; 3907 x 4096
  // = 16,003,072 does not.
  Json e = Json::parse(R"({"loadlab": 1, "kind": "dag", "processors": 4096,
    "graph": {"generator": "layered", "n": 3907}, "algorithms": ["heft"],
    "machine": {"etc": []}})");
  CHECK(machine_error_of(e).rfind("/machine/etc: tasks x processors = 16003072 entries", 0) == 0);
  e["graph"]["n"] = 3906;
  CHECK(machine_error_of(e).rfind("/machine/etc: has 0 rows, needs 3906", 0) == 0);
}

// Per-link bandwidth over a topology: errors name the field, the routes become the matrix.
TEST_CASE("DagMachine.TopologyBandwidth.ErrorsNameTheField") {
  Json d = chain_scenario();
  d["processors"] = 4;
  d["machine"] = {
      {"speeds", {4, 4, 1, 1}},
      {"bandwidth", {{"topology", {{"type", "ring"}, {"nodes", 4}}}, {"links", {1, 1, 1, 0}}}}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/links/3: must be in [", 0) == 0);
  d["machine"]["bandwidth"]["links"] = {1, 1, 1};
  CHECK(machine_error_of(d).rfind(
            "/machine/bandwidth/links: has 3 entries, needs one per link of the topology (4", 0) ==
        0);
  d["machine"]["bandwidth"]["links"] = -1;
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/links:", 0) == 0);
  d["machine"]["bandwidth"]["links"] = 2;
  d["machine"]["bandwidth"]["topology"] = {{"type", "ring"}, {"nodes", 5}};
  CHECK(machine_error_of(d) ==
        "/machine/bandwidth/topology: has 5 nodes, needs one per processor (4)");
  // Checked from the size fields before anything is built.
  d["machine"]["bandwidth"]["topology"] = {{"type", "hypercube"}, {"dim", 24}};
  CHECK(machine_error_of(d) ==
        "/machine/bandwidth/topology: has 16777216 nodes, needs one per processor (4)");
  d["machine"]["bandwidth"]["topology"] = {{"type", "mesh"}, {"rows", 2}, {"cols", 3}};
  CHECK(machine_error_of(d) ==
        "/machine/bandwidth/topology: has 6 nodes, needs one per processor (4)");
  d["machine"]["bandwidth"]["topology"] = {
      {"type", "tree"}, {"generator", "kary"}, {"k", 2}, {"depth", 2}};
  CHECK(machine_error_of(d) ==
        "/machine/bandwidth/topology: has 7 nodes, needs one per processor (4)");
  d["machine"]["bandwidth"]["topology"] = {
      {"type", "custom"}, {"nodes", 4}, {"edges", Json::parse("[[0,1],[2,3]]")}};
  CHECK(machine_error_of(d) == "/machine/bandwidth/topology/edges: the graph is not connected");
  d["machine"]["bandwidth"]["topology"] = {{"type", "star"}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/topology/type:", 0) == 0);
  d["machine"]["bandwidth"] = {{"topology", {{"type", "line"}, {"nodes", 4}}}, {"links", 1e-6}};
  CHECK(machine_error_of(d).rfind(
            "/machine/bandwidth/links: the route from processor 0 to 2 has effective bandwidth",
            0) == 0);
  d["machine"]["bandwidth"] = {{"topology", {{"type", "line"}, {"nodes", 4}}}, {"link", 1}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/link:", 0) == 0);
  d["machine"]["bandwidth"] = {{"links", 1}};
  CHECK(machine_error_of(d).rfind("/machine/bandwidth/topology:", 0) == 0);
}

TEST_CASE("DagMachine.TopologyBandwidth.RunsOnTheRoutes") {
  // Ring 0-1-2-3-0, link 0-1 (index 0 in a-then-b order) slow: messages 0 <-> 1 go around.
  Json d = chain_scenario();
  d["processors"] = 4;
  d["algorithms"] = {"heft",    "cpop",    "peft",      "dls", "bil", "hbmct", "lookahead_heft",
                     "min_min", "max_min", "sufferage", "mct", "met", "olb",   "optimal"};
  d["machine"] = {
      {"speeds", {4, 4, 1, 1}},
      {"bandwidth", {{"topology", {{"type", "ring"}, {"nodes", 4}}}, {"links", {0.1, 1, 1, 1}}}}};
  const Json out = run_scenario(d, {});
  REQUIRE(out["results"].size() == 14);
  for (const auto& r : out["results"]) {
    CAPTURE(r["algorithm"].get<std::string>());
    CHECK(r["verified"] == true);
  }
  // The same machine given as its matrix (1/3 between 0 and 1, as worked in
  // tests/core/test_dag_routes.cpp) gives the same results.
  Json e = d;
  const double third = 1.0 / (1.0 / 1 + 1.0 / 1 + 1.0 / 1);
  e["machine"]["bandwidth"] = Json::parse("[[0,0,0.5,1],[0,0,1,0.5],[0.5,1,0,1],[1,0.5,1,0]]");
  e["machine"]["bandwidth"][0][1] = third;
  e["machine"]["bandwidth"][1][0] = third;
  const Json out2 = run_scenario(e, {});
  for (std::size_t i = 0; i < out["results"].size(); ++i) {
    CAPTURE(i);
    CHECK(out["results"][i]["schedule"] == out2["results"][i]["schedule"]);
  }
  // Complete network, equal links: uniform, so identical-processor schedulers run too.
  d["machine"] = {
      {"bandwidth", {{"topology", {{"type", "complete"}, {"nodes", 4}}}, {"links", 2}}}};
  d["algorithms"] = {"flb", "etf", "heft"};
  const Json u = run_scenario(d, {});
  for (const auto& r : u["results"]) CHECK(r["verified"] == true);
}
