// `loadlab bench` for task-graph scheduling: FLB on each ~2000-task graph of paper 001
// Section 6 (paper: 38-49 ms on a Pentium Pro 233 MHz; target < 5 ms), FLB on a 1,000,000-task
// layered random DAG with about 4M edges (target < 3 s), and ETF vs FLB at V = 2000, P = 32.
// every scheduler that runs on heterogeneous machines on a 10,000-task layered DAG with
// 64 processors of seeded speeds in [1, 4] and bandwidths in [0.5, 2] ("dag/hetero/<name>"), and
// on the 1,000-task graph of the same family ("dag/hetero/<name>/V1000"); the stochastic
// evaluator: 1,000 sampled executions of a 2,000-task schedule ("dag/stochastic/...").
#include <chrono>

#include "cli/commands.h"
#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/dag/schedulers.h"
#include "core/dag/stochastic.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"

namespace loadlab::cli {

namespace {

template <class F>
double best_seconds(int reps, F&& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

nlohmann::json bench_dag(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  auto want = [&](const std::string& name) {
    return opts.filter.empty() || name.find(opts.filter) != std::string::npos;
  };
  const bool q = opts.quick;
  struct Paper {
    const char* name;
    core::GraphShape shape;
  };
  const std::vector<Paper> graphs = {{"lu", core::lu_shape(q ? 20 : 62)},
                                     {"laplace", core::laplace_shape(q ? 8 : 32, q ? 10 : 60)},
                                     {"stencil", core::stencil_shape(q ? 10 : 40, q ? 10 : 50)},
                                     {"fft", core::fft_shape(q ? 32 : 256)}};
  for (const auto& pg : graphs)
    for (int P : {2, 32}) {
      const std::string name = "dag/flb/" + std::string(pg.name) + "/P" + std::to_string(P);
      if (!want(name)) continue;
      core::CostSpec cs;
      cs.ccr = 1.0;
      const core::TaskGraph g = core::assign_costs(pg.shape, cs, 1);
      double makespan = 0;
      const double s = best_seconds(q ? 1 : 5, [&] { makespan = core::flb(g, P).makespan(); });
      out.push_back({{"name", name},
                     {"seconds", s},
                     {"tasks", g.size()},
                     {"edges", g.edge_count()},
                     {"processors", P},
                     {"makespan", makespan},
                     {"target_seconds", 0.005}});
    }
  {
    const std::string name = "dag/flb/layered_1M";
    if (want(name)) {
      core::LayeredSpec sp;
      sp.n = q ? 20000 : 1000000;
      sp.fat = 0.5;        // levels of about sqrt(n) = 1000 tasks
      sp.density = 0.004;  // round(0.004 x 1000) = 4 parents per task -> about 4M edges
      sp.regularity = 0.9;
      sp.jump = 2;
      if (q) sp.density = 4.0 / 141;
      core::CostSpec cs;
      cs.ccr = 1.0;
      const auto tg0 = std::chrono::steady_clock::now();
      const core::TaskGraph g = core::assign_costs(core::layered_shape(sp, 7), cs, 7);
      const double gen =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - tg0).count();
      double makespan = 0;
      const double s = best_seconds(1, [&] { makespan = core::flb(g, 32).makespan(); });
      out.push_back({{"name", name},
                     {"seconds", s},
                     {"tasks", g.size()},
                     {"edges", g.edge_count()},
                     {"processors", 32},
                     {"makespan", makespan},
                     {"build_seconds", gen},
                     {"target_seconds", 3.0}});
    }
  }
  {
    core::CostSpec cs;
    cs.ccr = 1.0;
    const core::TaskGraph g =
        core::assign_costs(core::stencil_shape(q ? 10 : 40, q ? 10 : 50), cs, 3);
    for (const char* alg : {"etf", "flb", "hlfet", "dsh", "btdh", "cpfd"}) {
      const std::string name = std::string("dag/") + alg + "_vs/V2000/P32";
      if (!want(name)) continue;
      double makespan = 0;
      const double s = best_seconds(
          q ? 1 : 3, [&] { makespan = core::run_dag_algorithm(alg, g, 32).makespan(); });
      out.push_back({{"name", name},
                     {"seconds", s},
                     {"tasks", g.size()},
                     {"processors", 32},
                     {"makespan", makespan}});
    }
  }
  {
    core::LayeredSpec sp;
    sp.n = q ? 1000 : 10000;
    sp.fat = 0.5;       // levels of about sqrt(n) = 100 tasks
    sp.density = 0.04;  // round(0.04 x 100) = 4 parents per task
    sp.jump = 2;
    core::CostSpec cs;
    cs.ccr = 1.0;
    const core::TaskGraph g = core::assign_costs(core::layered_shape(sp, 18), cs, 18);
    sp.n = 1000;
    const core::TaskGraph small = core::assign_costs(core::layered_shape(sp, 18), cs, 18);
    const int P = 64;
    core::Machine m = core::Machine::identical(P);
    util::Rng rng(18);
    for (int p = 0; p < P; ++p) m.speeds.push_back(rng.uniform_real(1.0, 4.0));
    for (int p = 0; p < P; ++p)
      for (int r = 0; r < P; ++r) m.bandwidth.push_back(p == r ? 0.0 : rng.uniform_real(0.5, 2.0));
    for (const auto& a : core::dag_algorithms()) {
      if (!a.run_machine || std::string(a.info.name) == "optimal") continue;
      for (const bool at_1000 : {false, true}) {
        const core::TaskGraph& graph = at_1000 ? small : g;
        const std::string name =
            std::string("dag/hetero/") + a.info.name + (at_1000 ? "/V1000" : "");
        if (!want(name)) continue;
        core::Schedule sched;
        const double s =
            best_seconds(1, [&] { sched = core::run_dag_algorithm(a.info.name, graph, m); });
        out.push_back({{"name", name},
                       {"seconds", s},
                       {"tasks", graph.size()},
                       {"edges", graph.edge_count()},
                       {"processors", P},
                       {"makespan", sched.makespan()},
                       {"lower_bound", core::makespan_lower_bound(graph, m)},
                       {"verified", core::verify_schedule(graph, m, sched).ok}});
      }
    }
  }
  {
    // The Monte-Carlo evaluator (core/dag/stochastic.h): 1,000 executions of HEFT's schedule of
    // the 2,000-task stencil on 8 processors, every cost uniform within +-50% of its value.
    const std::string name = "dag/stochastic/evaluate/V2000/N1000";
    if (want(name)) {
      core::CostSpec cs;
      cs.ccr = 1.0;
      const core::TaskGraph g =
          core::assign_costs(core::stencil_shape(q ? 10 : 40, q ? 10 : 50), cs, 3);
      const core::Machine m = core::Machine::identical(8);
      const core::Schedule sched = core::run_dag_algorithm("heft", g, m);
      core::StochasticCosts costs;
      for (double c : g.comps())
        costs.comp.push_back(core::CostDistribution::uniform(c / 2, c * 1.5));
      for (const auto& e : g.edges())
        costs.comm.push_back(core::CostDistribution::uniform(e.comm / 2, e.comm * 1.5));
      core::EvaluateOptions eo;
      eo.samples = 1000;
      core::MakespanDistribution d;
      const double s =
          best_seconds(q ? 1 : 3, [&] { d = core::evaluate_schedule(g, m, costs, sched, eo); });
      out.push_back({{"name", name},
                     {"seconds", s},
                     {"tasks", g.size()},
                     {"edges", g.edge_count()},
                     {"samples", eo.samples},
                     {"planned_makespan", sched.makespan()},
                     {"expected_makespan", d.mean},
                     {"p95_makespan", d.p95}});
    }
  }
  return out;
}

}  // namespace loadlab::cli
