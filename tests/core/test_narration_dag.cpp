// The dag narration (core/dag/narration.h) on FLB's Table 1 (Radulescu & van Gemund 1999,
// Section 5): the pairs each step compares and the placements are the printed trace's.
#include <doctest/doctest.h>

#include <string>

#include "core/dag/narration.h"
#include "core/dag/schedulers.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

TEST_CASE("DagNarration.FlbTable1") {
  const TaskGraph g = loadlab::test::flb_figure1();
  ScheduleTrace trace;
  flb(g, 2, &trace);
  const Narration n = dag_narration("flb", g, trace);
  CHECK(n.citation.find("FLB: Fast Load Balancing") != std::string::npos);
  REQUIRE(n.steps.size() == 8);  // Table 1's eight rows
  REQUIRE(!n.pseudocode.empty());
  for (const auto& s : n.steps) {
    REQUIRE(s.line >= 0);
    REQUIRE(s.line < static_cast<int>(n.pseudocode.size()));
    CHECK(n.pseudocode[static_cast<std::size_t>(s.line)].find("schedule the pair") !=
          std::string::npos);
  }
  // Row 3 of the table: t2-p0 (EP, EST 5) against t1-p1 (non-EP, EST 3): t1 on p1 at [3, 5].
  const std::string& row3 = n.steps[2].text;
  CAPTURE(row3);
  CHECK(row3.find("EP pair t2 on P0 (could start at 5)") != std::string::npos);
  CHECK(row3.find("non-EP pair t1 on P1 (could start at 3)") != std::string::npos);
  CHECK(row3.find("FLB schedules t1 on P1 at [3, 5]") != std::string::npos);
  // Row 1: only t0, non-EP, on p0 at [0, 2].
  CHECK(n.steps[0].text.find("EP pair none, non-EP pair t0 on P0") != std::string::npos);
  CHECK(n.steps[3].text.find("t2 on P0 at [5, 7]") != std::string::npos);
  // The last row (printed "t0", a misprint for t7): [12, 14], the makespan.
  CHECK(n.steps[7].text.find("t7 on P0 at [12, 14]: the last task, so the makespan is 14") !=
        std::string::npos);
}

TEST_CASE("DagNarration.OtherListSchedulers") {
  const TaskGraph g = loadlab::test::flb_figure1();
  ScheduleTrace trace;
  const Schedule s = etf(g, 2, &trace);
  const Narration n = dag_narration("etf", g, trace);
  REQUIRE(n.steps.size() == trace.steps.size());
  REQUIRE(!n.steps.empty());
  CHECK(n.steps[0].text.find("etf places t0") != std::string::npos);
  CHECK(n.pseudocode[static_cast<std::size_t>(n.steps[0].line)].find("place the chosen task") !=
        std::string::npos);
  (void)s;
}
