// Papers: ../shared/seeds/003_6046837c8e4c81af.txt (randomized allocation, work stealing) and
// ../shared/seeds/002_6cf480ff57e2bb72.txt Section 2.5 (receiver-initiated); the executors are
// src/sim/dynamic_exec/, the same code `loadlab bench --filter dynamic_threads/` measures.
#include "app/dynamic/model_threads.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "sim/dynamic_exec/thread_executor.h"
#include "sim/dynamic_exec/tree_workload.h"

namespace loadlab::app {

namespace {

using ModelThreadsClock = std::chrono::steady_clock;

// The sizes of the UTS trees offered in the tab: tens of thousands of fine-grained tasks, a run of
// a fraction of a second (the bench's --quick shapes, a little larger).
sim::UtsParams uts_params(const std::string& workload, std::uint64_t seed) {
  sim::UtsParams p;
  if (workload == "uts_binomial") {  // T3-like: q·m just below 1, a long thin tree
    p.shape = sim::UtsShape::Binomial;
    p.b0 = 500;
    p.q = 0.124;
    p.m = 8;
    p.max_depth = 100'000;
  } else {  // T1-like: geometric, mean 4 children, cut at depth 8
    p.shape = sim::UtsShape::Geometric;
    p.b0 = 4;
    p.max_depth = 8;
  }
  p.granularity = 64;
  p.seed = seed;
  return p;
}

// The work itself on one thread, no queues or locks (as the bench's reference).
double run_sequential(const sim::TreeWorkload& w) {
  std::vector<sim::ThreadTask> stack(w.roots().begin(), w.roots().end());
  double checksum = 0;
  while (!stack.empty()) {
    const sim::ThreadTask t = stack.back();
    stack.pop_back();
    checksum += w.execute(t);
    w.children(t, stack);
  }
  return checksum;
}

sim::ThreadExecOptions executor_options(const io::DynamicScenario& sc, const std::string& strategy,
                                        int threads) {
  sim::ThreadExecOptions o;
  o.threads = threads;
  o.strategy = strategy;
  o.seed = sc.seed;
  o.random_threshold =
      static_cast<std::int64_t>(std::llround(std::max(0.0, sc.params.random.threshold)));
  o.transfer_limit = sc.params.random.transfer_limit;
  o.victim = sc.params.work_stealing.victim;
  o.amount = sc.params.work_stealing.amount;
  o.receiver_theta = static_cast<std::int64_t>(std::floor(std::max(0.0, sc.params.receiver.theta)));
  return o;
}

}  // namespace

const std::vector<std::string>& dynamic_thread_strategies() {
  return sim::thread_strategy_names();
}

DynamicThreadsReport measure_dynamic_threads(const io::DynamicScenario& sc,
                                             const DynamicThreadsRequest& req, int hardware_threads,
                                             const std::atomic<bool>* cancel,
                                             std::atomic<double>* progress) {
  DynamicThreadsReport rep;
  rep.workload = req.workload;
  rep.hardware_threads = hardware_threads;
  rep.threads = req.threads;
  const int cap = DynamicThreadsLimits::max_threads_native;
  if (req.threads < 1 || req.threads > cap) {
    rep.error = "threads must be 1.." + std::to_string(cap);
    return rep;
  }
  std::vector<std::string> names;
  for (const auto& s : dynamic_thread_strategies())
    if (std::find(sc.algorithms.begin(), sc.algorithms.end(), s) != sc.algorithms.end())
      names.push_back(s);
  if (names.empty()) names = dynamic_thread_strategies();

  std::optional<sim::TreeWorkload> w;
  sim::TreeCount count;
  try {
    if (req.workload == "scenario") {
      // Count the tree at one unit per second first, then scale the unit to the target time.
      const sim::TreeWorkload probe = sim::TreeWorkload::spawn(sc.workload, 1.0);
      count = probe.count(DynamicThreadsLimits::max_tasks);
      if (count.work_units <= 0) throw std::invalid_argument("the scenario's workload has no work");
      rep.seconds_per_unit = req.target_seconds / count.work_units;
      w.emplace(sim::TreeWorkload::spawn(sc.workload, rep.seconds_per_unit));
    } else if (req.workload == "uts_geometric" || req.workload == "uts_binomial") {
      w.emplace(sim::TreeWorkload::uts(uts_params(req.workload, sc.seed)));
      count = w->count(DynamicThreadsLimits::max_tasks);
    } else {
      rep.error = "unknown workload \"" + req.workload + "\"";
      return rep;
    }
  } catch (const std::length_error&) {
    rep.error = "the tree has more than " + std::to_string(DynamicThreadsLimits::max_tasks) +
                " tasks: too many for an interactive real run";
    return rep;
  } catch (const std::exception& e) {
    rep.error = e.what();
    return rep;
  }
  rep.tasks = count.tasks;

  // One untimed pass first (WebAssembly runs baseline code until V8 has optimized the hot
  // functions, which would make the sequential reference look slow), then the timed one.
  run_sequential(*w);
  const auto t0 = ModelThreadsClock::now();
  run_sequential(*w);
  rep.sequential_seconds = std::chrono::duration<double>(ModelThreadsClock::now() - t0).count();

  for (std::size_t k = 0; k < names.size(); ++k) {
    if (cancel && cancel->load()) {
      rep.error = "cancelled";
      break;
    }
    sim::ThreadExecOptions o = executor_options(sc, names[k], req.threads);
    o.cancel = cancel;
    sim::ThreadExecResult r = sim::execute_tree(*w, o);
    if (r.cancelled) {
      rep.error = "cancelled";
      break;
    }
    DynamicThreadsRow row;
    row.strategy = names[k];
    row.seconds = r.seconds;
    row.efficiency = r.seconds > 0 ? rep.sequential_seconds / (req.threads * r.seconds) : 0;
    row.tasks = r.tasks;
    row.steals = r.steals;
    row.steal_attempts = r.steal_attempts;
    row.migrations = r.migrations;
    row.tasks_per_thread = r.tasks_per_thread;
    row.verified = sim::verify_tree_run(count, r);
    rep.rows.push_back(std::move(row));
    if (progress) progress->store(static_cast<double>(k + 1) / static_cast<double>(names.size()));
  }
  return rep;
}

bool DynamicThreadsRunner::start(io::ScenarioPtr scenario, DynamicThreadsRequest req,
                                 int hardware_threads) {
  if (!dynamic_cast<const io::DynamicScenario*>(scenario.get())) return false;
  return job_.start([scenario = std::move(scenario), req, hardware_threads](const JobControl& c) {
    DynamicThreadsReport rep;
    try {
      const auto& sc = dynamic_cast<const io::DynamicScenario&>(*scenario);
      rep = measure_dynamic_threads(sc, req, hardware_threads, c.cancel, c.progress_value);
    } catch (const std::exception& e) {
      rep.error = e.what();
    }
    return rep;
  });
}

bool DynamicThreadsRunner::poll() {
  auto rep = job_.poll();
  if (!rep) return false;
  last_ = std::move(rep);
  return true;
}

}  // namespace loadlab::app
