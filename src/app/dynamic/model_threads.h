// "Real threads" for dynamic scenarios: the shared-memory strategies (none, random,
// work_stealing, receiver) run as executors on P real threads (sim/dynamic_exec/thread_executor.h;
// Web Workers in the browser) over a tree-structured workload, beside a plain one-thread run of the
// same tree (the "work" of work / P). Runs on its own BackgroundJob so the UI never blocks.
//
// Workloads: the scenario's own tasks (initial loads as roots, its spawn shape and durations, each
// model unit a calibrated spin; arrivals are ignored: a real run has no virtual clock), or the
// unbalanced tree search benchmark (UTS, geometric T1-like or binomial T3-like). Every run is
// checked against an independent count of the tree (tasks and key sum).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/model/background_job.h"
#include "io/kinds/dynamic.h"

namespace loadlab::app {

/// The strategies that make sense on shared memory, in table order.
const std::vector<std::string>& dynamic_thread_strategies();

/// What the "Real threads" tab asks for.
struct DynamicThreadsRequest {
  std::string workload = "scenario";  ///< "scenario" | "uts_geometric" | "uts_binomial"
  int threads = 2;
  /// Sequential seconds the scenario workload is scaled to (seconds per model unit = this / the
  /// tree's total work units), so a run takes about this long on one thread.
  double target_seconds = 0.3;
};

struct DynamicThreadsRow {
  std::string strategy;
  double seconds = 0;     ///< wall time of the parallel run
  double efficiency = 0;  ///< sequential seconds / (P x seconds): how close to work / P
  std::int64_t tasks = 0;
  std::int64_t steals = 0;  ///< successful steals / granted requests
  std::int64_t steal_attempts = 0;
  std::int64_t migrations = 0;  ///< tasks that left the thread that made them
  std::vector<std::int64_t> tasks_per_thread;
  bool verified = false;  ///< executed exactly the tree's tasks (count and key sum)
};

struct DynamicThreadsReport {
  std::string workload;  ///< the request's workload
  int threads = 0;
  int hardware_threads = 0;
  std::int64_t tasks = 0;         ///< the tree's tasks (independent count)
  double seconds_per_unit = 0;    ///< scenario workload: calibrated spin per model unit
  double sequential_seconds = 0;  ///< one thread, no queues or locks
  std::vector<DynamicThreadsRow> rows;
  std::string error;  ///< non-empty on failure or cancel
};

/// Limits of an interactive real run (checked before anything runs).
struct DynamicThreadsLimits {
  static constexpr std::int64_t max_tasks = 2'000'000;
  static constexpr int max_threads_web = 8;
  static constexpr int max_threads_native = 64;
};

/// Runs the request synchronously (what the worker runs; also used by tests). The strategies are
/// the scenario's shared-memory ones (all four when it names none of them), with its params.
DynamicThreadsReport measure_dynamic_threads(const io::DynamicScenario& sc,
                                             const DynamicThreadsRequest& req, int hardware_threads,
                                             const std::atomic<bool>* cancel,
                                             std::atomic<double>* progress);

/// One measurement at a time on a BackgroundJob; the last report is kept.
class DynamicThreadsRunner {
 public:
  /// False if busy or the scenario is not a dynamic one. UI thread.
  bool start(io::ScenarioPtr scenario, DynamicThreadsRequest req, int hardware_threads);
  bool busy() const { return job_.busy(); }
  double progress() const { return job_.progress(); }
  void cancel() { job_.cancel(); }
  /// Moves a finished report into last(); true when one arrived this call. UI thread.
  bool poll();
  const std::optional<DynamicThreadsReport>& last() const { return last_; }

 private:
  BackgroundJob<DynamicThreadsReport> job_;
  std::optional<DynamicThreadsReport> last_;
};

}  // namespace loadlab::app
