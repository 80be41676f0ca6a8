// The playground's state: the current scenario (the single source of truth, exactly what a share
// link carries), what is derived from it for drawing, and the last run's results.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

/// What a kind derives from its parsed scenario for drawing (a network's layout), computed off
/// the UI thread by the scenario opener and installed with the scenario, so the two never
/// disagree. Each kind defines its own (its module's KindModule::derive); here it is opaque.
struct KindDerived {
  virtual ~KindDerived() = default;
};
using DerivedScenario = std::shared_ptr<const KindDerived>;
/// Derives a parsed scenario's drawing data (may take long for big networks: worker thread);
/// null when the kind derives nothing.
using ScenarioDeriver = std::function<DerivedScenario(const io::TypedScenario&)>;

struct AppState {
  /// The typed scenario, parsed and validated once (io::parse_scenario); the runner and the views
  /// share it. Never null after the first successful set_scenario.
  io::ScenarioPtr parsed;
  /// parsed->document: the validated document a share link carries (replaced only by
  /// install_scenario, which bumps `generation`).
  io::Json scenario;
  std::string kind;  ///< scenario["kind"]
  /// Bumped by every install: views key what they derive from the scenario on it (cheaper than
  /// comparing documents, and unlike an address never reused by a later scenario).
  std::uint64_t generation = 0;

  DerivedScenario derived;  ///< the kind's drawing data for `parsed` (KindDerived), or null

  std::vector<io::ResultPtr> typed_results;  ///< the last run's results, typed
  io::Json results;         ///< their JSON entries (test hook, results table, JSON view), or null
  int selected_result = 0;  ///< which result the kind's view shows

  std::string status;  ///< one line for the status bar
  bool status_is_error = false;
  /// An error that must stay until dismissed (a bad share link): while set, set_status
  /// drops messages that are not errors (a run finishing must not hide why a link was refused).
  bool status_pinned = false;

  // Facts the browser test hook reports.
  bool worker_ran = false;             ///< a job finished on a worker thread
  bool worker_thread_differs = false;  ///< ... and that thread was not the UI thread
  long long frames = 0;
};

/// Installs a parsed scenario and its derived data (cheap: moves only); clears the results.
/// `document` is parsed->document's copy, made by the caller (the opener, on its worker).
void install_scenario(AppState& s, io::ScenarioPtr parsed, DerivedScenario derived,
                      io::Json document);

// Synchronous versions, for tests and the startup scenario. Every UI path opens scenarios through
// ScenarioOpener instead, so a big generator never freezes the UI.

/// Validates and installs a scenario with the drawing data `derive` makes of it (none without);
/// on failure leaves the state unchanged and returns the error (the field's JSON pointer and
/// reason).
std::optional<std::string> set_scenario(AppState& s, const io::Json& scenario,
                                        const ScenarioDeriver& derive = {});
/// Installs an already parsed scenario. Throws only if deriving the drawing data fails, and then
/// leaves the state unchanged.
void set_parsed_scenario(AppState& s, io::ScenarioPtr parsed, const ScenarioDeriver& derive = {});
/// Installs a run's typed results and their JSON entries (the "results" array).
void set_results(AppState& s, std::vector<io::ResultPtr> typed, io::Json entries);

/// Parses text (JSON) and installs it; errors are returned as text.
std::optional<std::string> set_scenario_text(AppState& s, const std::string& text,
                                             const ScenarioDeriver& derive = {});

/// The JSON the browser test hook returns: scenario, results, status, isolation facts (the kinds
/// add theirs: KindModule::test_state).
io::Json state_json(const AppState& s, bool cross_origin_isolated);
/// What a script polling often needs, without the scenario and the results themselves (state_json
/// carries both: megabytes for a task graph of 10,000 tasks): kind, name, status, frames, and per
/// result its algorithm, "verified" and makespan (the kinds add theirs: KindModule::summary).
io::Json summary_json(const AppState& s);

void set_status(AppState& s, std::string text, bool error = false);

}  // namespace loadlab::app
