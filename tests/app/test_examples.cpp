// The files in examples/ double as tests: each is parsed once and run through io exactly as the
// playground and the CLI do, and its key results are compared with the papers' numbers
// (/work/shared/seeds/ERRATA.md) or an independent calculation written here.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "io/kinds/dag.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

namespace {

struct Ran {
  io::ScenarioPtr scenario;
  Json results;  // the "results" array
};

Ran run_example(const std::string& file) {
  std::ifstream in(std::string(LOADLAB_SOURCE_DIR) + "/examples/" + file);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  Ran r;
  r.scenario = io::parse_scenario_text(ss.str(), io::RunContext{});
  r.results =
      io::results_document(*r.scenario, io::run_parsed(*r.scenario, io::RunContext{}))["results"];
  return r;
}

const Json* find(const Json& results, const std::string& algorithm) {
  for (const auto& r : results)
    if (r.value("algorithm", "") == algorithm) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("Examples.Cube3IsWuExample3") {
  // ERRATA 000: CWA on Example 3's loads moves 21 task-hops, the min-cost-flow optimum.
  const Ran r = run_example("cube3.json");
  REQUIRE(r.results.size() >= 1);
  for (const auto& e : r.results) CHECK(e["verified"] == true);
  const Json* cwa = find(r.results, "cwa");
  REQUIRE(cwa != nullptr);
  CHECK(cwa->at("metrics").at("task_hops") == 21);
  if (const Json* dem = find(r.results, "dem")) CHECK(dem->at("metrics").at("task_hops") == 33);
  if (const Json* opt = find(r.results, "optimal")) CHECK(opt->at("metrics").at("task_hops") == 21);
}

TEST_CASE("Examples.DagLuP4IsVerifiedAndAboveTheLowerBound") {
  const Ran r = run_example("dag_lu_p4.json");
  REQUIRE(r.results.size() == 6);
  // Lower bound, computed here: max(total work / P, longest computation-only path).
  const auto* dag = dynamic_cast<const io::DagScenario*>(r.scenario.get());
  REQUIRE(dag != nullptr);
  const core::TaskGraph& g = *dag->graph;
  CHECK(g.size() == 1953);  // the FLB paper's LU graph for matrix size 62 (Section 6)
  std::vector<double> longest(static_cast<std::size_t>(g.size()), 0.0);
  double work = 0, path = 0;
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double below = 0;
    for (auto e : g.out_edges(*it))
      below = std::max(below, longest[static_cast<std::size_t>(g.edge(e).to)]);
    longest[static_cast<std::size_t>(*it)] = g.comp(*it) + below;
    path = std::max(path, longest[static_cast<std::size_t>(*it)]);
    work += g.comp(*it);
  }
  const double bound = std::max(work / 4.0, path);
  for (const auto& e : r.results) {
    CHECK(e["verified"] == true);
    CHECK(e["makespan"].get<double>() >= bound * (1 - 1e-9));
  }
}

TEST_CASE("Examples.DltExample3IbsMatchesErrata") {
  // ERRATA 004, Example 3 / Table 2: X = 109.6, 485.6, 404.8; T* = 301.5. Example 1: T* = 273.8.
  // Example 4 (E = 3, C = 2), Algorithm A' with granularity 2: last layer 7, T* = 301.55.
  const Ran r = run_example("dlt_example3_ibs.json");
  const Json* ibs = find(r.results, "ibs");
  REQUIRE(ibs != nullptr);
  REQUIRE(ibs->at("iterations").size() == 3);
  const double x[] = {109.6, 485.6, 404.8};
  for (int k = 0; k < 3; ++k)
    CHECK(ibs->at("iterations")[k]["X"].get<double>() == doctest::Approx(x[k]).epsilon(5e-4));
  CHECK(ibs->at("finish_time").get<double>() == doctest::Approx(301.5).epsilon(2e-4));
  const Json* closed = find(r.results, "closed_form");
  REQUIRE(closed != nullptr);
  CHECK(closed->at("finish_time").get<double>() == doctest::Approx(273.8).epsilon(2e-4));
  const Json* a_prime = find(r.results, "algorithm_a_prime");
  REQUIRE(a_prime != nullptr);
  CHECK(a_prime->at("last_layer") == 7);
  CHECK(a_prime->at("finish_time").get<double>() == doctest::Approx(301.55).epsilon(2e-5));
  for (const auto& e : r.results) CHECK(e["verified"] == true);
}

TEST_CASE("Examples.LoopDecreasingChunkSequencesFollowTheSurvey") {
  // Survey 002, Section 3.1, computed here: GSS hands out ceil(R/P) of the R iterations left;
  // static blocks give processor 0 iterations [0, 250), whose decreasing costs 2(N-i-1/2)/N sum
  // to 437.5 (ideal 250).
  const Ran r = run_example("loop_decreasing.json");
  const std::int64_t n = 1000, p = 4;
  const Json* gss = find(r.results, "gss");
  REQUIRE(gss != nullptr);
  std::vector<std::int64_t> want;
  for (std::int64_t left = n; left > 0;) {
    const std::int64_t c = (left + p - 1) / p;
    want.push_back(c);
    left -= c;
  }
  std::vector<std::int64_t> got;
  for (const auto& c : gss->at("chunks"))
    got.push_back(c["end"].get<std::int64_t>() - c["begin"].get<std::int64_t>());
  CHECK(got == want);
  CHECK(gss->at("num_chunks").get<std::size_t>() == want.size());
  double block0 = 0;
  for (std::int64_t i = 0; i < n / p; ++i) block0 += 2.0 * (double(n - i) - 0.5) / double(n);
  CHECK(block0 == doctest::Approx(437.5));
  const Json* st = find(r.results, "static_block");
  REQUIRE(st != nullptr);
  CHECK(st->at("parallel_time").get<double>() == doctest::Approx(block0));
  for (const auto& e : r.results) CHECK(e["verified"] == true);
}
