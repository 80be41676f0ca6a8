// Conformance: every task-graph scheduler in the dag table (dag_algorithms(), so a new row is
// covered without editing this file) x every fixture graph x every machine model (identical P = 1,
// 2, 3, 5; uniform speeds and bandwidth; speeds with a bandwidth matrix; an ETC matrix; per-link
// bandwidth routed over a ring) x the independent verifier. A scheduler either refuses the
// machine with dag_algorithm_refusal's message, or returns a schedule that the verifier accepts,
// that uses at most P processors (unless the row says unbounded), and whose makespan is not below
// makespan_lower_bound (still a bound with duplicates: copies add work, never shorten a path).
// SAGA's all-schedulers test only checks that each runs; this one checks the schedule.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

namespace {

struct ConformanceGraph {
  std::string name;
  TaskGraph g;
};

std::vector<ConformanceGraph> conformance_graphs() {
  std::vector<ConformanceGraph> out;
  out.push_back({"flb_figure1", loadlab::test::flb_figure1()});
  out.push_back({"single", TaskGraph({5}, {})});
  out.push_back({"independent", TaskGraph({3, 1, 4, 1, 5}, {})});
  out.push_back({"chain", TaskGraph({2, 3, 4}, {{0, 1, 5}, {1, 2, 1}})});
  // Zero-cost tasks and zero-data edges: ties everywhere, successors tying their parents.
  out.push_back({"zeros", TaskGraph({0, 0, 2, 0}, {{0, 1, 0}, {1, 2, 3}, {0, 3, 0}, {3, 2, 0}})});
  out.push_back({"fork_join", assign_costs(fork_join_shape(4, 2), CostSpec{}, 11)});
  LayeredSpec spec;
  spec.n = 40;
  CostSpec heavy;
  heavy.ccr = 5;
  out.push_back({"layered_ccr5", assign_costs(layered_shape(spec, 3), heavy, 4)});
  return out;
}

struct ConformanceMachine {
  std::string name;
  Machine m;
};

std::vector<ConformanceMachine> conformance_machines(const TaskGraph& g) {
  std::vector<ConformanceMachine> out;
  for (int P : {1, 2, 3, 5})
    out.push_back({"identical P=" + std::to_string(P), Machine::identical(P)});
  Machine uniform = Machine::identical(3);
  uniform.speeds = {2, 2, 2};
  uniform.bandwidth = {0, 4, 4, 4, 0, 4, 4, 4, 0};
  out.push_back({"uniform", uniform});
  Machine speeds = Machine::identical(3);
  speeds.speeds = {1, 2.5, 4};
  speeds.bandwidth = {0, 1, 0.5, 2, 0, 1, 0.5, 3, 0};
  out.push_back({"speeds+bandwidth", speeds});
  Machine etc = Machine::identical(4);
  for (TaskId t = 0; t < g.size(); ++t)
    for (int p = 0; p < 4; ++p) etc.etc.push_back(g.comp(t) * (1 + ((t + 3 * p) % 4)) / 2.0);
  out.push_back({"etc", etc});
  Machine ring = Machine::identical(4);
  ring.speeds = {1, 1, 2, 3};
  ring.bandwidth = routed_bandwidth(Topology::ring(4), {1, 0.5, 2, 1});
  out.push_back({"ring", ring});
  return out;
}

}  // namespace

TEST_CASE("DagConformance.EveryScheduler.EveryFixture.Verified" * doctest::timeout(300)) {
  int runs = 0, refusals = 0;
  for (const auto& fg : conformance_graphs()) {
    const TaskGraph& g = fg.g;
    for (const auto& fm : conformance_machines(g)) {
      const Machine& m = fm.m;
      validate_machine(m, g);
      const double lb = makespan_lower_bound(g, m);
      for (const auto& a : dag_algorithms()) {
        const std::string name = a.info.name;
        CAPTURE(fg.name);
        CAPTURE(fm.name);
        CAPTURE(name);
        const std::string why = dag_algorithm_refusal(name, m);
        if (!why.empty()) {
          ++refusals;
          CHECK(!a.run_machine);
          CHECK_THROWS_WITH_AS(run_dag_algorithm(name, g, m), why.c_str(), std::invalid_argument);
          continue;
        }
        ++runs;
        DagOptions opts;
        opts.optimal_node_budget = 20'000;
        const Schedule s = run_dag_algorithm(name, g, m, opts);
        if (a.info.unbounded) {
          // One processor per cluster: checked on the machine's equivalent identical graph.
          const TaskGraph u = m.trivial() ? g : uniform_graph(g, m);
          const auto c = verify_schedule(u, s, 0);
          CHECK_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
          continue;
        }
        const auto c = verify_schedule(g, m, s);
        CHECK_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
        CHECK(s.processors <= m.processors);
        // Every task once, plus copies only from the duplication-based schedulers.
        CHECK(static_cast<std::int64_t>(s.entries.size()) - s.duplicate_count() == g.size());
        if (name != "dsh" && name != "cpfd") CHECK(s.duplicate_count() == 0);
        CHECK(s.makespan() >= lb * (1 - 1e-12));
      }
    }
  }
  // Every machine model was exercised: identical-only schedulers refused the unequal machines.
  CHECK(runs > 0);
  CHECK(refusals > 0);
}

TEST_CASE("DagConformance.Table.HasSagasStaticSchedulers") {
  for (const char* name : {"wba", "mst", "msbc", "fastest_node", "dps", "duplex", "hybrid"}) {
    CAPTURE(name);
    const DagAlgorithm* a = find_dag_algorithm(name);
    REQUIRE(a != nullptr);
    CHECK(static_cast<bool>(a->run_machine));
    CHECK_FALSE(a->default_set);
  }
}
