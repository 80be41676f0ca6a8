// Scenarios: the versioned JSON documents that fully determine an experiment.
//
// A scenario names its kind ("balance", "dag", ...); each kind lives in its own file under
// io/kinds/ (the shape is io/kind.h). parse_scenario() is the one validation path: it checks
// everything and builds the typed scenario once, so a bad field is reported before any work starts;
// run_parsed() runs that object. The format is documented in docs/scenario-format.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::core {
class TaskGraph;
class Topology;
struct IterativeOptions;
}  // namespace loadlab::core
namespace loadlab::sim {
struct NodeBalanceRun;
struct NodeIterativeRun;
}  // namespace loadlab::sim

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
  /// The transport of engine "nodes" for balance algorithms: empty = sim::run_balance_nodes on
  /// `threads` threads. loadlab-mpi (src/mpi, docs/mpi.md) plugs in the MPI transport here.
  std::function<sim::NodeBalanceRun(const std::string& algorithm, const core::Topology& topology,
                                    const std::vector<std::int64_t>& loads)>
      balance_nodes;
  /// The same for the iterative balance algorithms of notes 003 (gde, diffusion, gradient): empty =
  /// sim::run_iterative_nodes on `threads` threads; loadlab-mpi plugs in the MPI transport.
  std::function<sim::NodeIterativeRun(const std::string& algorithm, const core::Topology& topology,
                                      const std::vector<std::int64_t>& loads,
                                      const core::IterativeOptions& options)>
      iterative_nodes;
  /// A task graph an importer has already read from its file and written into the document as its
  /// inline "graph" (graph_to_json): the dag kind takes it instead of reading that inline graph
  /// again, after checking that the document lists exactly these tasks and edges (else it reads
  /// the document as usual), so an import is parsed once and gives what reopening its link gives.
  std::shared_ptr<const core::TaskGraph> imported_graph;
};

/// All registered kinds.
const std::vector<KindHandler>& scenario_kinds();
/// The kind called `name`, or nullptr.
const KindHandler* find_kind(std::string_view name);

/// The algorithm names of a kind, in display order (empty for an unknown kind).
std::vector<std::string> algorithm_names_of(std::string_view kind);

/// Migrates, checks the common keys and parses the kind's fields, once: the typed scenario every
/// consumer shares. Throws ScenarioError naming the field.
ScenarioPtr parse_scenario(const Json& scenario, const RunContext& ctx);
/// Parses text (size-limited JSON) and then as parse_scenario.
ScenarioPtr parse_scenario_text(std::string_view text, const RunContext& ctx);
/// Runs a parsed scenario: one verified result per algorithm.
std::vector<ResultPtr> run_parsed(const TypedScenario& scenario, const RunContext& ctx);
/// The result document the CLI prints: {"loadlab": 1, "kind": ..., "results": [...]}.
Json results_document(const TypedScenario& scenario, const std::vector<ResultPtr>& results);

/// parse_scenario_text, keeping only the migrated, validated document (share links, the app's
/// document); throws ScenarioError. Prefer parse_scenario_text when the scenario will also run.
Json load_scenario_text(std::string_view text, const RunContext& ctx);
/// parse_scenario, discarding the typed scenario (version, kind, the kind's own fields);
/// throws ScenarioError.
void validate_scenario(const Json& scenario, const RunContext& ctx);
/// Migrates an older version to kScenarioVersion (identity for version 1).
Json migrate_scenario(const Json& scenario);
/// parse_scenario + run_parsed + results_document (a façade for tests and simple callers):
/// {"loadlab": 1, "kind": ..., "results": [...]}.
Json run_scenario(const Json& scenario, const RunContext& ctx);

/// Reads the "algorithms" array, checking names against the kind's list.
std::vector<std::string> read_algorithms(const JsonReader& scenario,
                                         const std::vector<std::string>& known);

/// The seed of a scenario ("seed", default 1).
std::uint64_t read_seed(const JsonReader& scenario);

/// Keys every scenario may carry besides its kind's own: "loadlab", "kind", "seed", "name",
/// "description", "algorithms", "params" (per-algorithm settings, keyed by algorithm name), "ui"
/// (view state the playground keeps; ignored by runs).
bool is_common_key(std::string_view key);

/// Rejects keys that are neither common nor in `own` (the kind's fields).
void reject_unknown_keys(const JsonReader& scenario, std::initializer_list<std::string_view> own);

}  // namespace loadlab::io
