// The dynamic view's "System phases" replay (src/app/dynamic/model_phases.h) and "Real threads"
// measurement (src/app/dynamic/model_threads.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "app/dynamic/model_phases.h"
#include "app/dynamic/model_threads.h"
#include "app/dynamic/model_view.h"
#include "io/presets.h"
#include "io/scenario.h"
#include "sim/dynamic_exec/tree_workload.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;

namespace {

DynamicViewModel run_preset(AppState& st, const char* preset) {
  REQUIRE_FALSE(set_scenario(st, io::find_preset(preset).scenario).has_value());
  set_results(st, io::run_parsed(*st.parsed, io::RunContext{}), Json::array());
  return dynamic_view_model(st);
}

const DynamicStrategyData& strategy(const DynamicViewModel& m, const std::string& name) {
  for (const auto& d : m.strategies)
    if (d.name == name) return d;
  FAIL("no strategy " << name);
  return m.strategies.front();
}

}  // namespace

TEST_CASE("DynamicPhases.EveryRipsPhaseReplaysToTheRunsMigrations") {
  // Three presets, three walking algorithms (mwa on a mesh, cwa on a hypercube, the optimum on a
  // ring): each phase's replay must move exactly the tasks the run moved in that phase.
  for (const char* preset :
       {"dynamic_hotspot_mesh", "dynamic_bursts_hypercube", "dynamic_bnb_ring"}) {
    CAPTURE(preset);
    AppState st;
    const DynamicViewModel m = run_preset(st, preset);
    const DynamicStrategyData& rips = strategy(m, "rips");
    const auto& phases = rips.run().phases;
    REQUIRE(!phases.empty());
    std::int64_t hops = 0;
    for (int k = 0; k < static_cast<int>(phases.size()); ++k) {
      CAPTURE(k);
      const RipsPhaseReplay rp = rips_phase_replay(*m.scenario, *rips.result, k);
      REQUIRE(rp.error.empty());
      CHECK_MESSAGE(rp.matches_run, rp.mismatch);
      // The replay conserves the ready tasks and leaves them balanced to within one task per node
      // (every walking algorithm's quota, paper 000 Section 2).
      const auto& fin = rp.balance.final_loads;
      CHECK(std::accumulate(fin.begin(), fin.end(), std::int64_t{0}) == rp.ready_tasks);
      CHECK(load_spread(fin) <= 1);
      for (const auto& t : rp.balance.transfers) hops += t.count;
    }
    CHECK(hops == rips.run().task_hops);
  }
}

TEST_CASE("DynamicPhases.AReplayThatDiffersFromTheRunIsReported") {
  AppState st;
  const DynamicViewModel m = run_preset(st, "dynamic_hotspot_mesh");
  const DynamicStrategyData& rips = strategy(m, "rips");
  // Find a phase that moved something, then drop one of its migrations from a copy of the result.
  int k = 0;
  while (k < static_cast<int>(rips.run().phases.size()) &&
         rips.run().phases[static_cast<std::size_t>(k)].task_hops == 0)
    ++k;
  REQUIRE(k < static_cast<int>(rips.run().phases.size()));
  io::DynamicResult broken = *rips.result;
  const auto& ph = broken.run.phases[static_cast<std::size_t>(k)];
  auto it = std::find_if(
      broken.run.migration_log.begin(), broken.run.migration_log.end(),
      [&](const core::MigrationRecord& g) { return g.depart >= ph.start && g.depart <= ph.end; });
  REQUIRE(it != broken.run.migration_log.end());
  broken.run.migration_log.erase(it);
  const RipsPhaseReplay rp = rips_phase_replay(*m.scenario, broken, k);
  CHECK_FALSE(rp.matches_run);
  CHECK(!rp.mismatch.empty());
  CHECK(!rips_phase_replay(*m.scenario, *rips.result, 100000).error.empty());
}

TEST_CASE("DynamicThreads.EveryStrategyRunsTheScenariosTreeExactlyOnce") {
  AppState st;
  const DynamicViewModel m = run_preset(st, "dynamic_bnb_ring");  // spawn trees: branch and bound
  DynamicThreadsRequest req;
  req.threads = 2;
  req.target_seconds = 0.02;
  const DynamicThreadsReport rep = measure_dynamic_threads(*m.scenario, req, 2, nullptr, nullptr);
  REQUIRE(rep.error.empty());
  // The preset names none, random and work_stealing among the shared-memory strategies.
  std::vector<std::string> names;
  for (const auto& r : rep.rows) names.push_back(r.strategy);
  CHECK(names == std::vector<std::string>{"none", "random", "work_stealing"});
  // The tree's size, counted here by a plain traversal of the same workload.
  const sim::TreeWorkload w = sim::TreeWorkload::spawn(m.scenario->workload, 1.0);
  std::int64_t n = 0;
  std::vector<sim::ThreadTask> stack(w.roots().begin(), w.roots().end());
  while (!stack.empty()) {
    const sim::ThreadTask t = stack.back();
    stack.pop_back();
    ++n;
    w.children(t, stack);
  }
  CHECK(rep.tasks == n);
  for (const auto& r : rep.rows) {
    CAPTURE(r.strategy);
    CHECK(r.verified);
    CHECK(r.tasks == n);
    CHECK(std::accumulate(r.tasks_per_thread.begin(), r.tasks_per_thread.end(), std::int64_t{0}) ==
          n);
    CHECK(r.seconds > 0);
  }
}

TEST_CASE("DynamicThreads.UtsAllFourStrategiesAndBadRequests") {
  AppState st;
  const DynamicViewModel m = run_preset(st, "dynamic_hotspot_mesh");  // names all seven strategies
  DynamicThreadsRequest req;
  req.workload = "uts_geometric";
  req.threads = 3;
  const DynamicThreadsReport rep = measure_dynamic_threads(*m.scenario, req, 2, nullptr, nullptr);
  REQUIRE(rep.error.empty());
  REQUIRE(rep.rows.size() == 4);
  for (const auto& r : rep.rows) CHECK(r.verified);
  req.threads = 0;
  CHECK(measure_dynamic_threads(*m.scenario, req, 2, nullptr, nullptr).error.find("threads") !=
        std::string::npos);
  req.threads = 2;
  req.workload = "nonsense";
  CHECK(measure_dynamic_threads(*m.scenario, req, 2, nullptr, nullptr).error.find("nonsense") !=
        std::string::npos);
  // Cancelled before it starts: no rows, says so.
  std::atomic<bool> cancel{true};
  req.workload = "uts_binomial";
  const auto c = measure_dynamic_threads(*m.scenario, req, 2, &cancel, nullptr);
  CHECK(c.error == "cancelled");
  CHECK(c.rows.empty());
}

TEST_CASE("DynamicThreads.ATreeAboveTheLimitIsRefusedBeforeRunning") {
  // 3 children per task to depth 14 from 64 roots: far above 2 million tasks.
  Json s = io::find_preset("dynamic_bnb_ring").scenario;
  s["workload"]["spawn"] = {{"shape", "fixed"}, {"m", 3}, {"prune", 0.0}, {"max_depth", 14}};
  AppState st;
  REQUIRE_FALSE(set_scenario(st, s).has_value());
  const auto* sc = dynamic_cast<const io::DynamicScenario*>(st.parsed.get());
  REQUIRE(sc);
  DynamicThreadsRequest req;
  const auto rep = measure_dynamic_threads(*sc, req, 2, nullptr, nullptr);
  CHECK(rep.error.find("too many") != std::string::npos);
  CHECK(rep.rows.empty());
}
