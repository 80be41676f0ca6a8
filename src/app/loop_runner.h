// "Run on my machine" for loop scenarios: executes every selected technique on real threads
// (sim::execute_loop: a calibrated spin with the scenario's cost profile, or real Mandelbrot rows)
// beside the virtual-time simulator's prediction for the same loop, on its own worker thread so
// the UI never blocks. The UI thread calls start()/poll()/cancel(); the worker touches only the
// atomics and the report slot under the mutex (same contract as JobRunner).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/loops/technique.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct App;

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
  int threads = 0;                ///< real threads used (the scenario's P, capped)
  int requested_threads = 0;      ///< the scenario's P
  int hardware_threads = 0;       ///< cores this machine reports
  std::int64_t iterations = 0;
  std::string body;               ///< "spin" or "mandelbrot"
  double seconds_per_unit = 0;    ///< calibration: seconds per model cost unit
  std::string error;              ///< non-empty on failure or cancel
  io::Json scenario;              ///< the scenario that was measured
};

class LoopRunner {
 public:
  LoopRunner() = default;
  LoopRunner(const LoopRunner&) = delete;
  LoopRunner& operator=(const LoopRunner&) = delete;
  ~LoopRunner();

  /// Starts measuring the (validated) loop scenario with at most max_threads threads. UI thread.
  bool start(const io::Json& scenario, int max_threads, int hardware_threads);
  bool busy() const { return busy_.load(); }
  /// Fraction of techniques done, in [0, 1].
  double progress() const { return progress_.load(); }
  void cancel() { cancel_.store(true); }
  /// Moves a finished report into last(); returns true when one arrived this call. UI thread.
  bool poll();
  /// The last finished report (kept until the next one arrives). UI thread.
  const std::optional<LoopRunReport>& last() const { return last_; }
  void forget() { last_.reset(); }

 private:
  std::thread worker_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> done_{false};
  std::atomic<bool> cancel_{false};
  std::atomic<double> progress_{0.0};
  std::mutex mutex_;
  std::optional<LoopRunReport> outcome_;
  std::optional<LoopRunReport> last_;
};

/// The app's loop runner. TODO(lead): make it a field `LoopRunner loop_runner;` of App (ui.h) and
/// return it here; until then it is one process-wide instance (there is one App per process).
LoopRunner& loop_runner(App& app);

/// Measures a loop scenario synchronously (what the worker runs; also usable from tests).
LoopRunReport measure_loop_scenario(const io::Json& scenario, int max_threads, int hardware_threads,
                                    const std::atomic<bool>* cancel, std::atomic<double>* progress);

}  // namespace loadlab::app
