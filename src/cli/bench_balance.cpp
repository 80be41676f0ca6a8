// `loadlab bench` for the network load balancers of paper 000
// (../shared/seeds/000_ace8fcde3218dd88.txt): CWA on a 20-cube, MWA on 1024x1024, TWA on a random
// 1M-node tree (each should take well under 1 s natively), DEM on the 20-cube, and the LEMON
// optimum on a 10-cube and a 32x32 mesh at average load 100. Only the algorithm is timed; the
// result is then checked by the verifier and its metrics are reported with the timing. The optimum
// also runs at the sizes of its goals (256 x 256 mesh and torus, 14-cube, 1024 x 1024 mesh) and,
// for comparison, with the reference solver (LEMON's network simplex) on a 128 x 128 mesh and the
// 10-cube. The drawing of a custom network (Topology::layout beyond a dozen nodes: the graph layout
// of core/util/graph_layout.h) is timed on grids given as custom graphs, up to the node limit.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"
#include "core/util/graph_layout.h"
#include "core/verify/balance_verify.h"

namespace loadlab::cli {

namespace {

using core::BalanceResult;
using core::LoadVector;
using core::Topology;

struct Case {
  std::string name;
  std::function<Topology()> topology;
  core::LoadGenerator loads;
  std::function<BalanceResult(const Topology&, const LoadVector&)> run;
  std::int64_t mean = 100;
  int repetitions = 3;
};

nlohmann::json measure(const Case& c, int repetitions) {
  const Topology topo = c.topology();
  util::Rng rng(12345);
  const LoadVector w = core::generate_loads(c.loads, topo.size(), c.mean, rng);
  BalanceResult r;
  double best = 1e300, best_cpu = 1e300;
  for (int i = 0; i < repetitions; ++i) {
    const std::clock_t c0 = std::clock();
    const auto t0 = std::chrono::steady_clock::now();
    r = c.run(topo, w);
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    best_cpu = std::min(best_cpu, static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  }
  const core::BalanceMetrics m = core::compute_balance_metrics(r);
  return {{"name", c.name},
          {"seconds", best},
          // Process CPU time: the machine may be shared, and the solvers are single-threaded.
          {"cpu_seconds", best_cpu},
          {"repetitions", repetitions},
          {"nodes", topo.size()},
          {"total_tasks", core::total_load(w)},
          {"load_distribution", core::load_generator_name(c.loads)},
          {"transfers", r.transfers.size()},
          {"task_hops", m.task_hops},
          {"exchange_steps", m.exchange_steps},
          {"max_minus_min", m.max_minus_min},
          {"verified", core::verify_balance(topo, w, r).ok}};
}

}  // namespace

nlohmann::json bench_balance(const BenchOptions& opts) {
  const bool q = opts.quick;
  const int cube_dim = q ? 12 : 20, mesh_side = q ? 64 : 1024, tree_nodes = q ? 4096 : 1 << 20;
  const int opt_dim = q ? 6 : 10, opt_side = q ? 8 : 32;
  const int big_side = q ? 32 : 256, big_dim = q ? 8 : 14, huge_side = q ? 64 : 1024,
            ns_side = q ? 16 : 128;
  const std::string cube_tag = "cube" + std::to_string(cube_dim);
  const std::string mesh_tag = "mesh" + std::to_string(mesh_side) + "x" + std::to_string(mesh_side);
  // Uniform loads in [0, 200] for the big cases (mean 100; the multinomial generator is limited to
  // 5e7 tasks); exactly N * 100 tasks (multinomial) for the optimum.
  const Case cases[] = {
      {"balance/cwa/" + cube_tag, [=] { return Topology::hypercube(cube_dim); },
       core::LoadGenerator::Uniform,
       [](const Topology& t, const LoadVector& w) { return core::cwa(t, w); }},
      {"balance/mwa/" + mesh_tag, [=] { return Topology::mesh(mesh_side, mesh_side); },
       core::LoadGenerator::Uniform,
       [](const Topology& t, const LoadVector& w) { return core::mwa(t, w); }},
      {"balance/twa/random_tree" + std::to_string(tree_nodes),
       [=] {
         util::Rng rng(7);
         return Topology::random_tree(tree_nodes, rng);
       },
       core::LoadGenerator::Uniform,
       [](const Topology& t, const LoadVector& w) { return core::twa(t, w); }},
      {"balance/dem/" + cube_tag, [=] { return Topology::hypercube(cube_dim); },
       core::LoadGenerator::Uniform,
       [](const Topology& t, const LoadVector& w) { return core::dem(t, w); }},
      {"balance/optimal/cube" + std::to_string(opt_dim) + "_avg100",
       [=] { return Topology::hypercube(opt_dim); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }},
      {"balance/optimal/mesh" + std::to_string(opt_side) + "x" + std::to_string(opt_side) +
           "_avg100",
       [=] { return Topology::mesh(opt_side, opt_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }},
      // The goals: a 256 x 256 mesh and a 14-cube under 0.5 s, a 1024 x 1024 mesh under 30 s.
      {"balance/optimal/mesh" + std::to_string(big_side) + "x" + std::to_string(big_side) +
           "_avg100",
       [=] { return Topology::mesh(big_side, big_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }},
      {"balance/optimal/torus" + std::to_string(big_side) + "x" + std::to_string(big_side) +
           "_avg100",
       [=] { return Topology::torus(big_side, big_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }},
      {"balance/optimal/cube" + std::to_string(big_dim) + "_avg100",
       [=] { return Topology::hypercube(big_dim); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }},
      // Mean 40: the multinomial generator is limited to 5e7 tasks. Once: it takes minutes.
      {"balance/optimal/mesh" + std::to_string(huge_side) + "x" + std::to_string(huge_side) +
           "_avg40",
       [=] { return Topology::mesh(huge_side, huge_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) { return core::optimal(t, w); }, 40, 1},
      // The reference formulation (LEMON's network simplex on Section 2's graph), for comparison.
      {"balance/optimal_network_simplex/mesh" + std::to_string(ns_side) + "x" +
           std::to_string(ns_side) + "_avg100",
       [=] { return Topology::mesh(ns_side, ns_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) {
         return core::optimal(t, w, core::OptimalSolver::NetworkSimplex);
       }},
      {"balance/optimal_primal_dual/mesh" + std::to_string(ns_side) + "x" +
           std::to_string(ns_side) + "_avg100",
       [=] { return Topology::mesh(ns_side, ns_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) {
         return core::optimal(t, w, core::OptimalSolver::PrimalDual);
       }},
      // The previous choice on meshes (LEMON's network simplex) at the goal size, for comparison.
      {"balance/optimal_network_simplex/mesh" + std::to_string(big_side) + "x" +
           std::to_string(big_side) + "_avg100",
       [=] { return Topology::mesh(big_side, big_side); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) {
         return core::optimal(t, w, core::OptimalSolver::NetworkSimplex);
       }},
      {"balance/optimal_network_simplex/cube" + std::to_string(opt_dim) + "_avg100",
       [=] { return Topology::hypercube(opt_dim); }, core::LoadGenerator::Multinomial,
       [](const Topology& t, const LoadVector& w) {
         return core::optimal(t, w, core::OptimalSolver::NetworkSimplex);
       }},
  };
  nlohmann::json out = nlohmann::json::array();
  for (const Case& c : cases)
    if (opts.filter.empty() || c.name.find(opts.filter) != std::string::npos)
      out.push_back(measure(c, c.repetitions));
  // Uncached, once per size: what opening such a scenario costs the first time.
  for (int side : q ? std::vector<int>{20, 64} : std::vector<int>{20, 100, 316, 1448}) {
    const std::string name =
        "balance/custom_layout/grid" + std::to_string(side) + "x" + std::to_string(side);
    if (!opts.filter.empty() && name.find(opts.filter) == std::string::npos) continue;
    const Topology grid = Topology::mesh(side, side);
    std::vector<core::Edge> edges;
    for (int v = 0; v < grid.size(); ++v)
      for (int u : grid.neighbours(v))
        if (v < u) edges.push_back({v, u});
    const Topology t = Topology::custom(grid.size(), edges);
    std::vector<std::int64_t> off{0};
    std::vector<int> adj;
    for (int v = 0; v < t.size(); ++v) {
      for (int u : t.neighbours(v)) adj.push_back(u);
      off.push_back(static_cast<std::int64_t>(adj.size()));
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<double> xy = core::compute_graph_layout(off, adj);
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.push_back(nlohmann::json{{"name", name},
                                 {"seconds", sec},
                                 {"nodes", t.size()},
                                 {"links", static_cast<std::int64_t>(edges.size())},
                                 {"coordinates", static_cast<std::int64_t>(xy.size())}});
  }
  return out;
}

}  // namespace loadlab::cli
