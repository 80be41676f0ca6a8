// The static schedulers SAGA has (FastestNode, MST, Duplex, Hybrid, DPS, MSBC, WBA) and HEFT's
// rank variants. Expected values are worked by hand below or computed by an independent script
// written from the definitions (tests/core/independent/saga_static_schedulers.py), on Topcuoglu
// et al.'s 10-task example (IEEE TPDS 13(3) 2002, Fig. 2), Arabnejad & Barbosa's 10-task example
// (IEEE TPDS 25(3) 2014) and small graphs.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/dag/heft_rank.h"
#include "core/dag/hetero_schedulers.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

namespace {

// Three independent tasks on two unrelated processors, ETC a [2, 4], b [3, 9], c [6, 7].
TaskGraph saga_three_tasks() {
  return TaskGraph({1, 1, 1}, {}, {"a", "b", "c"});
}

Schedule saga_run(const std::string& name, const TaskGraph& g, const Machine& m,
                  const DagOptions& o = {}) {
  Schedule s = run_dag_algorithm(name, g, m, o);
  const auto c = verify_schedule(g, m, s);
  CHECK_MESSAGE(c.ok, (c.errors.empty() ? "" : c.errors.front()));
  return s;
}

}  // namespace

// Column sums of the ETC table: P1 127, P2 130, P3 143 -> every task on P1, back to back: 127.
TEST_CASE("SagaStatic.FastestNode.AllOnTheFastest") {
  const TaskGraph g = loadlab::test::topcuoglu2002_graph();
  const Schedule s = saga_run("fastest_node", g, loadlab::test::topcuoglu2002_machine());
  CHECK(s.makespan() == 127);
  for (const auto& e : s.entries) CHECK(e.proc == 0);
  // Speeds 1, 3, 2: the fastest is processor 1; flb_figure1's total cost 19 takes 19 / 3.
  Machine m = Machine::identical(3);
  m.speeds = {1, 3, 2};
  const TaskGraph f = loadlab::test::flb_figure1();
  const Schedule t = saga_run("fastest_node", f, m);
  CHECK(t.makespan() == doctest::Approx(19.0 / 3));
  for (const auto& e : t.entries) CHECK(e.proc == 1);
}

// a: starts 0 on both -> p0 [0,2]; b: p0 at 2, p1 at 0 -> p1 [0,9] (its slow processor: MST
// ignores the run time); c: p0 at 2, p1 at 9 -> p0 [2,8]. Makespan 9 (MCT: 7).
TEST_CASE("SagaStatic.Mst.ByHandAndScript") {
  Machine m = Machine::identical(2);
  m.etc = {2, 4, 3, 9, 6, 7};
  const Schedule s = saga_run("mst", saga_three_tasks(), m);
  CHECK(s.makespan() == 9);
  CHECK(
      saga_run("mst", loadlab::test::topcuoglu2002_graph(), loadlab::test::topcuoglu2002_machine())
          .makespan() == 99);
  // flb_figure1 on 2 and 3 identical processors (script): 14, 13.
  const TaskGraph f = loadlab::test::flb_figure1();
  CHECK(saga_run("mst", f, Machine::identical(2)).makespan() == 14);
  CHECK(saga_run("mst", f, Machine::identical(3)).makespan() == 13);
}

// Tasks 1, 1, 2 on two identical processors. Min-Min: a [0,1] p0 (ties to the smaller id), b p1
// [0,1], c p0 [1,3] -> 3. Max-Min: c p0 [0,2], a p1 [0,1], b p1 [1,2] -> 2. Duplex keeps Max-Min's
// 2. On Topcuoglu's example Min-Min 76 < Max-Min 97 (script): 76.
TEST_CASE("SagaStatic.Duplex.KeepsTheBetter") {
  const TaskGraph g({1, 1, 2}, {});
  const Machine two = Machine::identical(2);
  CHECK(saga_run("min_min", g, two).makespan() == 3);
  CHECK(saga_run("max_min", g, two).makespan() == 2);
  CHECK(saga_run("duplex", g, two).makespan() == 2);
  CHECK(saga_run("duplex", loadlab::test::topcuoglu2002_graph(),
                 loadlab::test::topcuoglu2002_machine())
            .makespan() == 76);
  // The three-task instance of test_dag_hetero.cpp: Min-Min 7, Max-Min 9 -> 7.
  Machine m = Machine::identical(2);
  m.etc = {2, 4, 3, 9, 6, 7};
  CHECK(saga_run("duplex", saga_three_tasks(), m).makespan() == 7);
}

