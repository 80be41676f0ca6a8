// Runs scenarios off the UI thread (a pthread; a Web Worker in the browser) with progress and
// cancel, so the UI never blocks. The UI thread calls start()/poll()/cancel(); the worker only
// touches the atomics and the result slot under the mutex.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "io/json_reader.h"

namespace loadlab::app {

struct JobOutcome {
  io::Json result;       ///< run_scenario() output (null on error)
  std::string error;     ///< non-empty on failure or cancel
  bool ran_on_other_thread = false;
  double seconds = 0;
};

class JobRunner {
 public:
  JobRunner() = default;
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;
  ~JobRunner();

  /// Starts running the scenario; returns false if a job is already running. UI thread only.
  bool start(const io::Json& scenario);
  /// True while a job runs. Any thread.
  bool busy() const { return busy_.load(); }
  /// Progress of the running job in [0, 1]. Any thread.
  double progress() const { return progress_.load(); }
  /// Asks the running job to stop at its next check. Any thread.
  void cancel() { cancel_.store(true); }
  /// The finished job's outcome, once; joins the (already finished) worker. UI thread only.
  std::optional<JobOutcome> poll();

 private:
  std::thread worker_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> done_{false};
  std::atomic<bool> cancel_{false};
  std::atomic<double> progress_{0.0};
  std::mutex mutex_;
  std::optional<JobOutcome> outcome_;
};

}  // namespace loadlab::app
