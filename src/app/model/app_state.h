// The playground's state: the current scenario (the single source of truth, exactly what a share
// link carries), what is derived from it for drawing, and the last run's results.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/loads.h"
#include "core/model/topology.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

struct AppState {
  /// The typed scenario, parsed and validated once (io::parse_scenario); the runner and the views
  /// share it. Never null after the first successful set_scenario.
  io::ScenarioPtr parsed;
  io::Json scenario;  ///< parsed->document: the validated document a share link carries
  std::string kind;   ///< scenario["kind"]

  // Derived for "balance" scenarios (the network view draws these).
  std::optional<core::Topology> topology;
  core::LoadVector loads;
  std::vector<core::Point> layout;

  std::vector<io::ResultPtr> typed_results;  ///< the last run's results, typed
  io::Json results;         ///< their JSON entries (test hook, results table, JSON view), or null
  int selected_result = 0;  ///< which result the network view animates
  int step = 0;             ///< communication step shown (0 = initial loads)

  std::string status;  ///< one line for the status bar
  bool status_is_error = false;
  /// An error that must stay until dismissed (a bad share link): while set, set_status
  /// drops messages that are not errors (a run finishing must not hide why a link was refused).
  bool status_pinned = false;

  // Facts the browser test hook reports.
  bool worker_ran = false;             ///< a job finished on a worker thread
  bool worker_thread_differs = false;  ///< ... and that thread was not the UI thread
  long long frames = 0;
  /// Partition view, mesh without coordinates: "running" while its layout is computed, "ready"
  /// once it is drawn with it, "" otherwise.
  std::string mesh_layout;
};

/// What the views draw that is derived from a parsed scenario (the network and its layout for
/// "balance"). Computed off the UI thread by the scenario opener (model/scenario_opener.h).
struct DerivedScenario {
  std::optional<core::Topology> topology;
  core::LoadVector loads;
  std::vector<core::Point> layout;
};

/// Derives the drawing data of a parsed scenario (may take long for big networks: worker thread).
DerivedScenario derive_scenario(const io::TypedScenario& parsed);
/// Installs a parsed scenario and its derived data (cheap: moves only); clears the results.
void install_scenario(AppState& s, io::ScenarioPtr parsed, DerivedScenario derived);

// Synchronous versions, for tests and the startup scenario. Every UI path opens scenarios through
// ScenarioOpener instead, so a big generator never freezes the UI.

/// Validates and installs a scenario; on failure leaves the state unchanged and returns the error
/// (the field's JSON pointer and reason).
std::optional<std::string> set_scenario(AppState& s, const io::Json& scenario);
/// Installs an already parsed scenario. Throws only if deriving the drawing data fails, and then
/// leaves the state unchanged.
void set_parsed_scenario(AppState& s, io::ScenarioPtr parsed);
/// Installs a run's typed results and their JSON entries (the "results" array).
void set_results(AppState& s, std::vector<io::ResultPtr> typed, io::Json entries);

/// Parses text (JSON) and installs it; errors are returned as text.
std::optional<std::string> set_scenario_text(AppState& s, const std::string& text);

/// Number of communication steps in result `index` (0 if it has no transfers).
int step_count(const AppState& s, int index);

/// The JSON the browser test hook returns: scenario, results, status, isolation facts.
io::Json state_json(const AppState& s, bool cross_origin_isolated);
/// What a script polling often needs, without the scenario and the results themselves (state_json
/// carries both: megabytes for a task graph of 10,000 tasks): kind, name, status, frames, the
/// task count of a task graph, and per result its algorithm, "verified" and makespan.
io::Json summary_json(const AppState& s);

void set_status(AppState& s, std::string text, bool error = false);

}  // namespace loadlab::app