// Topcuoglu's example: HEFT 80, CPOP 86 (the paper), PEFT 85 (script) -> 80. Arabnejad &
// Barbosa's: HEFT 133, PEFT 122 (that paper) -> at most 122, CPOP's if smaller.
TEST_CASE("SagaStatic.Hybrid.BestOfThePortfolio") {
  CHECK(saga_run("hybrid", loadlab::test::topcuoglu2002_graph(),
                 loadlab::test::topcuoglu2002_machine())
            .makespan() == 80);
  const TaskGraph g = loadlab::test::arabnejad2014_graph();
  const Machine m = loadlab::test::arabnejad2014_machine();
  CHECK(heft(g, m).makespan() == 133);
  CHECK(peft(g, m).makespan() == 122);
  const double h = saga_run("hybrid", g, m).makespan();
  CHECK(h == std::min(122.0, cpop(g, m).makespan()));
  // A portfolio of one's own, as SAGA's constructor takes: Min-Min and Max-Min on tasks 1, 1, 2
  // (3 and 2, by hand in Duplex's test) -> 2; OLB alone on the three-task ETC instance -> 9.
  DagOptions o;
  o.hybrid_portfolio = {"min_min", "max_min"};
  CHECK(saga_run("hybrid", TaskGraph({1, 1, 2}, {}), Machine::identical(2), o).makespan() == 2);
  Machine three = Machine::identical(2);
  three.etc = {2, 4, 3, 9, 6, 7};
  o.hybrid_portfolio = {"olb"};
  CHECK(saga_run("hybrid", saga_three_tasks(), three, o).makespan() == 9);
  o.hybrid_portfolio = {"heft", "hybrid"};
  CHECK_THROWS_AS(run_dag_algorithm("hybrid", g, m, o), std::invalid_argument);
  o.hybrid_portfolio = {"flb"};  // identical processors only: refused by name on this machine
  CHECK_THROWS_WITH_AS(run_dag_algorithm("hybrid", g, m, o),
                       doctest::Contains("flb is defined for identical processors"),
                       std::invalid_argument);
}

// Queue and makespan from the script: the critical path n1 n2 n9 n10 with n9's other parents n4,
// n5 first, then n10's n3 n7 n6 n8.
TEST_CASE("SagaStatic.Dps.QueueAndMakespan") {
  const TaskGraph g = loadlab::test::topcuoglu2002_graph();
  const Machine m = loadlab::test::topcuoglu2002_machine();
  CHECK(dps_queue(g, m) == std::vector<TaskId>{0, 1, 3, 4, 8, 2, 6, 5, 7, 9});
  CHECK(saga_run("dps", g, m).makespan() == 76);
  const TaskGraph f = loadlab::test::flb_figure1();
  CHECK(dps_queue(f, Machine::identical(2)) == std::vector<TaskId>{0, 2, 1, 6, 3, 5, 4, 7});
  CHECK(saga_run("dps", f, Machine::identical(2)).makespan() == 13);
  CHECK(saga_run("dps", f, Machine::identical(3)).makespan() == 13);
  CHECK(
      saga_run("dps", loadlab::test::arabnejad2014_graph(), loadlab::test::arabnejad2014_machine())
          .makespan() == 164);
}

// Priorities from the script; n1 by hand: SBCT = min(14, 16, 9) = 9, ST = 0, and the static
// b-level over mean times is the longest of its paths, n1 n2 n9 n10 = 13 + 16.667 + 16.667 +
// 14.667 = 61 (n1 n4 n9 n10: 57; n1 n3 n7 n10: 53), so 70.
TEST_CASE("SagaStatic.Msbc.PrioritiesAndMakespan") {
  const TaskGraph g = loadlab::test::topcuoglu2002_graph();
  const Machine m = loadlab::test::topcuoglu2002_machine();
  const std::vector<double> prio = msbc_priorities(g, m);
  CHECK(prio[0] == doctest::Approx(70));
  CHECK(prio[7] == doctest::Approx(127.666666667));
  CHECK(prio[9] == doctest::Approx(135.666666667));
  CHECK(saga_run("msbc", g, m).makespan() == 86);
  const TaskGraph f = loadlab::test::flb_figure1();
  CHECK(saga_run("msbc", f, Machine::identical(2)).makespan() == 14);
  CHECK(
      saga_run("msbc", loadlab::test::arabnejad2014_graph(), loadlab::test::arabnejad2014_machine())
          .makespan() == 138);
}

