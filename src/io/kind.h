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

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/common/narration.h"
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

/// Why one algorithm produced no result at run time (the scenario itself was valid): an exception
/// it threw, e.g. a simulation limit or a size the algorithm refuses. Its entry in the results is
/// {"algorithm", "verified": false, "error": {"message", "field"}}; the others are complete.
struct RunFailure {
  std::string message;
  std::string field;  ///< JSON pointer of the setting concerned, else "/algorithms/<index>"
};

/// One algorithm's result. Kinds derive and add their typed fields.
struct TypedResult {
  virtual ~TypedResult() = default;
  std::string algorithm;
  bool verified = false;
  std::vector<std::string> errors;  ///< the verifier's findings when !verified
  /// Set when the algorithm failed at run time: then only `algorithm` is meaningful and the kind's
  /// typed fields keep their defaults (views skip the entry).
  std::optional<RunFailure> failure;
  bool failed() const { return failure.has_value(); }
  /// The result entry as the CLI prints it: {"algorithm", "verified", ...kind's keys}, or for a
  /// failed algorithm failure_json().
  virtual Json to_json() const = 0;
  /// {"algorithm", "verified": false, "error": {"message", "field"}}.
  Json failure_json() const;
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
  /// The step-by-step narration of one successful result (`loadlab explain`, the playground's
  /// caption); nullptr while the kind narrates nothing.
  core::Narration (*explain)(const TypedScenario& scenario, const TypedResult& result) = nullptr;
  /// The pseudo-code the narration of `algorithm` lights line by line, without running anything
  /// (the help panel shows it too); empty for an algorithm that narrates none. nullptr while the
  /// kind narrates nothing.
  std::vector<std::string> (*pseudocode)(std::string_view algorithm) = nullptr;
  /// Keys of "params" that are settings of the whole kind, not of one algorithm (dag:
  /// "stochastic"); nullptr when every key names an algorithm.
  const std::vector<std::string>& (*param_sections)() = nullptr;
};

/// The failure of algorithm `index` from the exception being handled (call inside a catch):
/// a ScenarioError keeps its field, anything else is located at "/algorithms/<index>". Rethrows
/// when `cancel` is set: a cancelled run is not an algorithm's failure.
RunFailure current_run_failure(std::size_t index, const std::atomic<bool>* cancel);

/// Runs algorithm `index` of a scenario through `run` (returns a shared_ptr to the kind's result,
/// verified). An exception it throws becomes that algorithm's failure, on a fresh R carrying only
/// the name, so one algorithm's failure never takes the others' results with it.
template <class R, class Fn>
std::shared_ptr<R> run_one_algorithm(const std::string& algorithm, std::size_t index,
                                     const std::atomic<bool>* cancel, Fn&& run) {
  try {
    return run();
  } catch (...) {
    auto r = std::make_shared<R>();
    r->algorithm = algorithm;
    r->failure = current_run_failure(index, cancel);
    return r;
  }
}

/// The per-algorithm settings object `params/<algorithm>` (an empty object if absent). Kinds read
/// their algorithms' settings through this so errors name "/params/<algorithm>/<key>".
/// Validation of the "params" object itself (keys must be algorithms of the kind) is common.
JsonReader algorithm_params(const JsonReader& scenario, const std::string& algorithm);

/// For an algorithm that has no settings: any key in params/<algorithm> is refused
/// (ScenarioError at "/params/<algorithm>/<key>").
void reject_algorithm_params(const JsonReader& scenario, const std::string& algorithm);

}  // namespace loadlab::io
