// The dag view's Adversary tab, headless: its settings (kept in the scenario's
// "ui": {"adversary": {...}} so a share link reopens the tab set up), the search and the pairwise
// matrix running on BackgroundJobs with a live snapshot the UI thread reads every frame, and what
// the results become (the worst instance as a scenario, the matrix as CSV). The search itself is
// core::adversary_search (core/dag/adversary.h, PISA's simulated annealing).
// Tested in tests/app/test_dag_adversary_model.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/model/background_job.h"
#include "core/dag/adversary.h"
#include "io/json_reader.h"
#include "io/kind.h"

namespace loadlab::app {

/// The tab's fields. Defaults are what a fresh tab shows; only fields that differ from them (or
/// all, once the tab has been opened) go into "ui".
struct AdversarySettings {
  std::string a = "flb", b = "etf";
  std::int64_t iterations = 2000;
  std::uint64_t seed = 1;
  bool from_scenario = true;  ///< start from the current scenario's instance, else a random one
  int tasks = 10, processors = 3;  ///< the random start instance
  bool heterogeneous = false;
  bool vary_machine = true;
  std::vector<std::string> pairwise = {"flb", "etf", "mcp", "heft"};
  std::int64_t pair_iterations = 300;
  /// core::AdversaryOptions::target: "makespan" or "expected_makespan" (random costs).
  std::string target = "makespan";

  bool operator==(const AdversarySettings&) const = default;
};

/// Reads "ui"."adversary" leniently (wrong types and out-of-range numbers are ignored or clamped,
/// as every "ui" key: "ui" never makes a scenario invalid).
AdversarySettings read_adversary_settings(const io::Json& ui_adversary);
/// The settings as the "ui"."adversary" object.
io::Json adversary_settings_json(const AdversarySettings& s);

/// Bounds the tab's inputs (the core's AdversaryLimits, plus an interactive cap on iterations).
inline constexpr std::int64_t kAdversaryMaxIterations = 10'000'000;
inline constexpr std::int64_t kAdversaryMaxPairIterations = 1'000'000;

/// Schedulers offered as A (every dag scheduler except "optimal") and as B (all; "optimal" only
/// when the start has at most AdversaryLimits::max_optimal_tasks tasks).
std::vector<std::string> adversary_choices_a();
std::vector<std::string> adversary_choices_b(std::int32_t start_tasks);

/// The start instance: the parsed dag scenario's graph and machine, or a random one. Throws
/// std::invalid_argument when the scenario is too large for the search (naming the limit).
core::AdversaryInstance adversary_start_instance(const AdversarySettings& s,
                                                 const io::ScenarioPtr& scenario);
/// The core's options for the settings.
core::AdversaryOptions adversary_options(const AdversarySettings& s);

/// What the UI thread reads while a search runs (copied under a mutex at each progress call).
struct AdversaryLive {
  std::int64_t iterations = 0, total = 0, accepted = 0, improvements = 0;
  double best_ratio = 0, current_ratio = 0, start_ratio = 0;
  double seconds = 0;  ///< wall time since the start
  std::vector<core::AdversaryPoint> history;
  double iterations_per_second() const { return seconds > 0 ? iterations / seconds : 0; }
};

/// The outcome of one search, kept after it finishes.
struct AdversaryOutcome {
  std::optional<core::AdversaryResult> result;  ///< absent on error
  std::string error;
  std::string a, b;
  std::uint64_t seed = 1;
  double seconds = 0;
  double iterations_per_second() const {
    return result && seconds > 0 ? static_cast<double>(result->iterations) / seconds : 0;
  }
};

/// One search at a time on a worker; progress, cancel and a live snapshot.
class AdversaryRunner {
 public:
  /// Starts a search (false while one runs). `progress_every` iterations between snapshots.
  bool start(core::AdversaryInstance start, core::AdversaryOptions opts,
             std::int64_t progress_every = 200);
  void cancel() { job_.cancel(); }
  bool busy() const { return job_.busy(); }
  /// Collects a finished search (once per frame); true when one arrived just now.
  bool poll();
  /// A copy of the latest snapshot (cheap: the history is at most ~2000 points).
  AdversaryLive live() const;
  const std::optional<AdversaryOutcome>& last() const { return last_; }
  int started() const { return started_; }

 private:
  struct Shared {
    std::mutex mutex;
    AdversaryLive live;
  };
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  BackgroundJob<AdversaryOutcome> job_;
  std::optional<AdversaryOutcome> last_;
  int started_ = 0;
};

/// The pairwise matrix (worst ratio found for every ordered pair) on a worker.
struct PairwiseOutcome {
  core::AdversaryMatrix matrix;
  std::string error;
  double seconds = 0;
};

class PairwiseRunner {
 public:
  bool start(std::vector<std::string> schedulers, core::AdversaryInstance start,
             core::AdversaryOptions base);
  void cancel() { job_.cancel(); }
  bool busy() const { return job_.busy(); }
  bool poll();
  /// Pairs done / total of the running matrix.
  double progress() const { return job_.progress(); }
  const std::optional<PairwiseOutcome>& last() const { return last_; }

 private:
  BackgroundJob<PairwiseOutcome> job_;
  std::optional<PairwiseOutcome> last_;
};

/// The matrix as CSV: a header "A \ B,s1,s2,..." then one row per A (diagonal empty, unfinished
/// entries empty).
std::string adversary_matrix_csv(const core::AdversaryMatrix& m);

/// The worst instance of a finished search as a dag scenario (algorithms [A, B], the search's
/// seed), opened on the Gantt tab with both charts compared and the tab's settings in "ui".
io::Json adversary_worst_scenario(const AdversaryOutcome& o, const AdversarySettings& s,
                                  const std::string& name);

/// The worst instance found for the ordered pair (i, j) of a matrix, as adversary_worst_scenario
/// does (algorithms [schedulers[i], schedulers[j]]). Throws std::invalid_argument if there is none.
io::Json adversary_pair_scenario(const core::AdversaryMatrix& m, std::size_t i, std::size_t j,
                                 const AdversarySettings& s);

/// The test hook's view of the tab (window.loadlab.state().adversary).
io::Json adversary_state_json(const AdversaryRunner& r, const PairwiseRunner& p,
                              const AdversarySettings& s);

}  // namespace loadlab::app
