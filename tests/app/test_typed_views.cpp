// The loop and DLT views' models (src/app/loop/model_view.h, src/app/dlt/model_view.h) read the
// typed scenario and results the app holds (AppState::parsed / typed_results), never result JSON.
// Expected values come from ERRATA.md (paper 004) or are computed here from the techniques'
// definitions (paper 002, Section 3.1).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "app/dlt/model_view.h"
#include "app/loop/model_view.h"
#include "app/model/app_state.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

// Installs and runs a scenario the way the playground does (parse once, run the typed object).
AppState ran(const Json& doc) {
  AppState s;
  const auto err = set_scenario(s, doc);
  REQUIRE_FALSE(err);
  auto typed = io::run_parsed(*s.parsed, io::RunContext{});
  // Only the typed results: the views must not need the JSON entries.
  set_results(s, std::move(typed), nullptr);
  return s;
}

double binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

}  // namespace

TEST_CASE("LoopViewModel.StaticBlocksOfUnitIterationsFromTypedResults") {
  // 1000 unit-cost iterations on 4 threads: static blocks give each thread 250 iterations, so
  // T_par = 250 and every thread finishes at 250 (independent calculation).
  const AppState s = ran(Json::parse(R"({"loadlab": 1, "kind": "loop", "iterations": 1000,
      "processors": 4, "cost": {"profile": "constant", "value": 1}, "overhead": 0,
      "algorithms": ["static_block", "gss"]})"));
  REQUIRE(s.results.is_null());
  const LoopViewModel m = loop_view_model(s);
  CHECK(m.n == 1000);
  CHECK(m.p == 4);
  CHECK(m.mu == doctest::Approx(1.0));
  CHECK(m.sd == doctest::Approx(0.0));
  REQUIRE(m.tech.size() == 2);
  const LoopTechniqueData& sb = m.tech[0];
  CHECK(sb.name == "static_block");
  CHECK(sb.parallel_time == doctest::Approx(250.0));
  CHECK(sb.mean_finish == doctest::Approx(250.0));
  CHECK(sb.num_chunks == 4);
  CHECK(sb.verified);
  CHECK_FALSE(sb.truncated);
  REQUIRE(sb.chunks().size() == 4);
  for (const auto& ch : sb.chunks()) CHECK(ch.size() == 250);
  // The chunk table is the typed result's own (shared, not copied).
  CHECK(&sb.chunks() == &sb.result->run.chunks);

  // GSS (Polychronopoulos & Kuck, paper 002 Section 3.1): each chunk is ceil(R / P) of the R
  // iterations remaining, in hand-out order.
  const LoopTechniqueData& gss = m.tech[1];
  CHECK(gss.name == "gss");
  std::int64_t remaining = 1000, covered = 0;
  REQUIRE(!gss.chunks().empty());
  for (const auto& ch : gss.chunks()) {
    const std::int64_t expect = (remaining + 3) / 4;
    CHECK(ch.size() == expect);
    remaining -= ch.size();
    covered += ch.size();
  }
  CHECK(covered == 1000);
  CHECK(gss.num_chunks == static_cast<std::int64_t>(gss.chunks().size()));
}

TEST_CASE("LoopViewModel.ScenarioFieldsComeFromTheTypedScenario") {
  const AppState s = ran(Json::parse(R"({"loadlab": 1, "kind": "loop", "iterations": 640,
      "processors": 8, "cost": {"profile": "constant", "value": 2}, "overhead": 0.5,
      "chunk_size": 7, "min_chunk": 3, "tapering_alpha": 2, "algorithms": ["chunk"]})"));
  const LoopViewModel m = loop_view_model(s);
  CHECK(m.overhead == doctest::Approx(0.5));
  CHECK(m.chunk_size == 7);
  CHECK(m.block_size == 0);  // absent: the technique's default
  CHECK(m.min_chunk == 3);
  CHECK(m.tapering_alpha == doctest::Approx(2.0));
  REQUIRE(m.tech.size() == 1);
  // K = 7: ceil(640 / 7) = 92 chunks of at most 7 iterations.
  CHECK(m.tech[0].num_chunks == 92);
  CHECK(m.mu == doctest::Approx(2.0));
}

