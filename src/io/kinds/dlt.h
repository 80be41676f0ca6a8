// The "dlt" scenario kind: a divisible load on a hypercube (paper 004). Format:
// docs/scenario-dlt.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dlt/dlt_types.h"
#include "io/scenario.h"

namespace loadlab::io {

struct DltScenario {
  core::DltParams params;
  std::optional<double> buffer;
  std::optional<double> granularity;
  std::vector<std::string> algorithms;  // as given, or every algorithm the fields allow
};

/// The algorithm names of the dlt kind, in their canonical order.
std::vector<std::string> dlt_algorithm_names();

/// Reads and validates a dlt scenario (throws ScenarioError naming the field).
DltScenario read_dlt_scenario(const JsonReader& scenario);

/// Runs one algorithm and returns its result entry (schedule, timing, iterations, verification).
Json run_dlt_algorithm(const DltScenario& sc, const std::string& algorithm);

}  // namespace loadlab::io
