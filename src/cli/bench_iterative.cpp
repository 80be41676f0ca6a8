// `loadlab bench` for the iterative balancers of course notes 003
// (../shared/seeds/003_6046837c8e4c81af.txt): diffusion and GDE (real model) on a 1024 x 1024
// torus, 100 sweeps, on 1 and `--threads` threads (the central kernels split over a worker pool;
// every node / colour-class edge writes only its own outputs, so the bits do not depend on the
// thread count; each sweep's kernel also takes the statistics of the blocks it finished, see
// core::run_sweeps_fused and core/balance/load_spread.h). The per-sweep history
// (max - min, standard deviation) is part of the timed work;
// per-edge flow recording and the predicted rate are off. Conservation is checked afterwards.
// `cpu_seconds` (process CPU time of the best repetition, all threads) over `seconds` gives
// `cpus_utilized`: below the thread count, the shared machine did not give the run that many cores.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "sim/programs/iterative_nodes.h"

namespace loadlab::cli {

nlohmann::json bench_iterative(const BenchOptions& opts) {
  const int side = opts.quick ? 128 : 1024;
  const int sweeps = opts.quick ? 10 : 100;
  const core::Topology torus = core::Topology::torus(side, side);
  util::Rng rng(12345);
  const core::LoadVector w =
      core::generate_loads(core::LoadGenerator::Uniform, torus.size(), 100, rng);
  const std::string tag = "torus" + std::to_string(side) + "x" + std::to_string(side);
  nlohmann::json out = nlohmann::json::array();
  for (const std::string alg : {"diffusion", "gde"})
    for (int threads : opts.threads > 1 ? std::vector<int>{1, opts.threads} : std::vector<int>{1}) {
      const std::string name = "balance/" + alg + "/" + tag + "/threads" + std::to_string(threads);
      if (!opts.filter.empty() && name.find(opts.filter) == std::string::npos) continue;
      const auto pool = sim::make_pool_parallel_for(threads);
      core::IterativeOptions o;
      o.parameter = alg == "gde" ? 0.5 : 0.2;
      o.max_sweeps = sweeps;
      o.stop.value = 0;
      o.record_flows = false;
      o.predict = false;
      o.parallel = pool.get();
      double best = 1e300, best_cpu = 0;
      core::IterativeResult r;
      for (int rep = 0; rep < 3; ++rep) {
        const std::clock_t c0 = std::clock();
        const auto t0 = std::chrono::steady_clock::now();
        r = alg == "gde" ? core::gde(torus, w, o) : core::diffusion(torus, w, o);
        const double sec =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (sec < best)
          best = sec, best_cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
      }
      double total = 0, total0 = 0;
      for (double x : r.final_loads) total += x;
      for (auto x : w) total0 += static_cast<double>(x);
      const double updates = static_cast<double>(torus.size()) * r.sweeps_run;
      out.push_back({{"name", name},
                     {"seconds", best},
                     {"cpu_seconds", best_cpu},
                     {"cpus_utilized", best_cpu / best},
                     {"repetitions", 3},
                     {"nodes", torus.size()},
                     {"sweeps", r.sweeps_run},
                     {"threads", threads},
                     {"node_updates_per_second", updates / best},
                     {"per_thread", updates / best / threads},
                     {"max_minus_min",
                      r.history_max_minus_min.empty() ? 0.0 : r.history_max_minus_min.back()},
                     {"conserved", std::abs(total - total0) <= 1e-9 * total0}});
    }
  return out;
}

}  // namespace loadlab::cli
