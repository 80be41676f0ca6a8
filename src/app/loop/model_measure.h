// "Run on my machine" for loop scenarios: executes every selected technique on real threads
// (sim::execute_loop: a calibrated spin with the scenario's cost profile, or real Mandelbrot rows)
// beside the virtual-time simulator's prediction for the same loop, on its own worker thread so
// the UI never blocks (a BackgroundJob, model/background_job.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/model/background_job.h"
#include "core/loops/technique.h"
#include "io/kinds/loop.h"

namespace loadlab::app {

struct LoopMeasurement {
  std::string algorithm;
  double predicted = 0;  ///< simulator's parallel time, seconds (overhead 0, same costs)
  double measured = 0;   ///< wall-clock parallel time on real threads, seconds
  double predicted_imbalance = 0;
  double measured_imbalance = 0;
  std::int64_t chunks = 0;
  /// The measured chunks (seconds since the threads were released), at most kMaxChunks.
  std::vector<core::LoopChunk> measured_chunks;
  static constexpr std::size_t kMaxChunks = 100000;
};

struct LoopRunReport {
  std::vector<LoopMeasurement> rows;
  int threads = 0;            ///< real threads used (the scenario's P, capped)
  int requested_threads = 0;  ///< the scenario's P
  int hardware_threads = 0;   ///< cores this machine reports
  std::int64_t iterations = 0;
  std::string body;             ///< "spin" or "mandelbrot"
  double seconds_per_unit = 0;  ///< calibration: seconds per model cost unit
  std::string error;            ///< non-empty on failure or cancel
  io::ScenarioPtr scenario;     ///< the scenario that was measured (an io::LoopScenario)
};

/// "Run on my machine": one measurement at a time on a BackgroundJob; the last report is kept.
class LoopRunner {
 public:
  /// Starts measuring the parsed loop scenario (io::LoopScenario) with at most max_threads
  /// threads; false if busy or not a loop scenario. UI thread.
  bool start(io::ScenarioPtr scenario, int max_threads, int hardware_threads);
  bool busy() const { return job_.busy(); }
  /// Fraction of techniques done, in [0, 1].
  double progress() const { return job_.progress(); }
  void cancel() { job_.cancel(); }
  /// Moves a finished report into last(); returns true when one arrived this call. UI thread.
  bool poll();
  /// The last finished report (kept until the next one arrives). UI thread.
  const std::optional<LoopRunReport>& last() const { return last_; }

 private:
  BackgroundJob<LoopRunReport> job_;
  std::optional<LoopRunReport> last_;
};

/// Measures a parsed loop scenario (an io::LoopScenario; else the report's error says so)
/// synchronously: what the worker runs; also usable from tests.
LoopRunReport measure_loop_scenario(const io::ScenarioPtr& scenario, int max_threads,
                                    int hardware_threads, const std::atomic<bool>* cancel,
                                    std::atomic<double>* progress);

}  // namespace loadlab::app
