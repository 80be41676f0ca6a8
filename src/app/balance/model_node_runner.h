// Runs a node simulation (sim::NodeBalanceSession: the balance algorithms with per-node programs,
// sim::node_balance_algorithms(), i.e. the rows flagged node_program in core's table) on its
// own thread (a BackgroundJob: a Web Worker in the browser) so the playground can animate it
// superstep by superstep.
//
// Threads: the runner thread owns the session and is the only one that steps it; the session's
// engine adds threads-1 pool threads of its own. The UI thread never steps, never joins a running
// thread and never waits for a superstep: it sends commands (a mutex held only while the runner
// checks or changes the command fields, never during a superstep) and reads results through a
// triple buffer: the runner fills a private snapshot, swaps it into the middle slot under a mutex
// (an O(1) swap), and the UI swaps the middle slot into its own snapshot with try_lock, so a busy
// mutex costs the UI one frame of staleness, never a wait.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/model/background_job.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "sim/bsp_engine.h"

namespace loadlab::app {

/// What the UI shows of a node simulation: the state after the last completed superstep.
struct NodeSimSnapshot {
  /// Increases with every publication; 0 = nothing published yet.
  std::uint64_t version = 0;
  std::string algorithm;
  int threads = 0;
  /// Supersteps executed so far (0 = only the initial loads are known).
  std::int64_t executed = 0;
  /// Communication supersteps so far (comparable with the paper's communication steps).
  std::int64_t supersteps = 0;
  std::int64_t messages = 0;
  std::int64_t tasks_moved = 0;
  /// The paper's bound on supersteps (for progress).
  std::int64_t expected = 0;
  /// Totals of the last superstep (transfers not copied).
  std::int64_t last_messages = 0;
  std::int64_t last_tasks = 0;
  /// Every node's load after the last completed superstep.
  core::LoadVector loads;
  /// Messages sent in the last superstep (delivered in the next), in sender order.
  std::vector<sim::InFlight> in_flight;
  bool finished = false;
  bool failed = false;
  std::string error;
  /// Wall time of the last superstep and of the whole run so far (stepping only, no pauses).
  double last_step_ms = 0;
  double busy_seconds = 0;
  /// Whether the runner is paused at the moment of this snapshot.
  bool paused = false;
  /// The supersteps ran on a thread other than the one that called start() (the UI thread).
  bool off_ui_thread = false;
};

/// Controller of one node simulation at a time. All public functions are for the UI thread.
class NodeSimRunner {
 public:
  NodeSimRunner();
  NodeSimRunner(const NodeSimRunner&) = delete;
  NodeSimRunner& operator=(const NodeSimRunner&) = delete;
  /// Cancels and joins every thread (blocks only at shutdown).
  ~NodeSimRunner();

  /// Starts a simulation of `algorithm` (one of sim::node_balance_algorithms()) on copies of
  /// topology and loads, with `threads` engine threads. Any previous run is cancelled first
  /// (without waiting). `supersteps_per_second` <= 0 means as fast as possible. The session is
  /// built on the runner thread; construction errors arrive as a failed snapshot.
  void start(const std::string& algorithm, const core::Topology& topology,
             const core::LoadVector& loads, int threads, double supersteps_per_second, bool paused);
  /// Cancels the run (if any) without waiting; its thread is joined by a later poll() once it
  /// has exited.
  void reset();
  void pause();
  void resume();
  /// Runs exactly one more superstep (queued if one is running); pauses the run.
  void single_step();
  /// Supersteps per second; <= 0 = as fast as possible. Applies to the wait before the next step.
  void set_speed(double supersteps_per_second);

  /// True while a run exists (running, paused or finished but not reset).
  bool active() const { return run_ != nullptr; }
  /// Takes the newest published snapshot into `out` if there is one and the mutex is free; true
  /// if `out` changed. Also joins runs that were reset and have exited. Never blocks.
  bool poll(NodeSimSnapshot& out);

 private:
  struct Run;
  static void run_main(Run& run);
  void reap();

  std::unique_ptr<Run> run_;
  std::vector<std::unique_ptr<Run>> retired_;  // cancelled, joined once they have exited
};

}  // namespace loadlab::app