// a(4) -> b(6) -> c(2) with data 3 and 5, plus d(8); speeds 1 and 2. With alpha = 0 WBA is greedy:
// batch {a, d}: increases a 4/2, d 8/4 -> a p1 [0,2]; d: p0 8 - 2 = 6, p1 6 - 2 = 4 -> p1 [2,6];
// batch {b}: p0 (2 + 3) + 6 = 11 -> 5, p1 6 + 3 = 9 -> 3 -> p1 [6,9]; batch {c}: p0 9 + 5 + 2 =
// 16 -> 7, p1 9 + 1 = 10 -> 1 -> p1 [9,10]. Makespan 10.
TEST_CASE("SagaStatic.Wba.GreedyByHandSeededOtherwise") {
  const TaskGraph g({4, 6, 2, 8}, {{0, 1, 3}, {1, 2, 5}});
  Machine m = Machine::identical(2);
  m.speeds = {1, 2};
  DagOptions greedy;
  greedy.wba_alpha = 0;
  const Schedule s = saga_run("wba", g, m, greedy);
  CHECK(s.makespan() == 10);
  for (const auto& e : s.entries) CHECK(e.proc == 1);
  // Any alpha: the same seed gives the same schedule; alpha = 1 draws among every pair, so the
  // seeds give several schedules, all valid.
  const TaskGraph t = loadlab::test::topcuoglu2002_graph();
  const Machine tm = loadlab::test::topcuoglu2002_machine();
  DagOptions any;
  any.wba_alpha = 1;
  std::set<double> makespans;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    any.seed = seed;
    const Schedule a = saga_run("wba", t, tm, any);
    const Schedule b = saga_run("wba", t, tm, any);
    REQUIRE(a.entries.size() == b.entries.size());
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      CHECK(a.entries[i].task == b.entries[i].task);
      CHECK(a.entries[i].proc == b.entries[i].proc);
      CHECK(a.entries[i].start == b.entries[i].start);
    }
    makespans.insert(a.makespan());
  }
  CHECK(makespans.size() > 1);
}

// A replay written from WBA's definition: the batch is every unallocated task whose parents are
// all allocated, re-formed when it is used up; each step's candidates must be exactly the (task,
// processor) pairs of the batch whose increase max(max(data ready, processor free) + time -
// current makespan, 0) is within alpha of the batch's smallest, and the chosen pair one of them.
TEST_CASE("SagaStatic.Wba.ReplayedCandidatesAreExactlyTheAlphaSet") {
  const TaskGraph g = loadlab::test::arabnejad2014_graph();
  const Machine m = loadlab::test::arabnejad2014_machine();
  for (double alpha : {0.0, 0.25, 0.5, 1.0}) {
    for (std::uint64_t seed : {1u, 7u, 99u}) {
      CAPTURE(alpha);
      CAPTURE(seed);
      ScheduleTrace trace;
      const Schedule s = wba(g, m, alpha, seed, &trace);
      REQUIRE(verify_schedule(g, m, s).ok);
      REQUIRE(trace.steps.size() == 10);
      std::vector<int> proc(10, -1);
      std::vector<double> finish(10, 0), free(3, 0);
      std::vector<TaskId> batch;
      double makespan = 0;
      auto increase = [&](TaskId t, int p) {
        double ready = free[static_cast<std::size_t>(p)];
        for (const auto& e : g.edges())
          if (e.to == t)
            ready = std::max(ready, finish[static_cast<std::size_t>(e.from)] +
                                        (proc[static_cast<std::size_t>(e.from)] == p ? 0 : e.comm));
        return std::max(ready + m.exec(g, t, p) - makespan, 0.0);
      };
      for (const auto& step : trace.steps) {
        if (batch.empty())
          for (TaskId t = 0; t < 10; ++t) {
            bool ready = proc[static_cast<std::size_t>(t)] < 0;
            for (const auto& e : g.edges())
              if (e.to == t) ready = ready && proc[static_cast<std::size_t>(e.from)] >= 0;
            if (ready) batch.push_back(t);
          }
        REQUIRE(!batch.empty());
        double lo = 1e300, hi = -1;
        for (TaskId t : batch)
          for (int p = 0; p < 3; ++p)
            lo = std::min(lo, increase(t, p)), hi = std::max(hi, increase(t, p));
        const double bound = lo + alpha * (hi - lo);
        std::size_t expected = 0;
        for (TaskId t : batch)
          for (int p = 0; p < 3; ++p) expected += increase(t, p) <= bound ? 1 : 0;
        CHECK(step.candidates.size() == expected);
        bool chosen_listed = false;
        for (const auto& c : step.candidates) {
          CHECK(std::find(batch.begin(), batch.end(), c.task) != batch.end());
          CHECK(increase(c.task, c.proc) <= bound);
          chosen_listed =
              chosen_listed || (c.task == step.chosen.task && c.proc == step.chosen.proc);
        }
        CHECK(chosen_listed);
        const auto ti = static_cast<std::size_t>(step.chosen.task);
        proc[ti] = step.chosen.proc;
        finish[ti] = step.chosen.finish;
        free[static_cast<std::size_t>(step.chosen.proc)] = step.chosen.finish;
        makespan = std::max(makespan, step.chosen.finish);
        batch.erase(std::find(batch.begin(), batch.end(), step.chosen.task));
      }
    }
  }
}

