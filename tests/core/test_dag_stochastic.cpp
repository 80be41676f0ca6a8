// Stochastic task graphs (core/dag/stochastic.h): closed forms for the Monte-Carlo makespan of a
// chain (sum of means, CLT bound) and of a two-branch join (the expected maximum of two uniforms
// or exponentials), constant costs reproducing every scheduler's deterministic makespan exactly,
// determinism, and the validation messages.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/dag/adversary.h"
#include "core/dag/generators.h"
#include "core/dag/registry.h"
#include "core/dag/stochastic.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

namespace {

// A chain t0 -> t1 -> ... on one processor, edges free.
TaskGraph stoch_chain(int n) {
  std::vector<double> comp(static_cast<std::size_t>(n), 1.0);
  std::vector<DagEdge> edges;
  for (int i = 0; i + 1 < n; ++i) edges.push_back({i, i + 1, 0.0});
  return TaskGraph(comp, edges);
}

Schedule stoch_chain_schedule(int n) {
  Schedule s;
  s.processors = 1;
  for (int i = 0; i < n; ++i) s.entries.push_back({i, 0, double(i), double(i + 1)});
  return s;
}

// a (p0) and b (p1) both feed c (p0): the makespan is max(X_a, X_b + comm) + X_c.
TaskGraph stoch_join() {
  return TaskGraph({1, 1, 0}, {{0, 2, 0}, {1, 2, 0}});
}

Schedule stoch_join_schedule() {
  Schedule s;
  s.processors = 2;
  s.entries = {{0, 0, 0, 1}, {1, 1, 0, 1}, {2, 0, 1, 1}};
  return s;
}

std::string stoch_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("stochastic: a chain's Monte-Carlo mean is the sum of the means (CLT bound)") {
  const int n = 10;
  const TaskGraph g = stoch_chain(n);
  const Schedule s = stoch_chain_schedule(n);
  struct Case {
    CostDistribution d;
    double mean, sd;  // of one task, from the distribution's definition
  };
  const Case cases[] = {
      {CostDistribution::uniform(2, 8), 5.0, 6.0 / std::sqrt(12.0)},
      {CostDistribution::exponential(3), 3.0, 3.0},
      {CostDistribution::empirical({1, 2, 6}), 3.0, std::sqrt((4.0 + 1.0 + 9.0) / 3.0)},
      // mean = 8 std: the truncation at 0 moves the mean by ~1e-15 std.
      {CostDistribution::normal(40, 5), 40.0, 5.0},
  };
  for (const auto& c : cases) {
    CAPTURE(cost_distribution_name(c.d.kind));
    StochasticCosts costs = constant_costs(g);
    for (auto& d : costs.comp) d = c.d;
    CHECK(c.d.mean() == doctest::Approx(c.mean));
    CHECK(c.d.stddev() == doctest::Approx(c.sd));
    EvaluateOptions o;
    o.samples = 20000;
    o.seed = 7;
    const auto r = evaluate_schedule(g, Machine::identical(1), costs, s, o);
    // Sum of n independent costs: mean n·mu, std sqrt(n)·sigma; the sample mean of N makespans
    // lies within 4 standard errors with probability 1 - 6e-5.
    const double mu = n * c.mean, sigma = std::sqrt(double(n)) * c.sd;
    CHECK(std::abs(r.mean - mu) < 4 * sigma / std::sqrt(double(o.samples)));
    CHECK(r.sd == doctest::Approx(sigma).epsilon(0.05));
    CHECK(r.min <= r.p5);
    CHECK(r.p5 <= r.p50);
    CHECK(r.p50 <= r.p95);
    CHECK(r.p95 <= r.max);
    std::int64_t total = 0;
    for (auto k : r.histogram.counts) total += k;
    CHECK(total == o.samples);
    CHECK(r.histogram.edges.size() == r.histogram.counts.size() + 1);
    REQUIRE(r.finish.size() == s.entries.size());
    // The last task's finish is the makespan; the first task's mean finish is one task's mean.
    CHECK(r.finish.back().mean == doctest::Approx(r.mean));
    CHECK(std::abs(r.finish.front().mean - c.mean) < 4 * c.sd / std::sqrt(double(o.samples)));
  }
}

TEST_CASE("stochastic: a two-branch join's expected makespan is the expected maximum") {
  const TaskGraph g = stoch_join();
  const Schedule s = stoch_join_schedule();
  EvaluateOptions o;
  o.samples = 40000;
  o.seed = 3;
  SUBCASE("two uniforms on [2, 5]: E max = a + (b - a)·2/3 = 4, Var = (b - a)^2 / 18") {
    StochasticCosts costs = constant_costs(g);
    costs.comp[0] = costs.comp[1] = CostDistribution::uniform(2, 5);
    const auto r = evaluate_schedule(g, Machine::identical(2), costs, s, o);
    const double sd = 3.0 / std::sqrt(18.0);
    CHECK(std::abs(r.mean - 4.0) < 4 * sd / std::sqrt(double(o.samples)));
    // Median of the max: F(x)^2 = 1/2, x = 2 + 3/sqrt(2).
    CHECK(r.p50 == doctest::Approx(2 + 3 / std::sqrt(2.0)).epsilon(0.01));
    CHECK(r.p95 == doctest::Approx(2 + 3 * std::sqrt(0.95)).epsilon(0.01));
  }
  SUBCASE("exponentials of means 1 and 2: E max = 1 + 2 - 1/(1 + 1/2) = 7/3") {
    // E max(X, Y) = E X + E Y - E min, and min of rates 1 and 1/2 is exponential of rate 3/2.
    StochasticCosts costs = constant_costs(g);
    costs.comp[0] = CostDistribution::exponential(1);
    costs.comp[1] = CostDistribution::exponential(2);
    const auto r = evaluate_schedule(g, Machine::identical(2), costs, s, o);
    // Var max <= Var X + Var Y = 5.
    CHECK(std::abs(r.mean - 7.0 / 3.0) < 4 * std::sqrt(5.0) / std::sqrt(double(o.samples)));
  }
  SUBCASE("a random message on the cross edge delays the join") {
    // c waits for max(X_a, 1 + D), X_a = 1, D uniform on [0, 2]: E = E max(1, 1 + D) = 2.
    StochasticCosts costs = constant_costs(g);
    costs.comm[1] = CostDistribution::uniform(0, 2);
    const auto r = evaluate_schedule(g, Machine::identical(2), costs, s, o);
    CHECK(std::abs(r.mean - 2.0) < 4 * (2 / std::sqrt(12.0)) / std::sqrt(double(o.samples)));
    CHECK(r.min >= 1.0);
  }
}

TEST_CASE("stochastic: constant costs reproduce every scheduler's deterministic makespan") {
  const TaskGraph graphs[] = {loadlab::test::flb_figure1(),
                              assign_costs(fork_join_shape(4, 2), CostSpec{}, 11)};
  Machine hetero = Machine::identical(3);
  hetero.speeds = {1, 2, 0.5};
  hetero.bandwidth = {0, 1, 2, 1, 0, 0.5, 2, 0.5, 0};
  Machine speeds_only = Machine::identical(3);
  speeds_only.speeds = {1.5, 1.5, 1.5};
  const Machine machines[] = {Machine::identical(3), hetero, speeds_only};
  int checked = 0;
  for (const auto& g : graphs)
    for (const auto& m : machines)
      for (const auto& a : dag_algorithms()) {
        if (!dag_algorithm_refusal(a.info.name, m).empty()) continue;
        const std::string name = a.info.name;
        CAPTURE(name);
        const Schedule s = run_dag_algorithm(a.info.name, g, m);
        EvaluateOptions o;
        o.samples = 3;
        const auto r = evaluate_schedule(g, m, constant_costs(g), s, o);
        CHECK(r.mean == s.makespan());
        CHECK(r.max == s.makespan());
        CHECK(r.min == s.makespan());
        CHECK(r.sd == 0.0);
        for (std::size_t e = 0; e < s.entries.size(); ++e) {
          CHECK(r.finish[e].p95 == s.entries[e].finish);
          CHECK(r.finish[e].mean == s.entries[e].finish);
        }
        ++checked;
      }
  CHECK(checked > 40);
}

TEST_CASE("stochastic: the same seed gives the same draws; another seed others") {
  const TaskGraph g = assign_costs(fork_join_shape(5, 3), CostSpec{}, 5);
  StochasticCosts costs = constant_costs(g);
  for (std::size_t t = 0; t < costs.comp.size(); ++t)
    costs.comp[t] = t % 2 ? CostDistribution::normal(g.comp(TaskId(t)), 2)
                          : CostDistribution::exponential(g.comp(TaskId(t)));
  for (auto& c : costs.comm) c = CostDistribution::uniform(0, 3);
  const Schedule s = run_dag_algorithm("heft", g, Machine::identical(3));
  EvaluateOptions o;
  o.samples = 500;
  o.seed = 11;
  const auto a = evaluate_schedule(g, Machine::identical(3), costs, s, o);
  const auto b = evaluate_schedule(g, Machine::identical(3), costs, s, o);
  CHECK(a.mean == b.mean);
  CHECK(a.sd == b.sd);
  CHECK(a.p95 == b.p95);
  CHECK(a.histogram.counts == b.histogram.counts);
  o.seed = 12;
  const auto c = evaluate_schedule(g, Machine::identical(3), costs, s, o);
  CHECK(c.mean != a.mean);
}

TEST_CASE("stochastic: planning on mean + k sigma (SHEFT) and on the mean") {
  const TaskGraph g({1, 1}, {{0, 1, 1}});
  StochasticCosts costs = constant_costs(g);
  costs.comp[0] = CostDistribution::uniform(0, 12);  // mean 6, sigma sqrt(12)
  costs.comp[1] = CostDistribution::exponential(4);  // mean 4, sigma 4
  costs.comm[0] = CostDistribution::empirical({1, 3});
  PlanStatistic mean;
  const TaskGraph gm = planning_graph(g, costs, mean);
  CHECK(gm.comp(0) == 6.0);
  CHECK(gm.comp(1) == 4.0);
  CHECK(gm.edge(0).comm == 2.0);
  PlanStatistic q{PlanStatistic::Kind::quantile, 2.0};
  const TaskGraph gq = planning_graph(g, costs, q);
  CHECK(gq.comp(0) == doctest::Approx(6 + 2 * std::sqrt(12.0)));
  CHECK(gq.comp(1) == doctest::Approx(12.0));
  CHECK(gq.edge(0).comm == doctest::Approx(4.0));
  PlanStatistic below{PlanStatistic::Kind::quantile, -3.0};  // clamped at 0, never negative
  CHECK(planning_graph(g, costs, below).comp(1) == 0.0);
}

TEST_CASE("stochastic: bad distributions and evaluations name the field") {
  CHECK(stoch_error([] { validate_cost(CostDistribution::uniform(3, 2)); }).rfind("high:", 0) == 0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::uniform(-1, 2)); }).rfind("low:", 0) == 0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::normal(1, -1)); }).rfind("std:", 0) == 0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::normal(-1, 1)); }).rfind("mean:", 0) == 0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::exponential(NAN)); }).rfind("mean:", 0) ==
        0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::empirical({})); }).rfind("values:", 0) ==
        0);
  CHECK(stoch_error([] {
          validate_cost(CostDistribution::empirical({1, -2}));
        }).rfind("values/1:", 0) == 0);
  CHECK(stoch_error([] {
          validate_cost(CostDistribution::empirical({1, 2e12}));
        }).rfind("values/1:", 0) == 0);
  CHECK(stoch_error([] { validate_cost(CostDistribution::uniform(0, 5)); }).empty());

  const TaskGraph g = stoch_join();
  const StochasticCosts costs = constant_costs(g);
  EvaluateOptions o;
  o.samples = 0;
  CHECK(stoch_error([&] {
          evaluate_schedule(g, Machine::identical(2), costs, stoch_join_schedule(), o);
        }).rfind("samples:", 0) == 0);
  o.samples = 100000;
  const TaskGraph big = stoch_chain(5000);
  CHECK(stoch_error([&] {
          evaluate_schedule(big, Machine::identical(1), constant_costs(big),
                            stoch_chain_schedule(5000), o);
        }).rfind("samples:", 0) == 0);
  o.samples = 10;
  Schedule missing = stoch_join_schedule();
  missing.entries.pop_back();
  CHECK(stoch_error([&] {
          evaluate_schedule(g, Machine::identical(2), costs, missing, o);
        }).find("never placed") != std::string::npos);
  Schedule early = stoch_join_schedule();
  early.entries[2].start = -1;  // c before its inputs
  CHECK(stoch_error([&] {
          evaluate_schedule(g, Machine::identical(2), costs, early, o);
        }).rfind("schedule:", 0) == 0);
  Machine etc = Machine::identical(2);
  etc.etc = {1, 1, 1, 1, 0, 0};
  CHECK(stoch_error([&] {
          evaluate_schedule(g, etc, costs, stoch_join_schedule(), o);
        }).rfind("machine:", 0) == 0);
}

