// The real-thread dynamic executors (src/sim/dynamic_exec, "Real threads"): tree sizes
// against independent recursive counts and closed forms, every task executed exactly once by every
// strategy on 1, 2 and 4 threads, and migrations/steals that must (or must not) happen.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <tuple>

#include "core/dynamic/workload.h"
#include "sim/dynamic_exec/thread_executor.h"
#include "sim/dynamic_exec/tree_workload.h"

using namespace loadlab;

namespace {

// Counts a UTS tree by plain recursion over the hash primitives (not TreeWorkload::count()).
std::int64_t count_uts(const sim::UtsParams& p, std::uint64_t desc, int depth) {
  std::int64_t n = 1;
  const int c = sim::uts_child_count(p, desc, depth);
  for (int i = 0; i < c; ++i) n += count_uts(p, sim::uts_child_descriptor(desc, i), depth + 1);
  return n;
}

std::int64_t count_spawn(const core::Spawn& s, std::uint64_t desc, int depth) {
  std::int64_t n = 1;
  const int c = core::spawn_count(s, desc, depth);
  for (int i = 0; i < c; ++i) n += count_spawn(s, core::child_descriptor(desc, i), depth + 1);
  return n;
}

sim::UtsParams small_geometric() {
  sim::UtsParams p;
  p.shape = sim::UtsShape::Geometric;
  p.b0 = 3;
  p.max_depth = 6;
  p.granularity = 8;
  p.roots = 3;
  p.seed = 11;
  return p;
}

sim::UtsParams small_binomial() {
  sim::UtsParams p;
  p.shape = sim::UtsShape::Binomial;
  p.b0 = 40;
  p.q = 0.24;
  p.m = 4;  // q·m = 0.96: a few big subtrees among many leaves
  p.max_depth = 200;
  p.granularity = 8;
  p.seed = 5;
  return p;
}

// Spawn trees of the dynamic kind: `initial` roots per node, fixed binary spawning.
core::DynamicWorkload binary_spawn(core::LoadVector initial, int depth) {
  core::DynamicWorkload w;
  w.initial = std::move(initial);
  w.duration.profile = "exponential";
  w.duration.value = 1;
  w.spawn.shape = core::SpawnShape::Fixed;
  w.spawn.m = 2;
  w.spawn.prune = 0;
  w.spawn.max_depth = depth;
  w.seed = 3;
  return w;
}

using Key = std::tuple<std::uint64_t, std::int32_t>;

std::vector<Key> keys_of(const std::vector<sim::ThreadTask>& tasks) {
  std::vector<Key> k;
  k.reserve(tasks.size());
  for (const auto& t : tasks) k.emplace_back(t.desc, t.depth);
  std::sort(k.begin(), k.end());
  return k;
}

}  // namespace

TEST_CASE("DynamicThreads.UtsClosedForms") {
  sim::UtsParams p;
  p.shape = sim::UtsShape::Binomial;
  p.b0 = 3;
  p.q = 1;  // every node branches: a full tree 1 + 3 + 6 + 12 + 24 below max_depth 4
  p.m = 2;
  p.max_depth = 4;
  CHECK(sim::TreeWorkload::uts(p).count().tasks == 46);
  CHECK(sim::TreeWorkload::uts(p).count().max_depth == 4);
  p.q = 0;  // only the root branches
  CHECK(sim::TreeWorkload::uts(p).count().tasks == 4);
  sim::UtsParams g;
  g.b0 = 0;  // geometric with mean 0: roots only
  g.roots = 5;
  CHECK(sim::TreeWorkload::uts(g).count().tasks == 5);
  // The dynamic kind's fixed spawning: 3 roots, each 1 + 2 + 4 + 8 tasks.
  const auto w = sim::TreeWorkload::spawn(binary_spawn({2, 1}, 3), 0);
  CHECK(w.count().tasks == 45);
  CHECK(w.roots().size() == 3);
}

TEST_CASE("DynamicThreads.UtsCountEqualsRecursiveCount") {
  for (const auto& p : {small_geometric(), small_binomial()}) {
    std::int64_t expected = 0;
    for (int r = 0; r < p.roots; ++r) expected += count_uts(p, sim::uts_root_descriptor(p, r), 0);
    const auto c = sim::TreeWorkload::uts(p).count();
    CHECK(c.tasks == expected);
    CHECK(c.tasks > 100);  // big enough to be unbalanced
    CHECK(c.work_units == doctest::Approx(static_cast<double>(expected * p.granularity)));
  }
  core::DynamicWorkload dw = binary_spawn({1, 0, 2}, 5);
  dw.spawn.shape = core::SpawnShape::Binomial;
  dw.spawn.m = 3;
  dw.spawn.q = 0.5;
  std::int64_t expected = 0;
  for (const auto& r : core::root_tasks(dw, 100)) expected += count_spawn(dw.spawn, r.desc, 0);
  CHECK(sim::TreeWorkload::spawn(dw, 0).count().tasks == expected);
}

