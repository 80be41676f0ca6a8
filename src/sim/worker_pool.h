// A fixed pool of threads that runs one job on every thread and waits for all of them.
//
// The BSP engine uses it once per superstep: the caller runs part 0 itself and workers 1..T-1 run
// the other parts. Idle workers poll for a new job for some microseconds, then block on a
// condition variable, so a superstep barrier does not hold a core for long while back-to-back jobs
// (sweep loops) start without a wake-up, which costs far more in a Web Worker; the pool runs
// unchanged under Emscripten pthreads (Web Workers) as long as T-1 <= the pre-allocated worker
// pool (see max_threads()).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace loadlab::sim {

class WorkerPool {
 public:
  /// Starts threads-1 workers (threads is clamped to [1, max_threads()]).
  explicit WorkerPool(int threads);
  /// Stops and joins the workers. Must not run concurrently with run().
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /// Number of parts run() executes in parallel (including the calling thread). Thread-safe.
  int threads() const { return threads_; }

  /// Runs job(part) for part = 0..threads()-1 (part 0 on the calling thread) and returns when all
  /// are done. If a part throws, the exception of the lowest-numbered failing part is rethrown
  /// after all parts finished. Not reentrant: one caller at a time.
  void run(const std::function<void(int part)>& job);

  /// Upper bound on threads: 64 natively; under Emscripten LOADLAB_WEB_ENGINE_THREADS (4, set in
  /// emscripten.cmake, which sizes the pre-created Web Worker pool from it), because a blocking
  /// caller cannot wait for a worker that only starts after it yields to the browser's event
  /// loop. Thread-safe.
  static int max_threads();

 private:
  void worker_main(int part);

  int threads_ = 1;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_cv_;
  std::condition_variable done_cv_;
  const std::function<void(int)>* job_ = nullptr;  // guarded by mutex_
  std::uint64_t generation_ = 0;                   // guarded by mutex_
  int pending_ = 0;                                // guarded by mutex_
  bool stop_ = false;                              // guarded by mutex_
  // Mirrors of generation_ and pending_ (written under mutex_) that waiters poll for a few
  // microseconds before they block: sweep loops post jobs back to back, and waking a blocked
  // thread costs far more than that (a Web Worker's Atomics.wait most of all).
  std::atomic<std::uint64_t> posted_{0};
  std::atomic<int> remaining_{0};
  std::vector<std::exception_ptr> errors_;  // slot p written only by part p
};

}  // namespace loadlab::sim
