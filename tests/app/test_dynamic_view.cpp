// The dynamic kind's view model (src/app/dynamic/model_view.h): tasks per node over
// time from the task and migration logs, on a hand-made run and on the gallery preset.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/dynamic/model_view.h"
#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

TEST_CASE("DynamicView.LoadSeries.HandMadeRunWithOneMigration") {
  // Two tasks appear on node 0 at time 0. A runs there 0..2; B migrates to node 1 (0.5 .. 1.0) and
  // runs there 1..3. Expected counts worked out by hand.
  core::DynamicRunResult run;
  run.completion_time = 3;
  core::TaskRecord a;
  a.appear = 0, a.origin = 0, a.node = 0, a.start = 0, a.end = 2;
  core::TaskRecord b;
  b.appear = 0, b.origin = 0, b.node = 1, b.start = 1, b.end = 3;
  run.task_log = {a, b};
  run.migration_log = {{1, 0, 1, 1, 0.5, 1.0}};
  const auto s = dynamic_load_series(run, 2, {0, 0.75, 1.5, 2.5, 3});
  REQUIRE(s.value.size() == 5);
  const std::vector<std::vector<std::int32_t>> expected = {{2, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}};
  CHECK(s.value == expected);
  CHECK(s.in_flight == std::vector<std::int32_t>{0, 1, 0, 0, 0});
  CHECK(migrations_in_flight(run, 0.75, 10).size() == 1);
  CHECK(migrations_in_flight(run, 1.0, 10).empty());
}

TEST_CASE("DynamicView.LoadSeries.PresetCountsMatchTheTaskLog") {
  AppState st;
  REQUIRE_FALSE(set_scenario(st, io::find_preset("dynamic_hotspot_mesh").scenario).has_value());
  set_results(st, io::run_parsed(*st.parsed, io::RunContext{}), Json::array());
  const DynamicViewModel m = dynamic_view_model(st);
  REQUIRE(m.scenario);
  REQUIRE(m.strategies.size() == 7);
  CHECK(m.layout.size() == 16);
  const core::LoadVector& initial = m.scenario->workload.initial;
  for (const auto& d : m.strategies) {
    CAPTURE(d.name);
    CHECK(d.verified);
    const core::DynamicRunResult& r = d.run();
    const auto times = dynamic_sample_times(r, 50);
    CHECK(times.front() == 0);
    CHECK(times.back() == r.completion_time);
    const auto s = dynamic_load_series(r, 16, times);
    for (std::size_t k = 0; k < times.size(); ++k) {
      // Tasks in the system at t, counted directly: appeared by t and not finished by t.
      std::int64_t live = 0;
      for (const auto& t : r.task_log) live += t.appear <= times[k] && t.end > times[k];
      std::int64_t at_nodes = 0;
      for (auto x : s.value[k]) {
        CHECK(x >= 0);
        at_nodes += x;
      }
      CHECK(at_nodes + s.in_flight[k] == live);
    }
    for (auto x : s.value.back()) CHECK(x == 0);  // everything finished at completion
    if (d.name == "none") {  // nothing moves: the initial tasks where they were put
      for (std::size_t v = 0; v < 16; ++v) CHECK(s.value[0][v] == initial[v]);
    }
  }
}

TEST_CASE("DynamicView.FailedStrategyIsLeftOutOfTheViews") {
  // "none" runs past the simulated-time limit (12 tasks of 1e8 on one node); work_stealing
  // finishes. The views list only work_stealing; the summary keeps the failure with its field.
  AppState st;
  REQUIRE_FALSE(set_scenario(st, Json::parse(R"({"loadlab": 1, "kind": "dynamic", "seed": 3,
    "topology": {"type": "line", "nodes": 2},
    "workload": {"initial": [12, 0], "duration": {"profile": "constant", "value": 1e8}},
    "algorithms": ["none", "work_stealing"]})"))
                    .has_value());
  auto typed = io::run_parsed(*st.parsed, io::RunContext{});
  Json entries = io::results_document(*st.parsed, typed).at("results");
  set_results(st, std::move(typed), std::move(entries));
  const DynamicViewModel m = dynamic_view_model(st);
  REQUIRE(m.strategies.size() == 1);
  CHECK(m.strategies[0].name == "work_stealing");
  CHECK(m.strategies[0].result->run.tasks == 12);
  const Json summary = summary_json(st);
  REQUIRE(summary.at("results").size() == 2);
  CHECK(summary["results"][0].at("error").at("field") == "/workload");
  CHECK_FALSE(summary["results"][1].contains("error"));
}
