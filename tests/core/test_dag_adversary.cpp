// Adversarial instance search: every accepted instance is valid
// (acyclic, positive costs, machine inside its limits), the best ratio never decreases, the same
// seed gives the same search, ratios against "optimal" are >= 1 and match recomputed makespans,
// cancel stops promptly, errors name the field, and our exp matches libm closely.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dag/adversary.h"
#include "core/dag/registry.h"

using namespace loadlab::core;

namespace {

/// Independent validity check of an instance (not TaskGraph's own validation).
void check_valid(const AdversaryInstance& inst) {
  const TaskGraph& g = inst.graph;
  REQUIRE(g.size() >= 1);
  std::vector<std::int32_t> pos(static_cast<std::size_t>(g.size()), -1);
  REQUIRE(g.topo_order().size() == static_cast<std::size_t>(g.size()));
  for (std::size_t i = 0; i < g.topo_order().size(); ++i)
    pos[g.topo_order()[i]] = static_cast<std::int32_t>(i);
  for (const DagEdge& e : g.edges()) {
    CHECK(pos[e.from] < pos[e.to]);  // acyclic: every edge goes forward in a topological order
    CHECK(e.comm >= 0);
    CHECK(e.comm <= GraphLimits::max_cost);
  }
  for (TaskId t = 0; t < g.size(); ++t) {
    CHECK(g.comp(t) > 0);
    CHECK(g.comp(t) <= GraphLimits::max_cost);
  }
  CHECK_NOTHROW(validate_machine(inst.machine, g));
  CHECK(inst.machine.etc.empty());
}

std::string error_of(const AdversaryInstance& inst, const AdversaryOptions& o) {
  try {
    adversary_search(inst, o);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

bool same(const AdversaryInstance& x, const AdversaryInstance& y) {
  if (x.graph.comps() != y.graph.comps() || x.graph.edge_count() != y.graph.edge_count())
    return false;
  for (std::int64_t e = 0; e < x.graph.edge_count(); ++e) {
    const DagEdge &a = x.graph.edge(e), &b = y.graph.edge(e);
    if (a.from != b.from || a.to != b.to || a.comm != b.comm) return false;
  }
  return x.machine.processors == y.machine.processors && x.machine.speeds == y.machine.speeds &&
         x.machine.bandwidth == y.machine.bandwidth;
}

}  // namespace

TEST_CASE("Adversary.AcceptedInstancesAreValid") {
  struct Pair {
    const char* a;
    const char* b;
    bool hetero;
    std::int32_t tasks;
  };
  for (const Pair& p : {Pair{"flb", "etf", false, 12}, Pair{"heft", "cpop", true, 15},
                        Pair{"mct", "dls", true, 8}, Pair{"heft", "optimal", true, 6}}) {
    CAPTURE(p.a);
    CAPTURE(p.b);
    AdversaryOptions o;
    o.a = p.a;
    o.b = p.b;
    o.iterations = 1500;
    o.seed = 7;
    const AdversaryInstance start = random_adversary_instance(p.tasks, 3, p.hetero, 3);
    std::int64_t seen = 0;
    bool edges_changed = false, machine_changed = false;
    const AdversaryResult r = adversary_search_observed(
        start, o, {}, 500, [&](const AdversaryInstance& inst, double ratio) {
          ++seen;
          check_valid(inst);
          CHECK(ratio > 0);
          if (inst.graph.edge_count() != start.graph.edge_count()) edges_changed = true;
          if (inst.machine.speeds != start.machine.speeds) machine_changed = true;
          if (std::string(p.b) == "optimal")
            CHECK(ratio >= 1.0 - 1e-12);  // A can't beat the optimum
        });
    CHECK(seen == r.accepted + 1);
    CHECK(r.iterations == o.iterations);
    CHECK(edges_changed);
    CHECK(machine_changed == p.hetero);  // flb/etf keep identical processors
    CHECK(r.machine_varied == p.hetero);
    check_valid(r.best);
    CHECK(r.best_ratio >= r.start_ratio);
    // The best ratio is the recomputed makespans' ratio.
    double ma = 0, mb = 0;
    const double again = adversary_ratio(r.best, o, &ma, &mb);
    CHECK(again == r.best_ratio);
    CHECK(ma == r.best_makespan_a);
    CHECK(mb == r.best_makespan_b);
    CHECK(run_dag_algorithm(p.a, r.best.graph, r.best.machine, o.dag_options).makespan() == ma);
  }
}

TEST_CASE("Adversary.BestRatioNeverDecreases") {
  AdversaryOptions o;
  o.a = "mcp";
  o.b = "heft";
  o.iterations = 4000;
  const AdversaryResult r = adversary_search(random_adversary_instance(20, 4, false, 1), o);
  REQUIRE(r.history.size() >= 2);
  CHECK(r.history.size() <= 2000);
  CHECK(r.history.front().iteration == 0);
  CHECK(r.history.front().best_ratio == r.start_ratio);
  CHECK(r.history.back().iteration == r.iterations);
  CHECK(r.history.back().best_ratio == r.best_ratio);
  for (std::size_t i = 1; i < r.history.size(); ++i) {
    CHECK(r.history[i].iteration > r.history[i - 1].iteration);
    CHECK(r.history[i].best_ratio >= r.history[i - 1].best_ratio);
    CHECK(r.history[i].current_ratio <= r.history[i].best_ratio);
  }
  CHECK(r.improvements >= 1);
  CHECK(r.best_ratio > r.start_ratio);
}

TEST_CASE("Adversary.Deterministic") {
  AdversaryOptions o;
  o.a = "heft";
  o.b = "peft";
  o.iterations = 1000;
  o.seed = 42;
  const AdversaryInstance start = random_adversary_instance(12, 4, true, 5);
  const AdversaryResult x = adversary_search(start, o), y = adversary_search(start, o);
  CHECK(same(x.best, y.best));
  CHECK(x.best_ratio == y.best_ratio);
  CHECK(x.accepted == y.accepted);
  REQUIRE(x.history.size() == y.history.size());
  for (std::size_t i = 0; i < x.history.size(); ++i) {
    CHECK(x.history[i].iteration == y.history[i].iteration);
    CHECK(x.history[i].current_ratio == y.history[i].current_ratio);
  }
  CHECK(same(random_adversary_instance(12, 4, true, 5), start));
  o.seed = 43;
  CHECK_FALSE(same(adversary_search(start, o).best, x.best));
}

TEST_CASE("Adversary.Cancel") {
  AdversaryOptions o;
  o.iterations = 100000;
  int calls = 0;
  const AdversaryResult r = adversary_search(
      random_adversary_instance(10, 3, false, 1), o,
      [&](const AdversaryResult& sofar) {
        ++calls;
        CHECK(sofar.iterations == 200 * calls);
        return calls < 3;
      },
      200);
  CHECK(r.cancelled);
  CHECK(r.iterations == 600);
  CHECK(r.history.back().iteration == 600);
}

TEST_CASE("Adversary.ErrorsNameTheField") {
  const AdversaryInstance start = random_adversary_instance(8, 3, false, 1);
  AdversaryOptions o;
  o.iterations = 10;
  o.a = "nope";
  CHECK(error_of(start, o).rfind("a: unknown scheduler 'nope'", 0) == 0);
  o.a = "flb";
  o.b = "optimal";
  CHECK(error_of(random_adversary_instance(13, 3, false, 1), o).rfind("b: optimal needs", 0) == 0);
  CHECK(error_of(start, o).empty());
  o.iterations = -1;
  CHECK(error_of(start, o).rfind("iterations:", 0) == 0);
  o.iterations = 10;
  CHECK(error_of(random_adversary_instance(8, 3, true, 1), o)
            .rfind("a: flb is defined for identical", 0) == 0);
  AdversaryInstance zero{TaskGraph({1, 0, 2}, {{0, 1, 1}}), Machine::identical(2)};
  CHECK(error_of(zero, o).rfind("graph: task t1 has cost 0", 0) == 0);
  AdversaryInstance wide{TaskGraph({1, 2}, {}), Machine::identical(65)};
  CHECK(error_of(wide, o).rfind("processors:", 0) == 0);
  AdversaryInstance etc{TaskGraph({1, 2}, {}), Machine::identical(2)};
  etc.machine.etc = {1, 2, 3, 4};
  o.a = "heft";
  o.b = "cpop";
  CHECK(error_of(etc, o).rfind("machine:", 0) == 0);
  CHECK_THROWS_AS(random_adversary_instance(201, 2, false, 1), std::invalid_argument);
  CHECK_THROWS_AS(random_adversary_instance(5, 0, false, 1), std::invalid_argument);
}

TEST_CASE("Adversary.ExpMatchesLibm") {
  CHECK(deterministic_exp_neg(0) == 1.0);
  CHECK(deterministic_exp_neg(-1) == 1.0);
  CHECK(deterministic_exp_neg(41) == 0.0);
  for (double x = 1e-6; x < 40; x *= 1.37) {
    CAPTURE(x);
    CHECK(std::abs(deterministic_exp_neg(x) - std::exp(-x)) <= 1e-12 * std::exp(-x));
  }
}

TEST_CASE("Adversary.Pairwise") {
  AdversaryOptions base;
  base.iterations = 200;
  const AdversaryInstance start = random_adversary_instance(8, 3, false, 2);
  const std::vector<std::string> set = {"flb", "heft", "mct"};
  std::size_t last_done = 0;
  const AdversaryMatrix m =
      adversary_pairwise(set, start, base, [&](std::size_t done, std::size_t total) {
        CHECK(total == 6);
        CHECK(done >= last_done);
        last_done = done;
        return true;
      });
  CHECK_FALSE(m.cancelled);
  CHECK(last_done == 6);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      if (i == j) {
        CHECK(m.ratio[i][j] == 1.0);
        continue;
      }
      AdversaryOptions o = base;
      o.a = set[i];
      o.b = set[j];
      const AdversaryResult r = adversary_search(start, o);
      CHECK(m.ratio[i][j] == r.best_ratio);
      CHECK(same(m.best[i][j], r.best));
    }
  int calls = 0;
  const AdversaryMatrix c =
      adversary_pairwise(set, start, base, [&](std::size_t, std::size_t) { return ++calls < 2; });
  CHECK(c.cancelled);
  CHECK_THROWS_AS(adversary_pairwise({"flb"}, start, base), std::invalid_argument);
  CHECK_THROWS_AS(adversary_pairwise({"flb", "flb"}, start, base), std::invalid_argument);
}

TEST_CASE("Adversary.MachineErrorsNameTheField") {
  AdversaryOptions o;
  o.a = "heft";
  o.b = "cpop";
  o.iterations = 10;
  AdversaryInstance inst = random_adversary_instance(5, 2, true, 1);
  inst.machine.speeds[1] = 0;
  CHECK(error_of(inst, o).rfind("machine/speeds/1:", 0) == 0);
  inst.machine.speeds = {1, 2, 3};
  CHECK(error_of(inst, o).rfind("machine/speeds:", 0) == 0);
}