TEST_CASE("stochastic: the adversarial search can target the expected makespan") {
  const AdversaryInstance inst = random_adversary_instance(12, 3, true, 5);
  AdversaryOptions o;
  o.a = "heft";
  o.b = "cpop";
  double ma = 0, mb = 0;
  const double plain = adversary_ratio(inst, o, &ma, &mb);
  // No spread: every cost is its value, so the expected makespans are the makespans.
  o.target = "expected_makespan";
  o.spread = 0;
  double ea = 0, eb = 0;
  CHECK(adversary_ratio(inst, o, &ea, &eb) == plain);
  CHECK(ea == ma);
  CHECK(eb == mb);
  // With spread, the same scheduler on both sides sees the same draws: exactly 1.
  o.spread = 0.5;
  o.b = "heft";
  CHECK(adversary_ratio(inst, o) == 1.0);
  // And the mean of random costs differs from the plan's makespan.
  o.b = "cpop";
  adversary_ratio(inst, o, &ea, &eb);
  CHECK(ea != ma);
  CHECK(ea > 0);
  // A short search runs and reports a ratio of expected makespans.
  o.iterations = 30;
  const AdversaryResult r = adversary_search(inst, o);
  CHECK(r.best_ratio >= r.start_ratio);
  CHECK(r.best_ratio == doctest::Approx(r.best_makespan_a / r.best_makespan_b));
  o.target = "mean";
  CHECK(stoch_error([&] { adversary_ratio(inst, o); }).rfind("target:", 0) == 0);
  o.target = "expected_makespan";
  o.spread = 2;
  CHECK(stoch_error([&] { adversary_ratio(inst, o); }).rfind("spread:", 0) == 0);
  o.spread = 0.5;
  o.samples = 0;
  CHECK(stoch_error([&] { adversary_ratio(inst, o); }).rfind("samples:", 0) == 0);
}
