// `loadlab bench --filter dynamic_threads/`: the dynamic kind's shared-memory strategies as
// real-thread executors (sim/dynamic_exec, "Real threads") beside oneTBB and OpenMP tasks
// on the same workloads: UTS geometric (T1-like), UTS binomial (T3-like) and the dynamic kind's
// spawn trees with calibrated spin, all roots starting on thread 0 (a hot spot).
//
// Per run: wall `seconds` (best of 3; 1 with --quick), process `cpu_seconds` of that run (the
// machine may be shared: cpus_utilized = cpu / wall below the thread count means the run did not
// get its cores), tasks against the tree's independent count (`verified`), steals and migrations,
// and `efficiency` = sequential time / (P · seconds): how close the run came to work / P, with
// work = `sequential_seconds`, a plain loop over the tree without queues or locks.
#include <chrono>
#include <ctime>
#include <string>

#include "cli/bench_threads_external.h"
#include "cli/commands.h"
#include "sim/dynamic_exec/thread_executor.h"

namespace loadlab::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Timed {
  double seconds = 0, cpu = 0;
};

template <class F>
Timed timed(F&& f) {
  const std::clock_t c0 = std::clock();
  const auto t0 = Clock::now();
  f();
  Timed t;
  t.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  t.cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  return t;
}

// The work itself, one thread, no queues or locks: the "work" of work / P.
double run_sequential(const sim::TreeWorkload& w, double& checksum) {
  std::vector<sim::ThreadTask> stack(w.roots().begin(), w.roots().end());
  checksum = 0;
  std::int64_t n = 0;
  while (!stack.empty()) {
    const sim::ThreadTask t = stack.back();
    stack.pop_back();
    checksum += w.execute(t);
    ++n;
    w.children(t, stack);
  }
  return static_cast<double>(n);
}

struct Variant {
  std::string name, strategy, victim, amount;
};

nlohmann::json bench_dynamic_threads_bench_workload(const std::string& label,
                                                    const sim::TreeWorkload& w,
                                                    const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  const std::string prefix = "dynamic_threads/" + label + "/";
  auto wanted = [&](const std::string& name) {
    return opts.filter.empty() || name.find(opts.filter) != std::string::npos;
  };
  const int p = opts.threads < 1 ? 1 : opts.threads;
  const int reps = opts.quick ? 1 : 3;
  const sim::TreeCount count = w.count();
  double checksum = 0;
  // One untimed pass first: in WebAssembly the first run executes baseline (Liftoff) code until
  // V8 has optimized the hot functions, which would make the sequential reference look slow.
  run_sequential(w, checksum);
  Timed seq{1e300, 0};
  for (int r = 0; r < reps; ++r) {
    const Timed t = timed([&] { run_sequential(w, checksum); });
    if (t.seconds < seq.seconds) seq = t;
  }
  const double work = seq.seconds;
  auto common = [&](nlohmann::json rec, double seconds, double cpu, int threads) {
    rec["seconds"] = seconds;
    rec["cpu_seconds"] = cpu;
    rec["cpus_utilized"] = seconds > 0 ? cpu / seconds : 0;
    rec["threads"] = threads;
    rec["expected_tasks"] = count.tasks;
    rec["sequential_seconds"] = work;
    rec["work_over_p_seconds"] = work / threads;
    rec["efficiency"] = seconds > 0 ? work / (threads * seconds) : 0;
    rec["speedup"] = seconds > 0 ? work / seconds : 0;
    // On a shared machine: CPU time spent against the sequential run's (queues, locks, idle
    // threads looking for work all cost CPU); 1 = no overhead.
    rec["sequential_cpu_seconds"] = seq.cpu;
    rec["cpu_efficiency"] = cpu > 0 ? seq.cpu / cpu : 0;
    if (w.seconds_per_unit() > 0)
      rec["model_work_seconds"] = count.work_units * w.seconds_per_unit();
    return rec;
  };
  if (wanted(prefix + "sequential"))
    out.push_back(
        common({{"name", prefix + "sequential"}, {"tasks", count.tasks}, {"verified", true}},
               seq.seconds, seq.cpu, 1));

  const std::vector<Variant> variants = {
      {"none", "none", "random", "half"},
      {"random", "random", "random", "half"},
      {"work_stealing", "work_stealing", "random", "half"},
      {"work_stealing_round_robin_one", "work_stealing", "round_robin", "one"},
      {"receiver", "receiver", "random", "half"}};
  for (const Variant& v : variants) {
    const std::string name = prefix + v.name;
    if (!wanted(name)) continue;
    sim::ThreadExecOptions o;
    o.threads = p;
    o.strategy = v.strategy;
    o.victim = v.victim;
    o.amount = v.amount;
    sim::ThreadExecResult best;
    Timed bt{1e300, 0};
    bool all_verified = true;
    for (int r = 0; r < reps; ++r) {
      sim::ThreadExecResult res;
      const Timed t = timed([&] { res = sim::execute_tree(w, o); });
      all_verified = all_verified && sim::verify_tree_run(count, res);
      if (res.seconds < bt.seconds) bt = {res.seconds, t.cpu}, best = std::move(res);
    }
    out.push_back(common({{"name", name},
                          {"tasks", best.tasks},
                          {"verified", all_verified},
                          {"steals", best.steals},
                          {"steal_attempts", best.steal_attempts},
                          {"migrations", best.migrations},
                          {"tasks_per_thread", best.tasks_per_thread},
                          {"busy_seconds", best.busy}},
                         bt.seconds, bt.cpu, p));
  }

  using Runner = ExternalTreeRun (*)(const sim::TreeWorkload&, int);
  const std::pair<const char*, Runner> external[] = {{"tbb_task_group", run_tree_tbb},
                                                     {"openmp_tasks", run_tree_openmp}};
  for (const auto& ext : external) {
    // No structured bindings: clang 14 cannot capture them in the lambda below.
    const Runner runner = ext.second;
    const std::string name = prefix + ext.first;
    if (!wanted(name)) continue;
    ExternalTreeRun best;
    Timed bt{1e300, 0};
    bool all_verified = true;
    for (int r = 0; r < reps; ++r) {
      ExternalTreeRun res;
      const Timed t = timed([&] { res = runner(w, p); });
      if (!res.available) break;
      all_verified = all_verified && res.tasks == count.tasks && res.key_sum == count.key_sum;
      if (res.seconds < bt.seconds) bt = {res.seconds, t.cpu}, best = std::move(res);
    }
    if (!best.available) continue;  // not built in (WebAssembly, or library not found)
    out.push_back(common({{"name", name},
                          {"tasks", best.tasks},
                          {"verified", all_verified},
                          {"steals", nullptr},
                          {"tasks_per_thread", best.tasks_per_thread}},
                         bt.seconds, bt.cpu, p));
  }
  return out;
}

}  // namespace

