// The "loop" scenario kind: loop scheduling (paper 002, Section 3.1) in the virtual-time
// simulator. Format and limits: docs/scenario-loop.md. Techniques: core::loop_algorithm_table().
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/loops/simulator.h"
#include "io/scenario.h"

namespace loadlab::io {

/// A validated loop scenario. `algorithms` stays empty when none is named: every technique runs.
struct LoopScenario : TypedScenario {
  core::LoopParams params;  ///< mean_cost / sd_cost are filled from the costs at run time
  core::CostProfile cost;
  core::LoopMachine machine;
  std::size_t chunks_listed = 10'000;
};

/// One technique's simulated run.
struct LoopRunResult : TypedResult {
  const core::LoopTechnique* technique = nullptr;
  core::LoopRunResult run;         ///< chunks: at most chunks_listed (metrics count all of them)
  std::string verification_error;  ///< the stream verifier's message when !verified
  double mean_cost = 0;            ///< of the generated iteration costs
  double sd_cost = 0;
  /// Today's result entry: algorithm, title, source, formula, verified, verification_error?,
  /// parallel_time, percent_imbalance, cov, num_chunks, synchronizations, chunks,
  /// chunks_truncated, threads, profile.
  Json to_json() const override;
};

/// Reads and validates a loop scenario (throws ScenarioError naming the field).
LoopScenario read_loop_scenario(const JsonReader& scenario);

}  // namespace loadlab::io