TEST_CASE("LoopViewModel.NoLoopResultsGiveNoTechniques") {
  AppState s;
  CHECK(loop_view_model(s).tech.empty());
  const AppState d = ran(Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 3, "E": 3, "C": 2,
      "load": 100, "algorithms": ["closed_form"]})"));
  CHECK(loop_view_model(d).tech.empty());
  CHECK(dlt_view_model(s).res.empty());
}

TEST_CASE("DltViewModel.Example3FromTypedResultsMatchesErrata") {
  // ERRATA 004: Example 1 (closed form) T* = 273.8; Example 3 / Table 2 (IBS, B = 10):
  // X = 109.6, 485.6, 404.8 and T* = 301.5; Example 4 (A', granularity 2): last layer 7.
  const AppState s = ran(Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 8, "E": 3, "C": 2,
      "load": 1000, "buffer": 10, "granularity": 2,
      "algorithms": ["ibs", "closed_form", "algorithm_a_prime"]})"));
  const DltViewModel m = dlt_view_model(s);
  CHECK(m.dim == 8);
  CHECK(m.E == doctest::Approx(3.0));
  CHECK(m.C == doctest::Approx(2.0));
  REQUIRE(m.buffer);
  CHECK(*m.buffer == doctest::Approx(10.0));
  REQUIRE(m.granularity);
  REQUIRE(m.res.size() == 3);

  const DltViewResult& ibs = m.res[0];
  CHECK(ibs.name == "ibs");
  CHECK(ibs.feasible);
  CHECK(ibs.verified);
  REQUIRE(ibs.steps.size() == 3);
  const double x[] = {109.6, 485.6, 404.8};
  for (int k = 0; k < 3; ++k) CHECK(ibs.steps[k].X == doctest::Approx(x[k]).epsilon(5e-4));
  CHECK(ibs.finish_time == doctest::Approx(301.5).epsilon(2e-4));
  CHECK(ibs.trials.empty());  // IBS has no truncation trials

  const DltViewResult& closed = m.res[1];
  CHECK(closed.finish_time == doctest::Approx(273.8).epsilon(2e-4));
  CHECK(closed.steps.empty());
  // Fig 2: one timing row per layer 0..last_layer, layer i has C(8, i) processors.
  REQUIRE(closed.timing.size() == static_cast<std::size_t>(closed.last_layer + 1));
  for (const auto& t : closed.timing) {
    CHECK(t.processors == static_cast<long long>(binomial(8, t.layer)));
    CHECK(t.compute.end <= closed.finish_time + 1e-9);
  }
  // The whole load is computed somewhere: the layers' totals add up to L = 1000.
  double total = 0;
  for (double v : closed.per_layer) total += v;
  CHECK(total == doctest::Approx(1000.0));

  const DltViewResult& a_prime = m.res[2];
  CHECK(a_prime.last_layer == 7);
  CHECK(a_prime.trials_check_buffers);
  REQUIRE_FALSE(a_prime.trials.empty());
  CHECK(std::count_if(a_prime.trials.begin(), a_prime.trials.end(),
                      [](const core::DltTrial& t) { return t.accepted; }) == 1);
}

TEST_CASE("DltViewModel.InfeasibleResultCarriesTheReason") {
  // 1000 units cannot fit 2-cube buffers of 1 per processor: IBS reports not_enough_buffers.
  const AppState s = ran(Json::parse(R"({"loadlab": 1, "kind": "dlt", "dim": 2, "E": 3, "C": 2,
      "load": 1000, "buffer": 1, "algorithms": ["ibs"]})"));
  const DltViewModel m = dlt_view_model(s);
  REQUIRE(m.res.size() == 1);
  CHECK_FALSE(m.res[0].feasible);
  CHECK(m.res[0].status == "not_enough_buffers");
  CHECK_FALSE(m.res[0].error.empty());
  CHECK(m.res[0].last_layer == -1);
  CHECK(m.res[0].timing.empty());
}
