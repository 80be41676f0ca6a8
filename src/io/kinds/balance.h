// The "balance" scenario kind: a processor network with an initial load per node (paper 000).
// Format: docs/scenario-balance.md. Algorithms: core::balance_algorithm_table().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "core/verify/balance_verify.h"
#include "io/scenario.h"

namespace loadlab::io {

/// A validated balance scenario: topology and loads built once, algorithms resolved (named ones
/// checked against the topology; none named = the table's default set this topology supports).
struct BalanceScenario : TypedScenario {
  BalanceScenario(core::Topology t, core::LoadVector l)
      : topology(std::move(t)), loads(std::move(l)) {}
  core::Topology topology;
  core::LoadVector loads;
  /// The scenario's "params" object ({} if absent), validated at parse time: an algorithm with
  /// settings reads them from params/<name> in read_balance_scenario (via io::algorithm_params, so
  /// errors name "/params/<name>/<key>"); an algorithm without settings refuses every key.
  Json params = Json::object();
};

/// One algorithm's run: the core result, its verification, metrics and how it was run.
struct BalanceRunResult : TypedResult {
  core::BalanceResult result;
  core::BalanceVerification verification;
  core::BalanceMetrics metrics;
  /// Paper 000 Lemma 4's lower bound on non-local tasks for the scenario's loads.
  std::int64_t min_non_local_tasks = 0;
  /// "central" or "nodes" (the per-node programs on the BSP engine, src/sim).
  std::string engine = "central";
  int threads = 1;              ///< engine "nodes" only
  std::int64_t supersteps = 0;  ///< engine "nodes" only
  std::int64_t messages = 0;    ///< engine "nodes" only (every message, not only transfers)
  /// Loads after each step (steps + 1 rows), absent when (steps + 1) * nodes is too large.
  std::optional<std::vector<core::LoadVector>> trace;
  /// Today's result entry: algorithm, verified, errors?, engine (+ threads, supersteps,
  /// messages), steps, final_loads, transfers (canonical order), metrics, trace?.
  Json to_json() const override;
};

/// Reads and validates a balance scenario (throws ScenarioError naming the field).
BalanceScenario read_balance_scenario(const JsonReader& scenario);

/// Runs one algorithm of a parsed scenario (`index` is its place in sc.algorithms, for errors).
BalanceRunResult run_balance_algorithm(const BalanceScenario& sc, const std::string& algorithm,
                                       std::size_t index, const RunContext& ctx);

}  // namespace loadlab::io
