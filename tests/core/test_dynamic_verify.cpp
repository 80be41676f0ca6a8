// The dynamic checker rejects hand-made schedules that break each of its rules.
#include <doctest/doctest.h>

#include <string>

#include "core/dynamic/workload.h"
#include "core/verify/dynamic_verify.h"

using namespace loadlab::core;

namespace {

bool dynamic_verify_mentions(const DynamicVerification& v, const std::string& word) {
  for (const auto& e : v.errors)
    if (e.find(word) != std::string::npos) return true;
  return false;
}

// Two nodes on a line, two tasks of duration 1 on node 0, hop time 0.5.
struct Fixture {
  Topology topo = Topology::line(2);
  DynamicWorkload w;
  std::vector<TaskRecord> tasks;
  std::vector<ExecutionRecord> execs;
  std::vector<MigrationRecord> migs;
  DynamicReported rep;
  Fixture() {
    w.initial = {2, 0};
    w.seed = 7;
    for (const RootTask& r : root_tasks(w, 100)) {
      TaskRecord t;
      t.desc = r.desc;
      t.appear = r.time;
      t.origin = r.node;
      t.duration = task_duration(w.duration, r.desc);
      tasks.push_back(t);
    }
    // Task 0 runs at home [0, 1]; task 1 moves to node 1 (arrives 0.5) and runs [0.5, 1.5].
    execs = {{0, 0, 0.0, 1.0}, {1, 1, 0.5, 1.5}};
    migs = {{1, 0, 1, 1, 0.0, 0.5}};
    rep = {1.5, 1, 1};
  }
  DynamicVerification check() const {
    return verify_dynamic(topo, w, 0.5, tasks, execs, migs, rep);
  }
};

}  // namespace

TEST_CASE("DynamicVerify.AcceptsValidSchedule") {
  const Fixture f;
  const auto v = f.check();
  CHECK(v.ok);
  CHECK(v.errors.empty());
}

TEST_CASE("DynamicVerify.TaskExecutedTwice") {
  Fixture f;
  f.execs.push_back({0, 1, 1.5, 2.5});
  f.rep.completion_time = 2.5;
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "executed more than once"));
}

TEST_CASE("DynamicVerify.TaskNeverExecuted") {
  Fixture f;
  f.execs.pop_back();
  f.rep.completion_time = 1.0;
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "never executed"));
}

TEST_CASE("DynamicVerify.StartedBeforeItAppeared") {
  Fixture f;
  f.tasks[0].appear = 0.25;  // as if it had arrived later than it ran
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "before it appeared"));
  CHECK(dynamic_verify_mentions(
      v, "differs from the workload"));  // and it is not the workload's arrival
}

TEST_CASE("DynamicVerify.StartedBeforeMigrationFinished") {
  Fixture f;
  f.execs[1] = {1, 1, 0.25, 1.25};
  f.rep.completion_time = 1.25;
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "before its migration finished"));
}

TEST_CASE("DynamicVerify.RanWhereItWasNot") {
  Fixture f;
  f.migs.clear();
  f.rep.migrations = 0;
  f.rep.task_hops = 0;
  const auto v = f.check();  // task 1 never left node 0 but ran on node 1
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "but was on node 0"));
}

TEST_CASE("DynamicVerify.NodeRanTwoTasksAtOnce") {
  Fixture f;
  f.migs.clear();
  f.rep = {1.5, 0, 0};
  f.execs[1] = {1, 0, 0.5, 1.5};  // overlaps task 0 on node 0
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "at the same time"));
}

TEST_CASE("DynamicVerify.MigrationFasterThanHops") {
  Fixture f;
  f.migs[0].arrive = 0.25;
  f.execs[1] = {1, 1, 0.25, 1.25};
  f.rep.completion_time = 1.25;
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "faster than"));
}

TEST_CASE("DynamicVerify.WrongDuration") {
  Fixture f;
  f.execs[0].end = 0.5;
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "instead of its duration"));
}

TEST_CASE("DynamicVerify.ExtraAndMissingArrivals") {
  Fixture f;
  TaskRecord extra = f.tasks[1];
  extra.appear = 3;
  f.tasks.push_back(extra);
  f.execs.push_back({2, 0, 3, 4});
  f.rep.completion_time = 4;
  auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "no initial task or arrival"));

  Fixture g;
  g.tasks.pop_back();
  g.execs.pop_back();
  g.migs.clear();
  g.rep = {1.0, 0, 0};
  v = g.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "are missing"));
}

TEST_CASE("DynamicVerify.SpawnParentRules") {
  // Every task has exactly one child, down to depth 1: tasks 0, 1 are roots, 2 and 3 their
  // children.
  Fixture f;
  f.w.spawn.shape = SpawnShape::Fixed;
  f.w.spawn.m = 1;
  f.w.spawn.max_depth = 1;
  for (int p = 0; p < 2; ++p) {
    TaskRecord c;
    c.parent = p;
    c.child_index = 0;
    c.depth = 1;
    c.desc = child_descriptor(f.tasks[static_cast<std::size_t>(p)].desc, 0);
    c.duration = task_duration(f.w.duration, c.desc);
    c.appear = f.execs[static_cast<std::size_t>(p)].end;
    c.origin = f.execs[static_cast<std::size_t>(p)].node;
    f.tasks.push_back(c);
  }
  f.execs.push_back({2, 0, 1.0, 2.0});
  f.execs.push_back({3, 1, 1.5, 2.5});
  f.rep.completion_time = 2.5;
  CHECK(f.check().ok);

  Fixture late = f;  // the child claims to appear before its parent finished
  late.tasks[3].appear = 1.0;
  auto v = late.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "but its parent 1 finished"));

  Fixture orphan = f;  // a child the spawn model does not produce
  orphan.tasks[3].child_index = 1;
  v = orphan.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "is not child 1 of task 1"));

  Fixture missing = f;  // parent 1 ran but its child is absent
  missing.tasks.pop_back();
  missing.execs.pop_back();
  missing.rep.completion_time = 2.0;
  v = missing.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "spawned 0 children, the workload says 1"));
}

TEST_CASE("DynamicVerify.ReportedTotalsMustMatch") {
  Fixture f;
  f.rep = {2.0, 3, 5};
  const auto v = f.check();
  CHECK_FALSE(v.ok);
  CHECK(dynamic_verify_mentions(v, "completion_time"));
  CHECK(dynamic_verify_mentions(v, "migrations 3"));
  CHECK(dynamic_verify_mentions(v, "task_hops 5"));
}
