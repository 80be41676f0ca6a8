// FLB's execution trace (paper 001, Table 1) and the ETF / MCP / optimum values on the same graph.
// Expected values: Table 1 and ERRATA.md 001 (Figure 1 reconstruction), transcribed by hand.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/dag/generators.h"
#include "core/dag/schedulers.h"
#include "core/verify/schedule_verify.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

namespace {

std::string num(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

// One Table 1 row: EP tasks of p0 [EMT;BL/LMT], EP tasks of p1, non-EP tasks [LMT], decision.
std::string row_text(const TraceStep& st) {
  std::string out;
  for (int p = 0; p < 2; ++p) {
    out += "p" + std::to_string(p) + ":";
    for (const auto& r : st.ready)
      if (r.list == p)
        out += " t" + std::to_string(r.task) + "[" + num(r.emt) + ";" + num(r.priority) + "/" +
               num(r.lmt) + "]";
    out += " | ";
  }
  out += "non:";
  for (const auto& r : st.ready)
    if (r.list == -1) out += " t" + std::to_string(r.task) + "[" + num(r.lmt) + "]";
  out += " | t" + std::to_string(st.chosen.task) + "->p" + std::to_string(st.chosen.proc) + " [" +
         num(st.chosen.start) + "-" + num(st.chosen.finish) + "]";
  return out;
}

}  // namespace

TEST_CASE("Flb.Table1.TraceRowByRow") {
  const TaskGraph g = loadlab::test::flb_figure1();
  ScheduleTrace trace;
  const Schedule s = flb(g, 2, &trace);
  // Table 1 of paper 001; the last row's "t0" is t7 (ERRATA.md 001).
  const std::vector<std::string> expected = {
      "p0: | p1: | non: t0[0] | t0->p0 [0-2]",
      "p0: t3[2;12/3] t1[2;11/3] t2[2;9/6] | p1: | non: | t3->p0 [2-5]",
      "p0: t2[2;9/6] | p1: | non: t1[3] | t1->p1 [3-5]",
      "p0: t2[2;9/6] t5[6;8/6] | p1: t4[5;6/7] | non: | t2->p0 [5-7]",
      "p0: t6[7;6/8] | p1: t4[5;6/7] | non: t5[6] | t4->p1 [5-8]",
      "p0: t6[7;6/8] | p1: | non: t5[6] | t5->p0 [7-10]",
      "p0: | p1: | non: t6[8] | t6->p1 [8-10]",
      "p0: t7[12;2/13] | p1: | non: | t7->p0 [12-14]",
  };
  REQUIRE(trace.steps.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(row_text(trace.steps[i]) == expected[i]);
  }
  CHECK(s.makespan() == 14);
  CHECK(verify_schedule(g, s).ok);
}

TEST_CASE("Flb.Table1.CandidatePairs") {
  // Row 3: t2-p0 (EST 5) against t1-p1 (EST 3); row 6: t6-p0 and t5-p0 both 7, non-EP wins.
  const TaskGraph g = loadlab::test::flb_figure1();
  ScheduleTrace trace;
  flb(g, 2, &trace);
  REQUIRE(trace.steps.size() == 8);
  const auto& c3 = trace.steps[2].candidates;
  REQUIRE(c3.size() == 2);
  CHECK(c3[0].task == 2);
  CHECK(c3[0].proc == 0);
  CHECK(c3[0].est == 5);
  CHECK(c3[1].task == 1);
  CHECK(c3[1].proc == 1);
  CHECK(c3[1].est == 3);
  const auto& c6 = trace.steps[5].candidates;
  REQUIRE(c6.size() == 2);
  CHECK(c6[0].est == 7);
  CHECK(c6[1].est == 7);
  CHECK(trace.steps[5].chosen.task == 5);
}

TEST_CASE("Flb.Figure1.EtfMcpOptimal") {
  const TaskGraph g = loadlab::test::flb_figure1();
  const Schedule e = etf(g, 2);
  const Schedule m = mcp(g, 2, false);
  CHECK(e.makespan() == 14);  // ERRATA.md 001
  CHECK(m.makespan() == 13);
  CHECK(verify_schedule(g, e).ok);
  CHECK(verify_schedule(g, m).ok);
  const OptimalResult opt = optimal_schedule(g, 2, 5'000'000);
  CHECK(opt.proven);
  CHECK(opt.schedule.makespan() == 13);  // MCP's 13 is the optimum (ERRATA.md 001)
  CHECK(verify_schedule(g, opt.schedule).ok);
}

TEST_CASE("Flb.Figure1.OptimalOnOneAndManyProcessors") {
  const TaskGraph g = loadlab::test::flb_figure1();
  // One processor: no communication, the total work 19 (hand sum of the costs).
  const OptimalResult one = optimal_schedule(g, 1, 1'000'000);
  CHECK(one.proven);
  CHECK(one.schedule.makespan() == 19);
  // Unbounded processors cannot beat the comp-only critical path 2+3+3+2 = 10.
  const OptimalResult many = optimal_schedule(g, 8, 5'000'000);
  CHECK(many.proven);
  CHECK(many.schedule.makespan() >= 10);
  CHECK(many.schedule.makespan() <= 13);
  CHECK(verify_schedule(g, many.schedule).ok);
}

namespace {

// Theorem 3: the pair FLB picks has the minimum EST over all ready tasks and processors.
// Recomputed by brute force from the partial schedule at every step of the trace.
void check_every_step_starts_earliest(const TaskGraph& g, int P) {
  ScheduleTrace trace;
  const Schedule s = flb(g, P, &trace);
  REQUIRE(verify_schedule(g, s, P).ok);
  std::vector<int> proc(g.size(), -1);
  std::vector<double> ft(g.size(), 0), prt(P, 0);
  for (const auto& st : trace.steps) {
    double best = 1e300;
    for (TaskId t = 0; t < g.size(); ++t) {
      if (proc[t] >= 0) continue;
      bool ready = true;
      for (auto e : g.in_edges(t)) ready = ready && proc[g.edge(e).from] >= 0;
      if (!ready) continue;
      for (int p = 0; p < P; ++p) {
        double est = prt[p];
        for (auto e : g.in_edges(t)) {
          const DagEdge& ed = g.edge(e);
          est = std::max(est, ft[ed.from] + (proc[ed.from] == p ? 0 : ed.comm));
        }
        best = std::min(best, est);
      }
    }
    CHECK(st.chosen.start == best);
    proc[st.chosen.task] = st.chosen.proc;
    ft[st.chosen.task] = st.chosen.finish;
    prt[st.chosen.proc] = st.chosen.finish;
  }
  CHECK(static_cast<std::int32_t>(trace.steps.size()) == g.size());
}

}  // namespace

TEST_CASE("Flb.Theorem3.EveryStepStartsEarliest") {
  check_every_step_starts_earliest(loadlab::test::flb_figure1(), 2);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    LayeredSpec sp;
    sp.n = 60;
    sp.density = 0.3;
    sp.jump = 2;
    CostSpec cs;
    cs.ccr = seed % 2 ? 0.2 : 5.0;
    const TaskGraph g = assign_costs(layered_shape(sp, seed), cs, seed);
    CAPTURE(seed);
    check_every_step_starts_earliest(g, 2 + static_cast<int>(seed % 7));
  }
}
