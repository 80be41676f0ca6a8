// Internal to the real-thread dynamic executors (thread_executor.cpp and exec_strategy_*.cpp):
// the per-thread task queues, the state all workers share, and the strategy interface.
//
// Thread-safety: a TaskQueue's deque is touched only under its mutex; `size` mirrors it for
// lock-free peeking (a hint: it may be stale by the time the reader acts). ExecStrategy methods
// are called concurrently by all workers, each with its own `self`, Rng and WorkerStats; any
// per-thread state a strategy keeps is indexed by `self` and touched only by that thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "core/util/rng.h"
#include "sim/dynamic_exec/thread_executor.h"

namespace loadlab::sim::dynexec {

/// One thread's queue: the owner pushes and pops at the back (depth-first), others take from the
/// front (the oldest tasks: nearest the roots, the largest subtrees).
struct alignas(64) TaskQueue {
  std::mutex mutex;
  std::deque<ThreadTask> tasks;       // guarded by mutex
  std::atomic<std::int64_t> size{0};  // tasks.size(), readable without the lock

  void push_back(const ThreadTask* first, std::size_t n) {
    std::lock_guard<std::mutex> lock(mutex);
    tasks.insert(tasks.end(), first, first + n);
    size.store(static_cast<std::int64_t>(tasks.size()), std::memory_order_relaxed);
  }
  bool pop_back(ThreadTask& out) {
    if (size.load(std::memory_order_relaxed) == 0) return false;
    std::lock_guard<std::mutex> lock(mutex);
    if (tasks.empty()) return false;
    out = tasks.back();
    tasks.pop_back();
    size.store(static_cast<std::int64_t>(tasks.size()), std::memory_order_relaxed);
    return true;
  }
  /// Moves up to limit(size) tasks from the front into `out` (limit sees the size under the lock).
  template <class Limit>
  std::size_t take_front(std::vector<ThreadTask>& out, Limit limit) {
    std::lock_guard<std::mutex> lock(mutex);
    const std::int64_t want = limit(static_cast<std::int64_t>(tasks.size()));
    const std::size_t n = want <= 0 ? 0 : std::min(tasks.size(), static_cast<std::size_t>(want));
    out.insert(out.end(), tasks.begin(), tasks.begin() + static_cast<std::ptrdiff_t>(n));
    tasks.erase(tasks.begin(), tasks.begin() + static_cast<std::ptrdiff_t>(n));
    size.store(static_cast<std::int64_t>(tasks.size()), std::memory_order_relaxed);
    return n;
  }
};

/// What one worker counts (only its own thread writes it; read after join).
struct alignas(64) WorkerStats {
  std::int64_t tasks = 0, steals = 0, attempts = 0, migrations = 0;
  std::uint64_t key_sum = 0;
  double checksum = 0, idle = 0, finish = 0;
  std::vector<ThreadTask> executed;
  std::vector<ThreadTask> buffer;  // scratch for moved tasks
};

struct ExecShared {
  ExecShared(const TreeWorkload& w, const ThreadExecOptions& o)
      : workload(w),
        opts(o),
        threads(o.threads),
        queues(new TaskQueue[static_cast<std::size_t>(o.threads)]) {}
  const TreeWorkload& workload;
  const ThreadExecOptions& opts;
  int threads;
  std::unique_ptr<TaskQueue[]> queues;
  /// Tasks created and not yet finished.
  std::atomic<std::int64_t> pending{0};

  TaskQueue& queue(int t) { return queues[static_cast<std::size_t>(t)]; }
  std::int64_t load(int t) const {
    return queues[static_cast<std::size_t>(t)].size.load(std::memory_order_relaxed);
  }
};

class ExecStrategy {
 public:
  virtual ~ExecStrategy() = default;
  /// Places the children `kids` of a task `self` just ran (already counted in `pending`).
  virtual void place(ExecShared& s, int self, std::vector<ThreadTask>& kids, util::Rng& rng,
                     WorkerStats& st) {
    (void)rng, (void)st;
    s.queue(self).push_back(kids.data(), kids.size());
  }
  /// Looks for work for `self` (its queue is empty or underloaded); true if some was put into
  /// its queue.
  virtual bool acquire(ExecShared& s, int self, util::Rng& rng, WorkerStats& st) {
    (void)s, (void)self, (void)rng, (void)st;
    return false;
  }
  /// True if a thread may stop as soon as its own queue is empty (nothing can arrive later).
  virtual bool stop_when_empty() const { return false; }
  /// True if `self` should look for work although its queue is not empty.
  virtual bool underloaded(const ExecShared& s, int self) const {
    (void)s, (void)self;
    return false;
  }
};

/// A uniformly random thread other than `not_this` (threads >= 2).
inline int random_other(util::Rng& rng, int threads, int not_this) {
  const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(threads - 1)));
  return r >= not_this ? r + 1 : r;
}

std::unique_ptr<ExecStrategy> make_none_exec();
std::unique_ptr<ExecStrategy> make_random_exec(const ThreadExecOptions& o);
std::unique_ptr<ExecStrategy> make_work_stealing_exec(const ThreadExecOptions& o);
std::unique_ptr<ExecStrategy> make_receiver_exec(const ThreadExecOptions& o);

}  // namespace loadlab::sim::dynexec
