// TaskGraph construction, validation and levels. Expected values: ERRATA.md 001 (bottom levels of
// the Figure 1 graph) and hand calculation on that graph.
#include <doctest/doctest.h>

#include <limits>
#include <string>

#include "core/dag/task_graph.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

TEST_CASE("DagGraph.Figure1.BottomLevelsFromErrata") {
  const TaskGraph g = loadlab::test::flb_figure1();
  const Levels lv = compute_levels(g);
  const std::vector<double> bl = {15, 11, 9, 12, 6, 8, 6, 2};
  for (TaskId t = 0; t < 8; ++t) CHECK(lv.b_level[t] == bl[t]);
  CHECK(lv.critical_path == 15);
}

TEST_CASE("DagGraph.Figure1.TopLevelsAlapStaticLevels") {
  const TaskGraph g = loadlab::test::flb_figure1();
  const Levels lv = compute_levels(g);
  // Hand calculation: t-level excludes the task's own cost (notes 003 convention).
  const std::vector<double> tl = {0, 3, 6, 3, 7, 7, 9, 13};
  const std::vector<double> sl = {10, 7, 6, 8, 5, 5, 4, 2};
  for (TaskId t = 0; t < 8; ++t) {
    CAPTURE(t);
    CHECK(lv.t_level[t] == tl[t]);
    CHECK(lv.alap[t] == 15 - lv.b_level[t]);
    CHECK(lv.sl[t] == sl[t]);
  }
  CHECK(lv.critical_path_comp == 10);
  CHECK(lv.co_level[7] == 10);
  // Two critical paths of length 15: t0-t3-t5-t7 (2+1+3+1+3+3+2) and t0-t2-t6-t7 (2+4+2+1+2+2+2).
  const auto& cp = lv.critical_path_tasks;
  CHECK((cp == std::vector<TaskId>{0, 3, 5, 7} || cp == std::vector<TaskId>{0, 2, 6, 7}));
  CHECK(lv.t_level[7] + g.comp(7) == lv.critical_path);
}

TEST_CASE("DagGraph.Figure1.Attributes") {
  const TaskGraph g = loadlab::test::flb_figure1();
  CHECK(g.size() == 8);
  CHECK(g.edge_count() == 11);
  CHECK(g.entry_tasks() == std::vector<TaskId>{0});
  CHECK(g.exit_tasks() == std::vector<TaskId>{7});
  CHECK(g.comm(5, 7) == 3);
  CHECK(g.comm(7, 5) == 0);
  // CCR = (19/11) / (19/8): the edge costs and the task costs both sum to 19.
  CHECK(g.ccr() == doctest::Approx(8.0 / 11));
  // Antichain {t1, t2, t3} is the largest ({t4,t5,t6} too): width 3.
  CHECK(exact_width(g) == 3);
  CHECK(level_width(g) == 3);
  CHECK(makespan_lower_bound(g, 2) == 10);
  CHECK(makespan_lower_bound(g, 1) == 19);
}

TEST_CASE("DagGraph.Validation.CycleIsNamed") {
  try {
    TaskGraph g({1, 1, 1, 1}, {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 1, 0}}, {"a", "b", "c", "d"});
    FAIL("cycle not detected");
  } catch (const GraphError& e) {
    const std::string what = e.what();
    CHECK(what.find("cycle") != std::string::npos);
    CHECK(what.find("b -> c -> d -> b") != std::string::npos);
    CHECK(e.cycle().size() == 3);
  }
  CHECK_THROWS_AS(TaskGraph({1}, {{0, 0, 0}}), GraphError);
}

TEST_CASE("DagGraph.Validation.BadCostsAndIds") {
  CHECK_THROWS_AS(TaskGraph({1, -1}, {}), GraphError);
  CHECK_THROWS_AS(TaskGraph({1, 1}, {{0, 1, -2}}), GraphError);
  CHECK_THROWS_AS(TaskGraph({1, 1}, {{0, 2, 1}}), GraphError);
  CHECK_THROWS_AS(TaskGraph({1, 1}, {{0, 1, 1}, {0, 1, 2}}), GraphError);
  CHECK_THROWS_AS(TaskGraph({1, std::numeric_limits<double>::quiet_NaN()}, {}), GraphError);
  CHECK_NOTHROW(TaskGraph({0, 0}, {{0, 1, 0}}));
}

TEST_CASE("DagGraph.Width.ExactOnForkJoin") {
  // Fork into 5 independent tasks then join: width 5; a chain has width 1.
  std::vector<DagEdge> e;
  for (int i = 1; i <= 5; ++i) {
    e.push_back({0, i, 1});
    e.push_back({i, 6, 1});
  }
  CHECK(exact_width(TaskGraph(std::vector<double>(7, 1), e)) == 5);
  CHECK(exact_width(TaskGraph({1, 1, 1}, {{0, 1, 0}, {1, 2, 0}})) == 1);
  // Two disjoint chains of 3 plus cross edge a0->b2: width 2 (Dilworth: two chains cover).
  CHECK(exact_width(TaskGraph(std::vector<double>(6, 1),
                              {{0, 1, 0}, {1, 2, 0}, {3, 4, 0}, {4, 5, 0}, {0, 5, 0}})) == 2);
}
