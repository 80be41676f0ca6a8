// Generators (task counts by hand formula, exact CCR) and a conformance sweep: every scheduler
// gives a verified schedule on every generated graph, and the exact search is never beaten.
#include <doctest/doctest.h>

#include "core/dag/generators.h"
#include "core/dag/schedulers.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"

using namespace loadlab::core;

TEST_CASE("DagGenerators.TaskCounts") {
  CHECK(lu_shape(62).tasks == 62 * 63 / 2);             // 1953
  CHECK(gaussian_shape(63).tasks == 62 + 63 * 62 / 2);  // 2015
  CHECK(laplace_shape(32, 60).tasks == 60 * 33);        // 1980
  CHECK(stencil_shape(40, 50).tasks == 2000);
  CHECK(fft_shape(256).tasks == 256 * 9);  // 2304
  CHECK(fft_shape(8).edges.size() == 2u * 8 * 3);
  CHECK(fork_join_shape(8, 4).tasks == 1 + 4 * 9);
  CHECK(out_tree_shape(2, 3).tasks == 15);
  CHECK(in_tree_shape(3, 2).tasks == 13);
  // Stencil: interior tasks have 3 parents, the two border tasks 2: (steps-1)*(3w-2) edges.
  CHECK(stencil_shape(40, 50).edges.size() == 49u * (3 * 40 - 2));
  CHECK_THROWS_AS(fft_shape(100), GraphError);
}

TEST_CASE("DagGenerators.TreesAreTrees") {
  const TaskGraph out = assign_costs(out_tree_shape(2, 4), {}, 1);
  CHECK(out.entry_tasks().size() == 1);
  CHECK(out.exit_tasks().size() == 16);
  const TaskGraph in = assign_costs(in_tree_shape(2, 4), {}, 1);
  CHECK(in.entry_tasks().size() == 16);
  CHECK(in.exit_tasks().size() == 1);
}

TEST_CASE("DagGenerators.CostsMeetTargetCcr") {
  for (double ccr : {0.2, 5.0}) {
    for (const char* dist : {"uniform", "exponential", "unit"}) {
      CostSpec cs;
      cs.ccr = ccr;
      cs.distribution = dist;
      const TaskGraph g = assign_costs(lu_shape(30), cs, 7);
      CHECK(g.ccr() == doctest::Approx(ccr).epsilon(1e-12));
      CHECK(g.total_comp() / g.size() == doctest::Approx(10).epsilon(0.2));
    }
  }
  // Same seed, same graph; different seed, different costs.
  CHECK(assign_costs(lu_shape(10), {}, 3).comps() == assign_costs(lu_shape(10), {}, 3).comps());
  CHECK(assign_costs(lu_shape(10), {}, 3).comps() != assign_costs(lu_shape(10), {}, 4).comps());
}

TEST_CASE("DagGenerators.Layered") {
  LayeredSpec sp;
  sp.n = 10000;
  sp.fat = 0.5;
  sp.density = 0.04;
  sp.regularity = 0.8;
  sp.jump = 2;
  const GraphShape s = layered_shape(sp, 5);
  CHECK(s.tasks == 10000);
  const TaskGraph g = assign_costs(s, {}, 5);
  // Width ~ sqrt(n) = 100; each non-entry task gets round(0.04 x previous level) ~ 4 parents.
  CHECK(level_width(g) >= 80);
  CHECK(level_width(g) <= 120);
  CHECK(g.edge_count() > 30000);
  CHECK(g.edge_count() < 50000);
}

TEST_CASE("DagGenerators.Layered.EdgeLimitRefusedBeforeBuilding") {
  // n = 10^6 with levels of ~1000 tasks and density 0.5: ~500 parents per task, ~5 * 10^8 edges,
  // far over GraphLimits::max_edges. Refused from the level sizes alone (the old generator built
  // every edge first: minutes and gigabytes).
  LayeredSpec sp;
  sp.n = 1000000;
  sp.fat = 0.5;
  sp.density = 0.5;
  CHECK_THROWS_WITH_AS(layered_shape(sp, 1), doctest::Contains("too many edges"), GraphError);
  // The exact count it predicts is the count it builds: just under the limit works.
  sp.n = 40000;
  sp.density = 0.05;  // levels of ~200 tasks, ~10 parents each
  const GraphShape s = layered_shape(sp, 1);
  CHECK(s.edges.size() > 300000);
  CHECK(static_cast<std::int64_t>(s.edges.size()) <= GraphLimits::max_edges);
}

