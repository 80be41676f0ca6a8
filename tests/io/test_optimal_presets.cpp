// Every balance preset that runs the optimum reports the task-hops of the reference formulation
// (LEMON's network simplex on the graph of Wu's Section 2), computed here on the preset's own
// topology and loads, and so does examples/cube3.json.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/balance/optimal.h"
#include "core/metrics/balance_metrics.h"
#include "io/kinds/balance.h"
#include "io/presets.h"
#include "io/scenario.h"

using namespace loadlab;
using io::Json;

namespace {

void optimal_preset_check(const Json& scenario) {
  const io::ScenarioPtr parsed = io::parse_scenario(scenario, io::RunContext{});
  const auto* balance = dynamic_cast<const io::BalanceScenario*>(parsed.get());
  REQUIRE(balance != nullptr);
  const Json results =
      io::results_document(*parsed, io::run_parsed(*parsed, io::RunContext{}))["results"];
  const core::BalanceResult ref =
      core::optimal(balance->topology, balance->loads, core::OptimalSolver::NetworkSimplex);
  int found = 0;
  for (const Json& r : results)
    if (r.value("algorithm", "") == "optimal") {
      CHECK(r.at("metrics").at("task_hops") == core::compute_balance_metrics(ref).task_hops);
      CHECK(r.value("verified", false));
      ++found;
    }
  CHECK(found == 1);
}

}  // namespace

TEST_CASE("OptimalPresets.EveryBalancePresetMatchesTheReference") {
  int checked = 0;
  for (const auto& p : io::presets()) {
    if (p.scenario.value("kind", "") != "balance") continue;
    bool runs_optimal = false;
    for (const Json& a : p.scenario["algorithms"]) runs_optimal = runs_optimal || a == "optimal";
    if (!runs_optimal) continue;
    CAPTURE(p.name);
    optimal_preset_check(p.scenario);
    ++checked;
  }
  CHECK(checked >= 5);  // wu_example1, 3, 4, wu_random_cube, big_balance
}

TEST_CASE("OptimalPresets.Cube3ExampleMatchesTheReference") {
  std::ifstream in(std::string(LOADLAB_SOURCE_DIR) + "/examples/cube3.json");
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  optimal_preset_check(Json::parse(ss.str()));
}
