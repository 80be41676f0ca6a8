// The real-thread executor's worker loop, shared by every strategy (exec_strategy_*.cpp); see
// thread_executor.h for the model and exec_state.h for the queues.
#include "sim/dynamic_exec/thread_executor.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "sim/dynamic_exec/exec_state.h"

namespace loadlab::sim {

namespace {

using ThreadExecutorClock = std::chrono::steady_clock;

double seconds_between(ThreadExecutorClock::time_point a, ThreadExecutorClock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

std::unique_ptr<dynexec::ExecStrategy> make_strategy(const ThreadExecOptions& o) {
  if (o.strategy == "none") return dynexec::make_none_exec();
  if (o.strategy == "random") return dynexec::make_random_exec(o);
  if (o.strategy == "work_stealing") return dynexec::make_work_stealing_exec(o);
  if (o.strategy == "receiver") return dynexec::make_receiver_exec(o);
  throw std::invalid_argument("unknown thread strategy '" + o.strategy +
                              "' (none, random, work_stealing, receiver)");
}

// Idle threads: a few quick retries, then yield, then short sleeps (natively and in WebAssembly,
// where sched_yield does not give the core away, a sleeping waiter does).
void back_off(int fails) {
  if (fails < 16) return;
  if (fails < 64) {
    std::this_thread::yield();
    return;
  }
  std::this_thread::sleep_for(std::chrono::microseconds(20));
}

}  // namespace

const std::vector<std::string>& thread_strategy_names() {
  static const std::vector<std::string> names = {"none", "random", "work_stealing", "receiver"};
  return names;
}

ThreadExecResult execute_tree(const TreeWorkload& workload, const ThreadExecOptions& opts) {
  if (opts.threads < 1) throw std::invalid_argument("execute_tree: threads must be >= 1");
  const auto strategy = make_strategy(opts);
  const int p = opts.threads;
  const auto up = static_cast<std::size_t>(p);
  dynexec::ExecShared shared(workload, opts);
  // Roots start on their home node's thread.
  for (const ThreadTask& r : workload.roots()) shared.queue(r.home % p).push_back(&r, 1);
  shared.pending.store(static_cast<std::int64_t>(workload.roots().size()));

  std::vector<dynexec::WorkerStats> stats(up);
  std::atomic<int> arrived{0};
  std::atomic<bool> go{false};
  std::atomic<bool> stopped{false};
  ThreadExecutorClock::time_point t0;

  auto worker = [&](int self) {
    dynexec::WorkerStats& st = stats[static_cast<std::size_t>(self)];
    dynexec::TaskQueue& mine = shared.queue(self);
    util::Rng rng(opts.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(self) + 1);
    std::vector<ThreadTask> kids;
    // Start together: thread creation time would otherwise look like imbalance.
    arrived.fetch_add(1);
    while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
    bool idle = false;
    ThreadExecutorClock::time_point idle_since;
    int fails = 0;
    for (;;) {
      if (opts.cancel && opts.cancel->load(std::memory_order_relaxed)) {
        stopped.store(true);
        break;
      }
      if (strategy->underloaded(shared, self)) strategy->acquire(shared, self, rng, st);
      ThreadTask task;
      if (mine.pop_back(task)) {
        if (idle) {
          st.idle += seconds_between(idle_since, ThreadExecutorClock::now());
          idle = false;
        }
        fails = 0;
        st.checksum += workload.execute(task);
        ++st.tasks;
        st.key_sum += task_key(task);
        if (opts.record_tasks) st.executed.push_back(task);
        kids.clear();
        const int n = workload.children(task, kids);
        // Children count before the parent is subtracted: pending cannot reach 0 early.
        if (n > 0) {
          shared.pending.fetch_add(n, std::memory_order_relaxed);
          strategy->place(shared, self, kids, rng, st);
        }
        shared.pending.fetch_sub(1, std::memory_order_acq_rel);
        continue;
      }
      if (!idle) {
        idle = true;
        idle_since = ThreadExecutorClock::now();
      }
      if (strategy->stop_when_empty()) break;
      if (shared.pending.load(std::memory_order_acquire) == 0) break;
      if (strategy->acquire(shared, self, rng, st)) continue;
      back_off(++fails);
    }
    const auto end = ThreadExecutorClock::now();
    if (idle) st.idle += seconds_between(idle_since, end);
    st.finish = seconds_between(t0, end);
  };

  std::vector<std::thread> threads;
  threads.reserve(up);
  for (int t = 0; t < p; ++t) threads.emplace_back(worker, t);
  while (arrived.load() < p) std::this_thread::yield();
  t0 = ThreadExecutorClock::now();
  go.store(true, std::memory_order_release);
  for (auto& th : threads) th.join();

  ThreadExecResult out;
  out.strategy = opts.strategy;
  out.threads = p;
  out.cancelled = stopped.load();
  for (auto& st : stats) {
    out.tasks += st.tasks;
    out.key_sum += st.key_sum;
    out.steals += st.steals;
    out.steal_attempts += st.attempts;
    out.migrations += st.migrations;
    out.checksum += st.checksum;
    out.tasks_per_thread.push_back(st.tasks);
    out.busy.push_back(std::max(0.0, st.finish - st.idle));
    out.finish.push_back(st.finish);
    out.seconds = std::max(out.seconds, st.finish);
    if (opts.record_tasks)
      out.executed.insert(out.executed.end(), st.executed.begin(), st.executed.end());
  }
  return out;
}

bool verify_tree_run(const TreeCount& expected, const ThreadExecResult& r) {
  return !r.cancelled && r.tasks == expected.tasks && r.key_sum == expected.key_sum;
}

}  // namespace loadlab::sim
