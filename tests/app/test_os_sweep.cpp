// The os view's response time vs arrival rate sweep (src/app/os/model_view.cpp, run_os_sweep;
// "plots over load", survey 002 §4): the rates are the scenario's times the documented
// factors, the point at factor 1 is the scenario's own run, and under time sharing a
// linear-speedup stream answers no faster when its jobs arrive 8 times as often.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <iterator>

#include "app/model/app_state.h"
#include "app/os/model_view.h"
#include "io/scenario.h"
#include "run_in_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

void os_sweep_run(AppState& s, const Json& doc) {
  testing::run_in_state(s, doc);
}

Json linear_stream(int count) {
  Json doc = Json::parse(R"({"loadlab": 1, "kind": "os", "seed": 3, "processors": 8,
    "jobs": {"generator": "poisson", "rate": 0.1, "count": 40,
             "work": {"profile": "exponential", "value": 40},
             "threads": {"profile": "uniform", "low": 1, "high": 8},
             "speedup": {"model": "linear"}},
    "algorithms": ["central_queue", "process_control"],
    "params": {"central_queue": {"quantum": 1}}})");
  doc["jobs"]["count"] = count;
  return doc;
}

}  // namespace

TEST_CASE("OsSweep.RatesAreTheScenarioRateTimesTheFactorsAndFactorOneIsTheScenarioRun") {
  AppState s;
  os_sweep_run(s, linear_stream(40));
  const auto spec = os_sweep_spec(s);
  REQUIRE(spec);
  REQUIRE(spec->rates.size() == std::size(kOsSweepFactors));
  CHECK(spec->rates.size() == 8);
  CHECK(spec->rates.front() == doctest::Approx(0.025));
  CHECK(spec->rates.back() == doctest::Approx(0.2));
  CHECK(spec->generator.count == 40);  // under the cap: the whole stream
  CHECK(spec->policies == std::vector<std::string>{"central_queue", "process_control"});

  const OsSweep w = run_os_sweep(*spec, JobControl{});
  REQUIRE(w.series.size() == 2);
  const OsViewModel m = os_view_model(s);
  REQUIRE(m.policies.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    REQUIRE(w.series[k].mean_response.size() == 8);
    for (double y : w.series[k].mean_response) CHECK(std::isfinite(y));
    // Factor 1 regenerates exactly the scenario's jobs: the same run as the results table.
    CHECK(w.series[k].mean_response[3] == m.policies[k].run().mean_response_time);
  }
  // central_queue, linear speedup: the same jobs arriving 8x as often share the processors with
  // more of each other, so the mean response cannot be lower than at the lowest rate.
  CHECK(w.series[0].mean_response.back() >= w.series[0].mean_response.front());
  // At 1/4 of the rate the 40 jobs are far apart: no faster than alone (work / min(threads, P)).
  double alone = 0;
  for (double a : m.alone) alone += a;
  alone /= static_cast<double>(m.alone.size());
  CHECK(w.series[0].mean_response.front() >= alone * (1 - 1e-9));
}

TEST_CASE("OsSweep.CappedStreamAndExplicitJobsHaveNoSweep") {
  AppState s;
  os_sweep_run(s, linear_stream(1000));
  const auto spec = os_sweep_spec(s);
  REQUIRE(spec);
  CHECK(spec->scenario_jobs == 1000);
  CHECK(spec->generator.count <= kOsSweepMaxJobs);
  CHECK(spec->generator.count >= kOsSweepMinJobs);

  // A cancelled sweep stops before running anything (every point NaN).
  std::atomic<bool> cancel{true};
  const OsSweep w = run_os_sweep(*spec, JobControl{&cancel, nullptr});
  for (const auto& ser : w.series)
    for (double y : ser.mean_response) CHECK(std::isnan(y));

  AppState e;
  os_sweep_run(e, Json::parse(R"({"loadlab": 1, "kind": "os", "processors": 2,
                          "jobs": [{"arrival": 0, "work": 4, "threads": 2}],
                          "algorithms": ["central_queue"]})"));
  CHECK_FALSE(os_sweep_spec(e));
}
