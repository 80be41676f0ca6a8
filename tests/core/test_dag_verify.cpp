// The schedule verifier rejects each kind of corruption (hand-built schedules of Figure 1).
#include <doctest/doctest.h>

#include "core/dag/schedulers.h"
#include "core/verify/schedule_verify.h"
#include "dag_test_graphs.h"

using namespace loadlab::core;

namespace {

// ERRATA.md 001: FLB's schedule of Figure 1 on two processors, typed in by hand.
Schedule errata_schedule() {
  Schedule s;
  s.processors = 2;
  s.entries = {{0, 0, 0, 2}, {3, 0, 2, 5},  {1, 1, 3, 5},  {2, 0, 5, 7},
               {4, 1, 5, 8}, {5, 0, 7, 10}, {6, 1, 8, 10}, {7, 0, 12, 14}};
  return s;
}

bool dag_verify_mentions(const ScheduleCheck& c, const std::string& word) {
  for (const auto& e : c.errors)
    if (e.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("DagVerify.ErrataScheduleIsValid") {
  const TaskGraph g = loadlab::test::flb_figure1();
  const auto c = verify_schedule(g, errata_schedule());
  CHECK(c.ok);
  CHECK(c.errors.empty());
}

TEST_CASE("DagVerify.RejectsCorruptions") {
  const TaskGraph g = loadlab::test::flb_figure1();
  SUBCASE("communication delay ignored across processors") {
    Schedule s = errata_schedule();
    s.entries[7] = {7, 0, 11, 13};  // t5->t7 on p0 is fine, but t6 (p1, ends 10) + 2 = 12 > 11
    const auto c = verify_schedule(g, s);
    CHECK_FALSE(c.ok);
    CHECK(dag_verify_mentions(c, "before its input"));
  }
  SUBCASE("precedence violated") {
    Schedule s = errata_schedule();
    s.entries[1] = {3, 0, 1, 4};  // t3 starts before t0 finishes on the same processor
    CHECK_FALSE(verify_schedule(g, s).ok);
  }
  SUBCASE("overlap on a processor") {
    Schedule s = errata_schedule();
    s.entries[4] = {4, 0, 5, 8};  // t4 moved to p0 where t2 runs [5,7]
    const auto c = verify_schedule(g, s);
    CHECK_FALSE(c.ok);
    CHECK(dag_verify_mentions(c, "overlap"));
  }
  SUBCASE("task missing") {
    Schedule s = errata_schedule();
    s.entries.pop_back();
    const auto c = verify_schedule(g, s);
    CHECK_FALSE(c.ok);
    CHECK(dag_verify_mentions(c, "not scheduled"));
  }
  SUBCASE("task twice") {
    Schedule s = errata_schedule();
    s.entries.push_back({7, 1, 20, 22});
    const auto c = verify_schedule(g, s);
    CHECK_FALSE(c.ok);
    CHECK(dag_verify_mentions(c, "more than once"));
  }
  SUBCASE("wrong duration") {
    Schedule s = errata_schedule();
    s.entries[7].finish = 13;
    CHECK_FALSE(verify_schedule(g, s).ok);
  }
  SUBCASE("processor out of range") {
    Schedule s = errata_schedule();
    s.entries[6].proc = 2;
    CHECK_FALSE(verify_schedule(g, s).ok);
  }
  SUBCASE("unknown task id") {
    Schedule s = errata_schedule();
    s.entries.push_back({8, 0, 30, 31});
    CHECK_FALSE(verify_schedule(g, s).ok);
  }
  SUBCASE("overlap hidden behind a zero-length task") {
    const TaskGraph z({4, 0, 4}, {});
    Schedule s;
    s.processors = 1;
    s.entries = {{0, 0, 0, 4}, {1, 0, 1, 1}, {2, 0, 2, 6}};
    CHECK_FALSE(verify_schedule(z, s).ok);
  }
}
