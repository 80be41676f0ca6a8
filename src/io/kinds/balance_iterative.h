// The balance kind's iterative algorithms of course notes 003: gde, diffusion, gradient
// (../shared/seeds/003_6046837c8e4c81af.txt). Reads their params/<algorithm> settings and writes
// their result entries; docs/scenario-balance.md "Iterative neighbour balancing".
#pragma once

#include <string>

#include "core/balance/iterative.h"
#include "io/kinds/balance.h"

namespace loadlab::io {

/// gde, diffusion, gradient.
bool is_iterative_balance_algorithm(const std::string& algorithm);

/// Reads params/<algorithm> of the scenario `s` (throws ScenarioError naming
/// "/params/<algorithm>/<key>"): lambda (gde) / alpha (diffusion): a number in (0, 1], "optimal",
/// or (alpha) "averaging"; threshold (gradient); max_sweeps; stop; model; termination;
/// termination_k.
core::IterativeOptions read_iterative_params(const JsonReader& s, const std::string& algorithm,
                                             const core::Topology& topology);

/// One iterative algorithm's result entry.
struct IterativeRunResult : TypedResult {
  core::IterativeResult result;
  std::string engine = "central";
  int threads = 1;
  std::int64_t supersteps = 0, messages = 0;
  /// Why predicted_rate is null (too many nodes, or the gradient model is not linear).
  std::string no_prediction;
  Json to_json() const override;
};

/// Runs `algorithm` (is_iterative_balance_algorithm) of a parsed balance scenario.
std::shared_ptr<IterativeRunResult> run_iterative_algorithm(const BalanceScenario& sc,
                                                            const std::string& algorithm,
                                                            std::size_t index,
                                                            const RunContext& ctx);

}  // namespace loadlab::io