TEST_CASE("DagConformance.GeneratedGraphs.AllSchedulersVerified" * doctest::timeout(300)) {
  std::vector<GraphShape> shapes = {lu_shape(12),         gaussian_shape(12), laplace_shape(6, 8),
                                    stencil_shape(8, 8),  fft_shape(16),      fork_join_shape(5, 3),
                                    out_tree_shape(3, 3), in_tree_shape(3, 3)};
  LayeredSpec sp;
  sp.n = 120;
  sp.jump = 3;
  shapes.push_back(layered_shape(sp, 11));
  int runs = 0;
  for (std::size_t i = 0; i < shapes.size(); ++i)
    for (double ccr : {0.2, 5.0})
      for (int P : {1, 3, 8}) {
        CostSpec cs;
        cs.ccr = ccr;
        const TaskGraph g = assign_costs(shapes[i], cs, 100 + i);
        const double lb = makespan_lower_bound(g, P);
        DagOptions opts;
        opts.optimal_node_budget = 2000;
        for (const auto& name : dag_algorithm_names()) {
          const Schedule s = run_dag_algorithm(name, g, P, opts);
          CAPTURE(i);
          CAPTURE(P);
          CAPTURE(name);
          const auto c = verify_schedule(g, s, dag_algorithm_unbounded(name) ? 0 : P);
          REQUIRE_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
          if (!dag_algorithm_unbounded(name)) CHECK(s.makespan() >= lb - 1e-9);
          ++runs;
        }
      }
  CHECK(runs == 9 * 2 * 3 * static_cast<int>(dag_algorithm_names().size()));
}

TEST_CASE("DagOptimal.SmallRandomGraphs.NeverWorseThanHeuristics" * doctest::timeout(300)) {
  loadlab::util::Rng rng(99);
  int proven = 0;
  for (int trial = 0; trial < 60; ++trial) {
    LayeredSpec sp;
    sp.n = 6 + static_cast<std::int32_t>(rng.below(7));
    sp.density = rng.uniform_real(0.2, 1.0);
    sp.jump = 2;
    CostSpec cs;
    cs.ccr = rng.bernoulli(0.5) ? 0.5 : 3.0;
    const TaskGraph g = assign_costs(layered_shape(sp, trial), cs, trial);
    const int P = 2 + static_cast<int>(rng.below(2));
    const OptimalResult opt = optimal_schedule(g, P, 3'000'000);
    CAPTURE(trial);
    REQUIRE(verify_schedule(g, opt.schedule, P).ok);
    if (!opt.proven) continue;
    ++proven;
    for (const auto& name : dag_algorithm_names()) {
      if (dag_algorithm_unbounded(name) || name == "optimal") continue;
      const Schedule s = run_dag_algorithm(name, g, P);
      // The optimum is over schedules running each task once: it bounds every schedule without
      // copies. Copies (dsh, cpfd) can beat it; they are bounded by the work and path bound.
      if (s.duplicate_count() == 0)
        CHECK(opt.schedule.makespan() <= s.makespan() + 1e-9);
      else
        CHECK(s.makespan() >= makespan_lower_bound(g, P) - 1e-9);
    }
  }
  CHECK(proven >= 50);
}

TEST_CASE("DagOptimal.BudgetStopsSearch") {
  // 40 independent tasks of distinct costs on 3 processors: a hard partition instance; with a
  // budget of 100 nodes the search must return quickly with a valid schedule, unproven or not.
  std::vector<double> comp;
  for (int i = 0; i < 40; ++i) comp.push_back(100 + 7 * i % 23 + i);
  const TaskGraph g(comp, {});
  const OptimalResult r = optimal_schedule(g, 3, 100, 64);
  CHECK(r.nodes <= 101);
  CHECK(verify_schedule(g, r.schedule, 3).ok);
}