TEST_CASE("DynamicThreads.EveryTaskExactlyOnce" * doctest::timeout(300)) {
  const std::vector<sim::TreeWorkload> workloads = {
      sim::TreeWorkload::uts(small_geometric()), sim::TreeWorkload::uts(small_binomial()),
      sim::TreeWorkload::spawn(binary_spawn({3, 0, 0, 1}, 6), 2e-7)};
  struct Variant {
    const char* strategy;
    const char* victim;
    const char* amount;
    std::int64_t theta;
  };
  const Variant variants[] = {
      {"none", "random", "half", 0},          {"random", "random", "half", 0},
      {"work_stealing", "random", "half", 0}, {"work_stealing", "round_robin", "one", 0},
      {"receiver", "random", "half", 0},      {"receiver", "random", "half", 3}};
  for (const auto& w : workloads) {
    const auto expected = keys_of(w.enumerate());
    const auto count = w.count();
    REQUIRE(static_cast<std::int64_t>(expected.size()) == count.tasks);
    for (const auto& v : variants) {
      for (int p : {1, 2, 4}) {
        sim::ThreadExecOptions o;
        o.threads = p;
        o.strategy = v.strategy;
        o.victim = v.victim;
        o.amount = v.amount;
        o.receiver_theta = v.theta;
        o.record_tasks = true;
        const auto r = sim::execute_tree(w, o);
        INFO(w.name(), " ", v.strategy, " ", v.victim, " ", v.amount, " theta=", v.theta, " P=", p);
        CHECK(keys_of(r.executed) == expected);
        CHECK(sim::verify_tree_run(count, r));
        std::int64_t sum = 0;
        for (auto t : r.tasks_per_thread) sum += t;
        CHECK(sum == count.tasks);
        CHECK(r.tasks_per_thread.size() == static_cast<std::size_t>(p));
        if (p == 1) {
          CHECK(r.steals == 0);
          CHECK(r.steal_attempts == 0);
          CHECK(r.migrations == 0);
        }
      }
    }
  }
}

TEST_CASE("DynamicThreads.VerifierRejectsWrongRuns") {
  const auto w = sim::TreeWorkload::uts(small_geometric());
  const auto count = w.count();
  auto r = sim::execute_tree(w, sim::ThreadExecOptions{});
  CHECK(sim::verify_tree_run(count, r));
  auto missing = r;
  missing.tasks -= 1;
  CHECK_FALSE(sim::verify_tree_run(count, missing));
  auto swapped = r;  // same count, one task replaced by another
  swapped.key_sum += 1;
  CHECK_FALSE(sim::verify_tree_run(count, swapped));
}

TEST_CASE("DynamicThreads.MigrationsWhereTheStrategyMakesThem" * doctest::timeout(300)) {
  // One binary spawn tree of 2^13 - 1 tasks, all starting on thread 0, each spinning ~20 µs.
  const auto w = sim::TreeWorkload::spawn(binary_spawn({1}, 12), 2e-5);
  const auto count = w.count();
  REQUIRE(count.tasks == 8191);

  sim::ThreadExecOptions o;
  o.threads = 2;
  o.strategy = "none";
  auto none = sim::execute_tree(w, o);
  CHECK(none.tasks_per_thread == std::vector<std::int64_t>{8191, 0});
  CHECK(none.migrations == 0);

  // Randomized allocation with 2 threads: every child goes to the other thread (transfer limit 1).
  o.strategy = "random";
  auto rnd = sim::execute_tree(w, o);
  CHECK(sim::verify_tree_run(count, rnd));
  CHECK(rnd.migrations == count.tasks - 1);

  // Stealing and requests: the idle thread must get work from thread 0 at some point. Whether it
  // does depends on the OS scheduling it while the ~160 ms of work runs, so retry a few times.
  for (const char* s : {"work_stealing", "receiver"}) {
    o.strategy = s;
    std::int64_t steals = 0;
    for (int attempt = 0; attempt < 5 && steals == 0; ++attempt) {
      auto r = sim::execute_tree(w, o);
      CHECK(sim::verify_tree_run(count, r));
      steals = r.steals;
      CHECK(r.migrations >= r.steals);
      CHECK(r.steal_attempts >= r.steals);
    }
    INFO(s);
    CHECK(steals > 0);
    o.threads = 1;
    auto one = sim::execute_tree(w, o);
    CHECK(one.steals == 0);
    CHECK(one.tasks == count.tasks);
    o.threads = 2;
  }
}

TEST_CASE("DynamicThreads.RejectsBadOptions") {
  const auto w = sim::TreeWorkload::uts(small_geometric());
  sim::ThreadExecOptions o;
  o.strategy = "gradient";
  CHECK_THROWS_AS(sim::execute_tree(w, o), std::invalid_argument);
  o.strategy = "work_stealing";
  o.victim = "nearest";
  CHECK_THROWS_AS(sim::execute_tree(w, o), std::invalid_argument);
  o.victim = "random";
  o.threads = 0;
  CHECK_THROWS_AS(sim::execute_tree(w, o), std::invalid_argument);
}
