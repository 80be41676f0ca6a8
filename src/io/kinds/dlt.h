// The "dlt" scenario kind: a divisible load on a hypercube (paper 004). Format:
// docs/scenario-dlt.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dlt/dlt_types.h"
#include "io/scenario.h"

namespace loadlab::io {

/// A validated dlt scenario; `algorithms` as given, or every algorithm the fields allow.
struct DltScenario : TypedScenario {
  core::DltParams params;
  std::optional<double> buffer;
  std::optional<double> granularity;
};

/// One algorithm's result: the core result (schedule, IBS iterations, trials) and its check.
struct DltRunResult : TypedResult {
  core::DltResult result;
  std::vector<std::string> verify_problems;  ///< the verifier's findings when !verified
  /// Today's result entry: algorithm, feasible, status, error | note, finish_time, last_layer,
  /// alpha, load_per_processor, load_per_layer, received, received_per_layer, processors,
  /// timing, iterations?, trials?, verified, verify_problems?.
  Json to_json() const override;
};

/// The algorithm names of the dlt kind, in their canonical order (core::dlt_algorithm_table()).
std::vector<std::string> dlt_algorithm_names();

/// Reads and validates a dlt scenario (throws ScenarioError naming the field).
DltScenario read_dlt_scenario(const JsonReader& scenario);

/// Runs one algorithm (verified).
DltRunResult run_dlt_algorithm(const DltScenario& sc, const std::string& algorithm);

}  // namespace loadlab::io
