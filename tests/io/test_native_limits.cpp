// Size limits: for each documented limit, one just over is refused with an error naming
// the field (before anything big is allocated), and one at the limit is accepted -- run when that
// is cheap, else parsed (parsing builds the topology, graph or cost tables, so it exercises the
// allocation the limit protects). Limits per kind: docs/scenario-*.md.
#include <doctest/doctest.h>

#include <string>

#include "io/scenario.h"

using namespace loadlab::io;

namespace {

// The pointer of the refusal, or "(accepted)".
std::string refusal(const Json& doc) {
  try {
    parse_scenario(doc, RunContext{});
  } catch (const ScenarioError& e) {
    return e.pointer();
  }
  return "(accepted)";
}

bool runs_verified(const Json& doc) {
  const Json out = run_scenario(doc, RunContext{});
  if (out["results"].empty()) return false;
  for (const auto& r : out["results"])
    if (!r.value("verified", false)) return false;
  return true;
}

Json balance(Json topology, Json loads) {
  return {{"loadlab", 1},
          {"kind", "balance"},
          {"topology", std::move(topology)},
          {"loads", std::move(loads)}};
}
const Json kNoLoad = {{"generator", "uniform"}, {"mean", 0}};

Json dag_inline(int tasks, int processors) {
  Json ts = Json::array();
  for (int i = 0; i < tasks; ++i) ts.push_back({{"id", i}, {"cost", 1}});
  return {{"loadlab", 1},
          {"kind", "dag"},
          {"processors", processors},
          {"graph", {{"tasks", ts}, {"edges", Json::array()}}},
          {"algorithms", {"flb"}}};
}

Json loop(std::int64_t n, std::int64_t p) {
  return {{"loadlab", 1},
          {"kind", "loop"},
          {"iterations", n},
          {"processors", p},
          {"cost", {{"profile", "constant"}}},
          {"algorithms", {"static_block"}}};
}

Json dlt(int dim, double load) {
  return {{"loadlab", 1},
          {"kind", "dlt"},
          {"dim", dim},
          {"E", 2},
          {"C", 1},
          {"load", load},
          {"algorithms", {"closed_form"}}};
}

}  // namespace

TEST_CASE("Limits.Common.DocumentBytes") {
  const std::string doc = R"({"loadlab": 1, "kind": "dlt", "dim": 2, "E": 1, "C": 1, "load": 1})";
  const std::size_t limit = ScenarioLimits::max_document_bytes;
  std::string at = doc + std::string(limit - doc.size(), ' ');
  REQUIRE(at.size() == limit);
  CHECK(parse_scenario_text(at, RunContext{})->kind == "dlt");
  at += ' ';
  CHECK_THROWS_WITH_AS(parse_scenario_text(at, RunContext{}),
                       doctest::Contains("limit is 16777216"), ScenarioError);
}

TEST_CASE("Limits.Common.Algorithms") {
  Json d = dlt(3, 10);
  d["algorithms"] = Json::array();
  for (std::size_t i = 0; i < ScenarioLimits::max_algorithms; ++i)
    d["algorithms"].push_back("closed_form");
  CHECK(runs_verified(d));
  d["algorithms"].push_back("closed_form");
  CHECK(refusal(d) == "/algorithms");
}

TEST_CASE("Limits.Balance.Nodes") {
  // 2^21 nodes: a line is the cheapest topology of that size to build and balance.
  const std::int64_t limit = 1 << 21;
  Json at = balance({{"type", "line"}, {"nodes", limit}}, {{"generator", "hot_spot"}, {"mean", 1}});
  at["algorithms"] = {"twa"};
  CHECK(runs_verified(at));
  CHECK(refusal(balance({{"type", "line"}, {"nodes", limit + 1}}, kNoLoad)) == "/topology/nodes");
  CHECK(refusal(balance({{"type", "ring"}, {"nodes", limit + 1}}, kNoLoad)) == "/topology/nodes");
  CHECK(refusal(balance({{"type", "mesh"}, {"rows", 1}, {"cols", limit}}, kNoLoad)) ==
        "(accepted)");
  CHECK(refusal(balance({{"type", "mesh"}, {"rows", 1025}, {"cols", 2048}}, kNoLoad)) ==
        "/topology");
  CHECK(refusal(balance({{"type", "torus"}, {"rows", 3}, {"cols", limit / 3 + 1}}, kNoLoad)) ==
        "/topology");
  CHECK(refusal(balance({{"type", "hypercube"}, {"dim", 22}}, kNoLoad)) == "/topology/dim");
  CHECK(refusal(balance({{"type", "tree"}, {"generator", "random"}, {"nodes", limit + 1}},
                        kNoLoad)) == "/topology/nodes");
  CHECK(refusal(balance({{"type", "custom"}, {"nodes", limit + 1}, {"edges", Json::array()}},
                        kNoLoad)) == "/topology/nodes");
}

TEST_CASE("Limits.Balance.CompleteGraphNodes") {
  // complete: n <= 8192 (n(n-1)/2 links stay under 2^25); 8192 itself allocates 33.5M links, so
  // the accepted side is checked one size below the boundary's cost, the refusal at 8193.
  CHECK(refusal(balance({{"type", "complete"}, {"nodes", 8193}}, kNoLoad)) == "/topology/nodes");
  CHECK(refusal(balance({{"type", "complete"}, {"nodes", 512}}, kNoLoad)) == "(accepted)");
}

