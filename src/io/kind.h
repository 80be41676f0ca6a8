// The one shape every scenario kind has in io: JSON -> typed, validated scenario (parsed once) ->
// typed results (kept typed until written out).
//
// A kind lives in src/io/kinds/<kind>.cpp and defines:
//   - a `struct <Kind>Scenario : TypedScenario` with everything its run needs already built and
//     bounds-checked (topology, graph, loads, jobs, mesh, resolved algorithm list, params);
//   - a `struct <Kind>Result : TypedResult` per algorithm, whose to_json() writes the result entry
//     (always with "algorithm" and "verified");
//   - `KindHandler <kind>_kind()` registered in io/scenario.cpp's scenario_kinds().
// The CLI, the playground (which parses off the UI thread for big scenarios) and the tests all
// share the same TypedScenario object; nothing parses a scenario or a result twice.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/common/algorithm_info.h"
#include "io/json_reader.h"

namespace loadlab::io {

struct RunContext;  // io/scenario.h

/// A validated scenario. Immutable once built; shared as ScenarioPtr.
struct TypedScenario {
  virtual ~TypedScenario() = default;
  std::string kind;
  std::uint64_t seed = 1;
  /// The algorithms to run, resolved (a kind may fill a default set when none is named).
  std::vector<std::string> algorithms;
  /// The validated document (migrated to the current version): what a share link carries.
  Json document;
};

/// One algorithm's result. Kinds derive and add their typed fields.
struct TypedResult {
  virtual ~TypedResult() = default;
  std::string algorithm;
  bool verified = false;
  std::vector<std::string> errors;  ///< the verifier's findings when !verified
  /// The result entry as the CLI prints it: {"algorithm", "verified", ...kind's keys}.
  virtual Json to_json() const = 0;
};

using ScenarioPtr = std::shared_ptr<const TypedScenario>;
using ResultPtr = std::shared_ptr<const TypedResult>;

/// One scenario kind.
struct KindHandler {
  const char* name;   ///< "balance", "dag", ...: the value of "kind" (a contract)
  const char* title;  ///< "Network load balancing", ... (menus, help)
  /// The kind's descriptor table (core), in display order.
  const std::vector<core::AlgorithmInfo>& (*algorithms)();
  /// Reads and validates every field of a document of this kind (common keys were checked);
  /// throws ScenarioError naming the field. Never runs an algorithm.
  std::shared_ptr<TypedScenario> (*parse)(const JsonReader& scenario, const RunContext& ctx);
  /// Runs a parsed scenario: one result per algorithm, verified. Honours ctx.cancel/progress.
  std::vector<ResultPtr> (*run)(const TypedScenario& scenario, const RunContext& ctx);
};

/// The per-algorithm settings object `params/<algorithm>` (an empty object if absent). Kinds read
/// their algorithms' settings through this so errors name "/params/<algorithm>/<key>".
/// Validation of the "params" object itself (keys must be algorithms of the kind) is common.
JsonReader algorithm_params(const JsonReader& scenario, const std::string& algorithm);

/// For an algorithm that has no settings: any key in params/<algorithm> is refused
/// (ScenarioError at "/params/<algorithm>/<key>").
void reject_algorithm_params(const JsonReader& scenario, const std::string& algorithm);

}  // namespace loadlab::io
