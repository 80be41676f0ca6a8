// Conformance: every task-graph scheduler in the dag table (dag_algorithms(), so a new row is
// covered without editing this file) x every fixture graph x every machine model (identical P = 1,
// 2, 3, 5; uniform speeds and bandwidth; speeds with a bandwidth matrix; an ETC matrix; per-link
// bandwidth routed over a ring) x the independent verifier. A scheduler either refuses the
// machine with dag_algorithm_refusal's message, or returns a schedule that the verifier accepts,
// that uses at most P processors (unless the row says unbounded), and whose makespan is not below
// makespan_lower_bound (still a bound with duplicates: copies add work, never shorten a path).
// SAGA's all-schedulers test only checks that each runs; this one checks the schedule.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/dag/stochastic.h"
#include "core/util/rng.h"
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
        if (name != "dsh" && name != "btdh" && name != "cpfd") CHECK(s.duplicate_count() == 0);
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

// ---- stochastic fixtures ----------------------------------------------------------------------

namespace {

// Each cost becomes a distribution of the four kinds in turn (tasks from uniform, edges from
// normal, so both see every kind), with the fixed cost as its mean; zero costs stay constant.
CostDistribution conformance_cost(double c, std::size_t i) {
  if (c <= 0) return CostDistribution::constant(c);
  switch (i % 4) {
    case 0:
      return CostDistribution::uniform(0.5 * c, 1.5 * c);
    case 1:
      return CostDistribution::normal(c, 0.25 * c);
    case 2:
      return CostDistribution::exponential(c);
    default:
      return CostDistribution::empirical({0.5 * c, c, 1.5 * c});
  }
}

StochasticCosts conformance_costs(const TaskGraph& g) {
  StochasticCosts sc;
  for (TaskId t = 0; t < g.size(); ++t)
    sc.comp.push_back(conformance_cost(g.comp(t), static_cast<std::size_t>(t)));
  for (std::size_t e = 0; e < g.edges().size(); ++e)
    sc.comm.push_back(conformance_cost(g.edges()[e].comm, e + 1));
  return sc;
}

// The costs of the one execution evaluate_schedule draws with `seed` and samples = 1: it draws
// every task's cost in order, then every edge's, from one Rng(seed) (stochastic_eval.cpp).
TaskGraph conformance_sampled_graph(const TaskGraph& g, const StochasticCosts& sc,
                                    std::uint64_t seed) {
  loadlab::util::Rng rng(seed);
  std::vector<double> comp;
  for (const auto& d : sc.comp) comp.push_back(d.draw(rng));
  std::vector<DagEdge> edges = g.edges();
  for (std::size_t e = 0; e < edges.size(); ++e) edges[e].comm = sc.comm[e].draw(rng);
  return TaskGraph(comp, edges);
}

}  // namespace