// rank_u on a(4) -> b(2) data 6, a -> c(3) data 3; speeds 1, 2, 4; every bandwidth 2 (P = 3).
// mean: times a 7/3, b 7/6, c 1.75; comm data / 2: rank a = 7/3 + max(3 + 7/6, 1.5 + 1.75) = 6.5.
// saga: mean of data / b over the 6 links of its undirected network (3 self-links of cost 0):
//       (3 x data / 2) / 6 = data / 4 = data / 2 x (P-1)/(P+1); rank a = 7/3 + max(1.5 + 7/6, 0.75
//       + 1.75) = 7/3 + 8/3 = 5.
// best: times a 1, b 0.5, c 0.75, comm data / 2: 1 + max(3.5, 2.25) = 4.5.
// worst: times a 4, b 2, c 3: 4 + max(5, 4.5) = 9.
TEST_CASE("SagaStatic.HeftRank.VariantsByHand") {
  const TaskGraph g({4, 2, 3}, {{0, 1, 6}, {0, 2, 3}});
  Machine m = Machine::identical(3);
  m.speeds = {1, 2, 4};
  m.bandwidth = {0, 2, 2, 2, 0, 2, 2, 2, 0};
  CHECK(heft_upward_ranks(g, m, HeftRank::mean)[0] == doctest::Approx(6.5));
  CHECK(heft_upward_ranks(g, m, HeftRank::saga)[0] == doctest::Approx(5));
  CHECK(heft_upward_ranks(g, m, HeftRank::saga)[1] == doctest::Approx(7.0 / 6));
  CHECK(heft_upward_ranks(g, m, HeftRank::best)[0] == doctest::Approx(4.5));
  CHECK(heft_upward_ranks(g, m, HeftRank::worst)[0] == doctest::Approx(9));
  CHECK(parse_heft_rank("saga") == HeftRank::saga);
  CHECK_THROWS_AS(parse_heft_rank("median"), std::invalid_argument);
  for (const auto& name : heft_rank_names()) CHECK(heft_rank_name(parse_heft_rank(name)) == name);
  // The mean variant is HEFT's rank; every variant gives a valid schedule by name.
  const TaskGraph t = loadlab::test::topcuoglu2002_graph();
  const Machine tm = loadlab::test::topcuoglu2002_machine();
  CHECK(heft_upward_ranks(t, tm, HeftRank::mean)[0] == doctest::Approx(108));  // the paper's
  for (const auto& name : heft_rank_names()) {
    DagOptions o;
    o.heft_rank = parse_heft_rank(name);
    CHECK(saga_run("heft", t, tm, o).makespan() >= makespan_lower_bound(t, tm));
    const Schedule s = run_dag_algorithm("heft", loadlab::test::flb_figure1(), 2, o);
    CHECK(verify_schedule(loadlab::test::flb_figure1(), s, 2).ok);
  }
}

// SAGA's rank on identical processors is the b-level with communication scaled by (P-1)/(P+1):
// flb_figure1's exit-to-entry path sums with P = 3 give the entry 2 + max over children of
// (data / 2 + rank). Checked against a direct recursion with the factor 1/2.
TEST_CASE("SagaStatic.HeftRank.SagaScalesCommunication") {
  const TaskGraph f = loadlab::test::flb_figure1();
  const std::vector<double> r = heft_upward_ranks(f, Machine::identical(3), HeftRank::saga);
  std::vector<double> expect(8, 0);
  for (int t = 7; t >= 0; --t) {
    double best = 0;
    for (const auto& e : f.edges())
      if (e.from == t) best = std::max(best, e.comm * 0.5 + expect[static_cast<std::size_t>(e.to)]);
    expect[static_cast<std::size_t>(t)] = f.comp(t) + best;
  }
  for (std::size_t t = 0; t < 8; ++t) CHECK(r[t] == doctest::Approx(expect[t]));
}