TEST_CASE("Limits.Balance.LoadPerNodeAndMultinomialTotal") {
  const std::int64_t per_node = 1'000'000'000;
  Json at = balance({{"type", "hypercube"}, {"dim", 1}}, {per_node, 0});
  CHECK(runs_verified(at));
  CHECK(refusal(balance({{"type", "hypercube"}, {"dim", 1}}, {per_node + 1, 0})) == "/loads/0");
  // multinomial: N * mean <= 5e7 tasks thrown one by one (4 nodes x 12.5M = 5e7 exactly).
  CHECK(refusal(balance({{"type", "hypercube"}, {"dim", 2}},
                        {{"generator", "multinomial"}, {"mean", 12'500'000}})) == "(accepted)");
  CHECK(refusal(balance({{"type", "hypercube"}, {"dim", 2}},
                        {{"generator", "multinomial"}, {"mean", 12'500'001}})) == "/loads/mean");
}

TEST_CASE("Limits.Dag.Processors") {
  CHECK(runs_verified(dag_inline(3, 4096)));
  CHECK(refusal(dag_inline(3, 4097)) == "/processors");
}

TEST_CASE("Limits.Dag.TraceTasks") {
  Json at = dag_inline(5000, 4);
  at["trace"] = true;
  CHECK(refusal(at) == "(accepted)");
  Json over = dag_inline(5001, 4);
  over["trace"] = true;
  CHECK(refusal(over) == "/trace");
}

TEST_CASE("Limits.Dag.OptimalNodeBudget") {
  Json d = dag_inline(3, 2);
  d["algorithms"] = {"optimal"};
  d["optimal_node_budget"] = 100'000'000;
  CHECK(runs_verified(d));
  d["optimal_node_budget"] = 100'000'001;
  CHECK(refusal(d) == "/optimal_node_budget");
}

TEST_CASE("Limits.Dag.GeneratedTasksRefusedBeforeBuilding") {
  // 2,000,000 tasks per graph. Each generator's size fields are refused by name when the graph
  // they describe would exceed it (checked from the formula, before the graph is built).
  auto gen = [](Json g) {
    Json d = {{"loadlab", 1}, {"kind", "dag"}, {"processors", 2}, {"algorithms", {"flb"}}};
    g["ccr"] = 1;
    d["graph"] = std::move(g);
    return d;
  };
  // LU: size(size+1)/2 tasks -> 1999 is the largest (1,999,000); Gaussian: 1999 (1,999,999).
  CHECK(refusal(gen({{"generator", "lu"}, {"size", 2000}})) == "/graph/size");
  CHECK(refusal(gen({{"generator", "gaussian"}, {"size", 2000}})) == "/graph/size");
  CHECK(refusal(gen({{"generator", "layered"}, {"n", 2'000'001}})) == "/graph/n");
  CHECK(refusal(gen({{"generator", "stencil"}, {"width", 2001}, {"steps", 1000}})) == "/graph");
  CHECK(refusal(gen({{"generator", "laplace"}, {"width", 1999}, {"iterations", 1001}})) ==
        "/graph");
  CHECK(refusal(gen({{"generator", "fork_join"}, {"width", 1}, {"stages", 1'000'000}})) ==
        "/graph");
  CHECK(refusal(gen({{"generator", "out_tree"}, {"branching", 2}, {"depth", 21}})) == "/graph");
  CHECK(refusal(gen({{"generator", "fft"}, {"points", 131072}})) == "/graph/points");
  // At the limit, cheaply: a fork-join of exactly 1 + 999,999 * 2 = 1,999,999 tasks is accepted.
  CHECK(refusal(gen({{"generator", "fork_join"}, {"width", 1}, {"stages", 999'999}})) ==
        "(accepted)");
}

TEST_CASE("Limits.Loop.IterationsProcessorsChunks") {
  CHECK(refusal(loop(10'000'000, 4)) == "(accepted)");
  CHECK(refusal(loop(10'000'001, 4)) == "/iterations");
  CHECK(runs_verified(loop(5000, 1024)));
  CHECK(refusal(loop(100, 1025)) == "/processors");
  Json d = loop(100, 4);
  d["chunks_listed"] = 1'000'000;
  CHECK(runs_verified(d));
  d["chunks_listed"] = 1'000'001;
  CHECK(refusal(d) == "/chunks_listed");
}

TEST_CASE("Limits.Loop.MandelbrotWork") {
  Json d = loop(1000, 4);
  d["cost"] = {{"profile", "mandelbrot"}, {"width", 1000}, {"max_iter", 1000}};  // 1e9 exactly
  CHECK(refusal(d) == "(accepted)");
  d["cost"]["max_iter"] = 1001;
  CHECK(refusal(d) == "/cost/width");
}

TEST_CASE("Limits.Dlt.DimAndLoad") {
  CHECK(runs_verified(dlt(24, 1e15)));
  CHECK(refusal(dlt(25, 10)) == "/dim");
  CHECK(refusal(dlt(3, 1.5e15)) == "/load");
}