TEST_CASE("DagConformance.Stochastic.EverySchedulerPlansAndEverySampleIsValid" *
          doctest::timeout(300)) {
  // Planned on the mean and on mean + sigma (identical processors: an ETC matrix fixes every
  // time, so it refuses random costs). Each planned schedule is verified on the planning graph;
  // then single executions (samples = 1: the evaluator's per-entry finishes are that execution's)
  // are rebuilt as schedules and verified against the sampled costs; the distribution's fields
  // must agree with each other.
  std::vector<ConformanceGraph> graphs;
  for (auto& fg : conformance_graphs())
    if (fg.name == "fork_join" || fg.name == "layered_ccr5" || fg.name == "zeros")
      graphs.push_back(std::move(fg));
  REQUIRE(graphs.size() == 3);
  const Machine m = Machine::identical(3);
  int executions = 0;
  for (const auto& fg : graphs) {
    const StochasticCosts sc = conformance_costs(fg.g);
    for (const PlanStatistic stat : {PlanStatistic{PlanStatistic::Kind::mean, 1.0},
                                     PlanStatistic{PlanStatistic::Kind::quantile, 1.0}}) {
      const TaskGraph plan = planning_graph(fg.g, sc, stat);
      for (const auto& a : dag_algorithms()) {
        const std::string name = a.info.name;
        CAPTURE(fg.name);
        CAPTURE(name);
        CAPTURE(static_cast<int>(stat.kind));
        if (!dag_algorithm_refusal(name, m).empty()) continue;
        DagOptions opts;
        opts.optimal_node_budget = 20'000;
        const Schedule s = run_dag_algorithm(name, plan, m, opts);
        const auto planned =
            a.info.unbounded ? verify_schedule(plan, s, 0) : verify_schedule(plan, m, s);
        CHECK_MESSAGE(planned.ok, (planned.errors.empty() ? "" : planned.errors.front()));

        EvaluateOptions eo;
        eo.samples = 200;
        eo.bins = 12;
        eo.seed = 7;
        const MakespanDistribution d = evaluate_schedule(fg.g, m, sc, s, eo);
        CHECK(d.samples == 200);
        CHECK(d.min <= d.p5);
        CHECK(d.p5 <= d.p50);
        CHECK(d.p50 <= d.p95);
        CHECK(d.p95 <= d.max);
        CHECK(d.mean >= d.min * (1 - 1e-12));
        CHECK(d.mean <= d.max * (1 + 1e-12));
        CHECK(d.sd >= 0);
        std::int64_t counted = 0;
        for (auto c : d.histogram.counts) counted += c;
        CHECK(counted == d.samples);
        REQUIRE(d.histogram.edges.size() == d.histogram.counts.size() + 1);
        CHECK(d.histogram.edges.front() == d.min);
        CHECK(d.histogram.edges.back() == d.max);

        for (std::uint64_t seed : {11u, 12u}) {
          EvaluateOptions one;
          one.samples = 1;
          one.seed = seed;
          const MakespanDistribution x = evaluate_schedule(fg.g, m, sc, s, one);
          REQUIRE(x.finish.size() == s.entries.size());
          const TaskGraph sampled = conformance_sampled_graph(fg.g, sc, seed);
          Schedule run = s;
          double makespan = 0;
          for (std::size_t i = 0; i < run.entries.size(); ++i) {
            auto& e = run.entries[i];
            e.finish = x.finish[i].mean;
            e.start = e.finish - sampled.comp(e.task);
            makespan = std::max(makespan, e.finish);
          }
          CHECK(x.min == makespan);
          const auto c = a.info.unbounded ? verify_schedule(sampled, run, 0)
                                          : verify_schedule(sampled, m, run);
          CHECK_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
          ++executions;
        }
      }
    }
  }
  CHECK(executions > 100);
}

// ---- online fixtures --------------------------------------------------------------------------

TEST_CASE("DagConformance.Online.EveryOnlineSchedulerRespectsReleases") {
  // A task is released (revealed) when its last parent finishes; an online scheduler decides in
  // release order and never starts a task before its release.
  std::vector<std::string> online;
  for (const auto& a : dag_algorithms())
    if (std::string(a.info.name).rfind("online_", 0) == 0) online.emplace_back(a.info.name);
  REQUIRE(online.size() >= 2);
  for (const auto& fg : conformance_graphs()) {
    const TaskGraph& g = fg.g;
    for (const auto& fm : conformance_machines(g)) {
      for (const auto& name : online) {
        CAPTURE(fg.name);
        CAPTURE(fm.name);
        CAPTURE(name);
        REQUIRE(dag_algorithm_refusal(name, fm.m).empty());
        const Schedule s = run_dag_algorithm(name, g, fm.m);
        const auto c = verify_schedule(g, fm.m, s);
        CHECK_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
        REQUIRE(s.duplicate_count() == 0);
        REQUIRE(static_cast<std::int64_t>(s.entries.size()) == g.size());
        std::vector<double> finish(static_cast<std::size_t>(g.size()), 0);
        for (const auto& e : s.entries) finish[static_cast<std::size_t>(e.task)] = e.finish;
        double last_release = 0;
        for (const auto& e : s.entries) {
          double release = 0;
          for (auto ei : g.in_edges(e.task))
            release = std::max(release, finish[static_cast<std::size_t>(g.edge(ei).from)]);
          CHECK(e.start >= release);
          // Entries are in decision order: a task is placed only once it is released.
          CHECK(release >= last_release);
          last_release = release;
        }
      }
    }
  }
}
