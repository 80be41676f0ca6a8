// The independent checker of the os kind on hand-made logs: a valid one, then one violation per
// rule.
#include <doctest/doctest.h>

#include "core/verify/os_verify.h"

using namespace loadlab::core;

namespace {

// Two linear jobs on 2 processors: job 0 (work 4, 2 threads) on both processors in [0, 2); job 1
// (work 3, 1 thread) on processor 0 in [2, 5). Processor 1 idles in [2, 5).
struct Case {
  std::vector<OsJob> jobs;
  OsRunResult run;
};

Case valid() {
  Case c;
  OsJob a;
  a.work = 4;
  a.threads = 2;
  OsJob b;
  b.work = 3;
  b.threads = 1;
  c.jobs = {a, b};
  c.run.finish = {2, 5};
  c.run.makespan = 5;
  c.run.intervals = {{0, 2, 0, 0, 0, 2, OsSegment::Compute},
                     {0, 2, 1, 0, 1, 2, OsSegment::Compute},
                     {2, 5, 0, 1, 0, 1, OsSegment::Compute}};
  c.run.busy = 7;
  c.run.idle = 3;
  return c;
}

bool ok(const Case& c) {
  return verify_os(2, c.jobs, c.run).ok;
}

}  // namespace

TEST_CASE("OsVerify.AcceptsAValidLog") {
  CHECK(ok(valid()));
}

TEST_CASE("OsVerify.RejectsWorkNotDone") {
  Case c = valid();
  c.run.intervals[2].end = 4.5;  // job 1 did 2.5 of 3
  c.run.finish[1] = 4.5;
  c.run.makespan = 5;
  c.run.busy = 6.5;
  c.run.idle = 3.5;
  CHECK_FALSE(ok(c));
}

TEST_CASE("OsVerify.RejectsWorkDoneTwice") {
  Case c = valid();
  c.run.intervals.push_back({2, 5, 1, 1, 0, 1, OsSegment::Compute});  // job 1 also on processor 1
  c.run.busy = 10;
  c.run.idle = 0;
  CHECK_FALSE(ok(c));
  // ... unless the extra work is declared rolled back (restart from a checkpoint), but then it is
  // still a thread on two processors at once.
  c.run.rollbacks.push_back({1, 3, 3});
  c.run.busy = 7;
  c.run.lost.rollback = 3;
  const auto v = verify_os(2, c.jobs, c.run);
  CHECK_FALSE(v.ok);
}

TEST_CASE("OsVerify.RejectsTwoThreadsOnOneProcessor") {
  Case c = valid();
  c.run.intervals[2].start = 1.5;  // overlaps job 0 on processor 0
  c.run.intervals[2].end = 4.5;
  c.run.finish[1] = 4.5;
  CHECK_FALSE(ok(c));
}

TEST_CASE("OsVerify.RejectsMoreProcessorsThanThreads") {
  Case c = valid();
  c.jobs[0].threads = 1;  // but it ran on two processors
  CHECK_FALSE(ok(c));
}

TEST_CASE("OsVerify.RejectsTimeNotConserved") {
  Case c = valid();
  c.run.idle = 2;  // reported idle disagrees with the gaps
  CHECK_FALSE(ok(c));
  Case d = valid();
  d.run.busy = 8;
  CHECK_FALSE(ok(d));
}

TEST_CASE("OsVerify.RejectsRunningBeforeArrival") {
  Case c = valid();
  c.jobs[1].arrival = 3;
  CHECK_FALSE(ok(c));
}

TEST_CASE("OsVerify.RejectsWrongFinishTime") {
  Case c = valid();
  c.run.finish[0] = 1;
  CHECK_FALSE(ok(c));
}

TEST_CASE("OsVerify.UsesItsOwnSpeedupForTheWork") {
  // Job 0 as Amdahl f = 0.5 on 2 threads: S(2) = 4/3, so [0, 2) on two processors does 8/3, not 4.
  Case c = valid();
  c.jobs[0].speedup = {OsSpeedupModel::Amdahl, 0.5, 1, 0};
  CHECK_FALSE(ok(c));
  c.jobs[0].work = 8.0 / 3.0;
  CHECK(ok(c));
}
