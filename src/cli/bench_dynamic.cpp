// Benchmarks of the dynamic kind's discrete-event simulator: simulated events per second
// on a 256x256 torus (65,536 nodes) with about 10^7 tasks (multinomial initial loads, mean 153 per
// node, exponential durations), for `none` and `work_stealing`; wall and process CPU time of the
// whole run (creating the 10^7 tasks included). Logs off (record = false). Two records per
// strategy: without the task table (task_log = false: the engine alone, the same counters and
// times) and, named `dynamic_events_tasklog_*`, with it (72 bytes per task, what the checker reads;
// on a VM its page faults dominate). Goal: >= 10^7 events/s natively, WebAssembly at most 1.6x
// slower. --quick: a 64x64 torus with ~10^5 tasks.
#include <chrono>
#include <ctime>
#include <string>

#include "cli/commands.h"
#include "core/dynamic/registry.h"
#include "core/util/rng.h"

namespace loadlab::cli {

nlohmann::json bench_dynamic(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  const int side = opts.quick ? 64 : 256;
  const std::int64_t mean = opts.quick ? 25 : 153;
  const core::Topology torus = core::Topology::torus(side, side);
  core::DynamicWorkload w;
  w.seed = 1;
  util::Rng rng(1);
  w.initial = core::generate_loads(core::LoadGenerator::Multinomial, torus.size(), mean, rng);
  w.duration.profile = "exponential";
  w.duration.value = 1;
  const core::DynamicCosts costs{0.05, 0.01, 0};
  core::DynamicRunOptions opt;
  opt.record = false;
  opt.max_tasks = 20'000'000;
  opt.max_events = 2'000'000'000;
  for (const char* alg : {"none", "work_stealing"})
    for (const bool log : {false, true}) {
      const std::string name = std::string("dynamic_events_") + (log ? "tasklog_" : "") + alg +
                               "_torus" + std::to_string(side);
      if (!opts.filter.empty() && name.find(opts.filter) == std::string::npos) continue;
      opt.task_log = log;
      const auto t0 = std::chrono::steady_clock::now();
      const std::clock_t c0 = std::clock();
      const core::DynamicRunResult r = core::run_dynamic(alg, torus, w, costs, {}, opt);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // CPU time too: on a shared machine wall time includes waiting for a core.
      const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
      out.push_back({{"name", name},
                     {"seconds", s},
                     {"nodes", torus.size()},
                     {"tasks", r.tasks},
                     {"task_log", log},
                     {"events", r.events},
                     {"events_per_second", static_cast<double>(r.events) / s},
                     {"cpu_seconds", cpu},
                     {"events_per_cpu_second", static_cast<double>(r.events) / cpu},
                     {"migrations", r.migrations},
                     {"completion_time", r.completion_time},
                     {"efficiency", r.efficiency}});
    }
  return out;
}

}  // namespace loadlab::cli
