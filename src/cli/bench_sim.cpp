// Benchmarks of the BSP node simulation: node-supersteps per second for neighbour
// averaging on a 256x256 torus with 1 thread and with opts.threads threads, and the node programs
// of paper 000 on 2^16 nodes. Best of three repetitions (the machine may be shared).
#include <chrono>
#include <ctime>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/model/topology.h"
#include "core/util/rng.h"
#include "sim/programs/balance_nodes.h"
#include "sim/programs/diffusion.h"

namespace loadlab::cli {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool wanted(const BenchOptions& opts, const std::string& name) {
  return opts.filter.empty() || name.find(opts.filter) != std::string::npos;
}

struct DiffusionTiming {
  double seconds = 1e300;
  double cpu_seconds = 0;  // process CPU time of the best repetition (all threads)
  sim::DiffusionRun run;
};

DiffusionTiming time_diffusion(const core::Topology& topo, const std::vector<double>& init,
                               std::int64_t rounds, int threads) {
  DiffusionTiming best;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    sim::DiffusionRun run = sim::run_diffusion(topo, init, rounds, threads);
    const double s = seconds_since(t0);
    if (s < best.seconds) {
      best.seconds = s;
      best.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    }
    best.run = std::move(run);
  }
  return best;
}

}  // namespace

nlohmann::json bench_sim(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  const int side = opts.quick ? 32 : 256;
  const std::int64_t rounds = opts.quick ? 10 : 100;
  const std::string torus = "sim.diffusion.torus" + std::to_string(side);
  if (wanted(opts, torus)) {
    const core::Topology topo = core::Topology::torus(side, side);
    util::Rng rng(1);
    std::vector<double> init(static_cast<std::size_t>(topo.size()));
    for (double& x : init) x = rng.uniform_real(0, 100);
    const double node_steps = static_cast<double>(topo.size()) * static_cast<double>(rounds);
    const DiffusionTiming one = time_diffusion(topo, init, rounds, 1);
    const int threads = opts.threads < 1 ? 1 : opts.threads;
    const DiffusionTiming many = time_diffusion(topo, init, rounds, threads);
    for (const auto* t : {&one, &many}) {
      const int th = t == &one ? 1 : threads;
      out.push_back({{"name", torus + ".threads" + std::to_string(th)},
                     {"seconds", t->seconds},
                     {"threads", th},
                     {"nodes", topo.size()},
                     {"supersteps", t->run.supersteps},
                     {"messages", t->run.messages},
                     {"node_supersteps_per_second", node_steps / t->seconds},
                     // CPU time / wall time: below `threads` means the machine did not give the
                     // run that many cores (shared machine), so the speedup is not meaningful.
                     {"cpus_utilized", t->cpu_seconds / t->seconds}});
    }
    out.push_back({{"name", torus + ".speedup"},
                   {"seconds", many.seconds},
                   {"threads", threads},
                   {"speedup", one.seconds / many.seconds},
                   {"goal", 1.6},
                   {"identical_results", one.run.values == many.run.values}});
  }
  // The paper's algorithms as node programs on 2^16 nodes (2^10 with --quick).
  const int dim = opts.quick ? 10 : 16;
  const int mesh_side = opts.quick ? 32 : 256;
  struct Case {
    const char* algo;
    core::Topology topo;
  };
  util::Rng rng(2);
  std::vector<Case> cases;
  cases.push_back({"cwa", core::Topology::hypercube(dim)});
  cases.push_back({"dem", core::Topology::hypercube(dim)});
  cases.push_back({"mwa", core::Topology::mesh(mesh_side, mesh_side)});
  cases.push_back({"twa", core::Topology::random_tree(1 << dim, rng)});
  for (const Case& c : cases) {
    const std::string name =
        std::string("sim.nodes.") + c.algo + ".n" + std::to_string(c.topo.size());
    if (!wanted(opts, name)) continue;
    const core::LoadVector loads =
        core::generate_loads(core::LoadGenerator::Uniform, c.topo.size(), 10, rng);
    const int threads = opts.threads < 1 ? 1 : opts.threads;
    const auto t0 = std::chrono::steady_clock::now();
    const sim::NodeBalanceRun run = sim::run_balance_nodes(c.algo, c.topo, loads, threads);
    out.push_back({{"name", name},
                   {"seconds", seconds_since(t0)},
                   {"threads", threads},
                   {"supersteps", run.supersteps},
                   {"messages", run.messages},
                   {"tasks_moved", run.tasks_moved}});
  }
  return out;
}

}  // namespace loadlab::cli