nlohmann::json bench_dynamic_threads(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  const std::string prefix = "dynamic_threads/";
  if (!opts.filter.empty() && prefix.find(opts.filter) == std::string::npos &&
      opts.filter.rfind(prefix, 0) != 0)
    return out;
  const bool q = opts.quick;
  const int p = opts.threads < 1 ? 1 : opts.threads;

  sim::UtsParams geo;  // T1-like: geometric, mean 4 children, depth cut-off
  geo.shape = sim::UtsShape::Geometric;
  geo.b0 = 4;
  geo.max_depth = q ? 6 : 10;
  geo.granularity = 64;
  geo.seed = 19;
  sim::UtsParams bin;  // T3-like: binomial, q·m just below 1
  bin.shape = sim::UtsShape::Binomial;
  bin.b0 = q ? 200 : 2000;
  bin.q = 0.124;
  bin.m = 8;
  bin.max_depth = 100'000;
  bin.granularity = 64;
  bin.seed = 42;
  // The dynamic kind's spawn trees (branch and bound): 8 roots per thread, all on thread 0, two
  // children each pruned with probability 0.3, exponential durations of mean 1 unit = 20 µs of
  // calibrated spin (16 roots: 6,824 tasks at depth 14).
  core::DynamicWorkload dw;
  dw.initial.assign(static_cast<std::size_t>(p), 0);
  dw.initial[0] = 8 * p;
  dw.duration.profile = "exponential";
  dw.duration.value = 1;
  dw.spawn.shape = core::SpawnShape::Fixed;
  dw.spawn.m = 2;
  dw.spawn.prune = 0.3;
  dw.spawn.max_depth = q ? 8 : 14;
  dw.seed = 7;

  for (auto& r :
       bench_dynamic_threads_bench_workload("uts_geometric", sim::TreeWorkload::uts(geo), opts))
    out.push_back(std::move(r));
  for (auto& r :
       bench_dynamic_threads_bench_workload("uts_binomial", sim::TreeWorkload::uts(bin), opts))
    out.push_back(std::move(r));
  for (auto& r :
       bench_dynamic_threads_bench_workload("spawn_spin", sim::TreeWorkload::spawn(dw, 2e-5), opts))
    out.push_back(std::move(r));
  return out;
}

}  // namespace loadlab::cli
