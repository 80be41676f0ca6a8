// Real-thread executors for the dynamic kind's shared-memory strategies.
//
// P std::threads (Web Workers under Emscripten: the pthread pool must hold P workers) run a
// TreeWorkload: each executed task may create children, so the total work is unknown in advance.
// Every thread owns a queue (a mutex-guarded deque; the owner works depth-first at the back, tasks
// leave from the front, the oldest and usually largest subtrees). The strategies decide where a new
// child goes and what an idle thread does — one file per strategy (exec_strategy_*.cpp):
//  - none:          children stay on their thread; a thread stops when its own queue is empty.
//  - random:        randomized allocation, notes 003 (../shared/seeds/003_6046837c8e4c81af.txt):
//                   a new child goes to a random other thread, repeated while that thread is above
//                   `threshold`, at most `transfer_limit` transfers.
//  - work_stealing: notes 003 "Work-stealing": an idle thread steals from a victim (random, or
//                   the round-robin `target` variable), half of its queue or one task.
//  - receiver:      survey 002 Section 2.5 (../shared/seeds/002_6cf480ff57e2bb72.txt) on shared
//                   memory: a thread whose queue holds at most θ_r tasks reads every load, L_A =
//                   their mean, and requests floor(L_A − L_r) tasks from the most loaded sender
//                   (π_sr is highest for it: all distances are 1), which sends at most its excess.
// Termination: an atomic count of created-but-unfinished tasks (children are added before the
// parent is subtracted, so it reaches 0 only when the whole tree has run).
//
// Thread-safety: execute_tree() is reentrant (no shared state between calls); the workload is only
// read. Idle threads back off (spin, yield, then sleep 20 µs), so they do not hold a core for long.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/dynamic_exec/tree_workload.h"

namespace loadlab::sim {

struct ThreadExecOptions {
  int threads = 2;
  std::string strategy = "work_stealing";  ///< none | random | work_stealing | receiver
  // random
  std::int64_t random_threshold = 2;
  int transfer_limit = 1;
  // work_stealing
  std::string victim = "random";  ///< random | round_robin
  std::string amount = "half";    ///< half | one
  // receiver: request when own queue <= theta
  std::int64_t receiver_theta = 0;
  std::uint64_t seed = 1;
  /// Keep every executed task (for tests: compared with TreeWorkload::enumerate()).
  bool record_tasks = false;
  /// Set from any thread to stop between tasks (then the result is partial, cancelled = true).
  const std::atomic<bool>* cancel = nullptr;
};

struct ThreadExecResult {
  std::string strategy;
  int threads = 0;
  double seconds = 0;               ///< wall time from release of all threads to the last finish
  std::int64_t tasks = 0;           ///< tasks executed
  std::uint64_t key_sum = 0;        ///< Σ task_key of executed tasks (compare TreeCount::key_sum)
  std::int64_t steals = 0;          ///< successful steals / granted requests
  std::int64_t steal_attempts = 0;  ///< steal attempts / requests sent (incl. refused)
  std::int64_t migrations = 0;      ///< tasks that left the queue of the thread that made them
  std::vector<std::int64_t> tasks_per_thread;
  std::vector<double> busy;          ///< per thread: seconds not spent looking for work
  std::vector<double> finish;        ///< per thread: seconds when it stopped
  double checksum = 0;               ///< Σ execute() results (keeps the work from being dropped)
  std::vector<ThreadTask> executed;  ///< record_tasks only, in no particular order
  bool cancelled = false;
};

/// The strategy names, in table order.
const std::vector<std::string>& thread_strategy_names();

/// Runs the whole tree on opts.threads threads (the caller waits). Throws std::invalid_argument
/// for an unknown strategy/victim/amount or threads < 1.
ThreadExecResult execute_tree(const TreeWorkload& workload, const ThreadExecOptions& opts);

/// True if the run executed exactly the tree's tasks (count and key sum) and was not cancelled.
bool verify_tree_run(const TreeCount& expected, const ThreadExecResult& r);

}  // namespace loadlab::sim
