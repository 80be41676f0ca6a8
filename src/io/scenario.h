// Scenarios: the versioned JSON documents that fully determine an experiment.
//
// A scenario names its kind ("balance", "dag", "loop", "dlt"); each kind lives in its own file under
// io/kinds/ and provides a validator and a runner. run_scenario() validates everything first, so a
// bad field is reported before any work starts. The format is documented in docs/scenario-format.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::io {

/// The scenario format version this build writes; older versions are migrated on read.
inline constexpr int kScenarioVersion = 1;

struct ScenarioLimits {
  static constexpr std::size_t max_document_bytes = 16u << 20;  // 16 MiB of JSON text
  static constexpr std::size_t max_algorithms = 64;
};

/// How a scenario is run (not part of the scenario: the same scenario gives the same results).
struct RunContext {
  /// Folder that relative file references in the scenario ("graph": {"file": ...}) resolve against.
  std::filesystem::path base_dir = ".";
  /// "central" (the algorithms as functions) or "nodes" (per-node programs on the BSP engine).
  std::string engine = "central";
  int threads = 1;
  /// Set to true from another thread to stop a long run; runners check it between units of work.
  const std::atomic<bool>* cancel = nullptr;
  /// Called with a fraction in [0, 1] as work proceeds (may be empty).
  std::function<void(double)> progress;
};

/// One scenario kind: validates a document of that kind and runs it.
struct KindHandler {
  const char* name;
  /// Throws ScenarioError naming the field if the document is not a valid scenario of this kind.
  void (*validate)(const JsonReader& scenario, const RunContext& ctx);
  /// Runs a validated scenario; returns the result entries, one per algorithm.
  Json (*run)(const JsonReader& scenario, const RunContext& ctx);
  /// Algorithm names this kind accepts in "algorithms".
  std::vector<std::string> (*algorithms)();
};

/// All registered kinds.
const std::vector<KindHandler>& scenario_kinds();

/// Parses text and validates; throws ScenarioError.
Json load_scenario_text(std::string_view text, const RunContext& ctx);
/// Validates a parsed scenario (version, kind, and the kind's own fields); throws ScenarioError.
void validate_scenario(const Json& scenario, const RunContext& ctx);
/// Migrates an older version to kScenarioVersion (identity for version 1).
Json migrate_scenario(const Json& scenario);
/// Validates and runs: {"loadlab": 1, "kind": ..., "results": [...]}.
Json run_scenario(const Json& scenario, const RunContext& ctx);

/// Reads the "algorithms" array, checking names against the kind's list.
std::vector<std::string> read_algorithms(const JsonReader& scenario,
                                         const std::vector<std::string>& known);

/// The seed of a scenario ("seed", default 1).
std::uint64_t read_seed(const JsonReader& scenario);

/// Keys every scenario may carry besides its kind's own: "loadlab", "kind", "seed", "name",
/// "description", "algorithms", "ui" (view state the playground keeps; ignored by runs).
bool is_common_key(std::string_view key);

/// Rejects keys that are neither common nor in `own` (the kind's fields).
void reject_unknown_keys(const JsonReader& scenario, std::initializer_list<std::string_view> own);

}  // namespace loadlab::io
