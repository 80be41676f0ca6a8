// The dynamic simulator: `none` against an independent per-node queue calculation, every strategy
// through the independent checker on the three preset shapes, RIPS with the optimum moving exactly
// the min-cost-flow task-hops in each system phase, determinism and limits.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <queue>
#include <string>
#include <tuple>

#include "core/balance/registry.h"
#include "core/dynamic/registry.h"
#include "core/metrics/balance_metrics.h"
#include "core/verify/dynamic_verify.h"

using namespace loadlab::core;

namespace {

DynamicVerification check(const Topology& t, const DynamicWorkload& w, const DynamicCosts& c,
                          const DynamicRunResult& r) {
  return verify_dynamic(t, w, c.hop, r.task_log, executions_of(r.task_log), r.migration_log,
                        {r.completion_time, r.migrations, r.task_hops});
}

DynamicWorkload hot_spot_workload() {
  DynamicWorkload w;
  w.seed = 11;
  w.initial.assign(16, 0);
  w.initial[5] = 40;
  w.duration.profile = "exponential";
  w.duration.value = 1;
  w.arrivals.process = ArrivalProcess::HotSpot;
  w.arrivals.rate = 0.2;
  w.arrivals.until = 20;
  w.arrivals.hot_node = 5;
  w.arrivals.fraction = 0.7;
  return w;
}

DynamicWorkload bursts_workload() {
  DynamicWorkload w;
  w.seed = 5;
  w.initial.assign(8, 2);
  w.duration.profile = "bimodal";
  w.duration.value = 1;
  w.arrivals.process = ArrivalProcess::Bursts;
  w.arrivals.period = 4;
  w.arrivals.size = 12;
  w.arrivals.burst_nodes = 1;
  w.arrivals.until = 20;
  return w;
}

DynamicWorkload tree_workload(int nodes) {
  DynamicWorkload w;
  w.seed = 3;
  w.initial.assign(static_cast<std::size_t>(nodes), 0);
  w.initial[0] = 2;
  w.duration.profile = "uniform";
  w.duration.value = 1;
  w.spawn.shape = SpawnShape::Fixed;
  w.spawn.m = 3;
  w.spawn.prune = 0.3;
  w.spawn.max_depth = 5;
  return w;
}

}  // namespace

TEST_CASE("Dynamic.NoneEqualsIndependentQueueCalculation") {
  // Per node: a FIFO queue in order of appearance; a task starts at max(previous end, its
  // appearance); children appear at their parent's end on the same node.
  DynamicWorkload w = hot_spot_workload();
  w.arrivals.process = ArrivalProcess::Poisson;
  w.arrivals.rate = 0.3;
  w.spawn.shape = SpawnShape::Geometric;
  w.spawn.mean = 0.8;
  w.spawn.m = 4;
  w.spawn.max_depth = 3;
  const Topology mesh = Topology::mesh(4, 4);
  const DynamicCosts costs{0.5, 0.1, 0};
  const DynamicRunResult r = run_dynamic("none", mesh, w, costs, {});

  using Item = std::tuple<double, int, std::uint64_t, int>;  // appear, creation class, key, depth
  double completion = 0;
  std::int64_t tasks = 0;
  std::vector<double> busy(16, 0.0);
  std::map<int, std::vector<RootTask>> by_node;
  for (const RootTask& root : root_tasks(w, 1'000'000)) by_node[root.node].push_back(root);
  for (auto& [node, roots] : by_node) {
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
    std::uint64_t order = 0;
    std::map<std::uint64_t, std::uint64_t> desc_of;
    for (const RootTask& root : roots) {
      desc_of[order] = root.desc;
      q.push({root.time, 0, order++, 0});
    }
    double t = 0;
    while (!q.empty()) {
      const auto [appear, cls, key, depth] = q.top();
      q.pop();
      const std::uint64_t desc = desc_of[key];
      const double d = task_duration(w.duration, desc);
      t = std::max(t, appear) + d;
      busy[static_cast<std::size_t>(node)] += d;
      ++tasks;
      for (int i = 0, k = spawn_count(w.spawn, desc, depth); i < k; ++i) {
        desc_of[order] = child_descriptor(desc, i);
        q.push({t, 0, order++, depth + 1});
      }
    }
    completion = std::max(completion, t);
  }
  CHECK(r.completion_time == completion);
  CHECK(r.tasks == tasks);
  CHECK(r.migrations == 0);
  for (int v = 0; v < 16; ++v)
    CHECK(r.busy_time[static_cast<std::size_t>(v)] ==
          doctest::Approx(busy[static_cast<std::size_t>(v)]));
  CHECK(check(mesh, w, costs, r).ok);
}

TEST_CASE("Dynamic.EveryStrategyPassesTheChecker") {
  struct Case {
    const char* name;
    Topology topo;
    DynamicWorkload w;
  };
  const std::vector<Case> cases = {
      {"hot spot on a 4x4 mesh", Topology::mesh(4, 4), hot_spot_workload()},
      {"bursts on a 3-cube", Topology::hypercube(3), bursts_workload()},
      {"branch and bound on a ring", Topology::ring(6), tree_workload(6)},
      {"branch and bound on a tree", Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6}),
       tree_workload(9)},
      {"hot spot on complete", Topology::complete(5),
       [] {
         DynamicWorkload w = hot_spot_workload();
         w.initial.assign(5, 0);
         w.initial[1] = 30;
         w.arrivals.hot_node = 1;
         return w;
       }()},
  };
  const DynamicCosts costs{0.2, 0.05, 0.5};
  for (const auto& c : cases) {
    CAPTURE(c.name);
    double work = -1;
    std::int64_t tasks = -1;
    for (const auto& info : dynamic_algorithm_table()) {
      const std::string alg = info.name;
      CAPTURE(alg);
      DynamicParams p;
      if (alg == "rips" && balance_unsupported_reason(rips_default_inner(c.topo), c.topo) != "")
        continue;
      const DynamicRunResult r = run_dynamic(alg, c.topo, c.w, costs, p);
      const auto v = check(c.topo, c.w, costs, r);
      for (const auto& e : v.errors) MESSAGE(e);
      CHECK(v.ok);
      // The same seeded workload whatever the strategy: same tasks, same total work.
      if (tasks < 0) tasks = r.tasks, work = r.total_work;
      CHECK(r.tasks == tasks);
      CHECK(r.total_work == doctest::Approx(work));
      CHECK(r.efficiency > 0);
      CHECK(r.efficiency <= 1.0 + 1e-12);
      if (alg == "none") CHECK(r.migrations == 0);
      if (alg == "rips") CHECK(r.system_phases >= 1);
      if (alg != "rips") CHECK(r.system_phases == 0);
    }
  }
}

TEST_CASE("Dynamic.WorkStealingBalancesAHotSpot") {
  // 64 unit tasks on one node of a complete graph of 8, free communication: stealing half spreads
  // the work, so completion is far below the 64 of running them all at home.
  DynamicWorkload w;
  w.initial.assign(8, 0);
  w.initial[0] = 64;
  const Topology k8 = Topology::complete(8);
  for (const char* victim : {"random", "round_robin"}) {
    DynamicParams p;
    p.work_stealing.victim = victim;
    p.work_stealing.backoff = 0.5;
    const auto r = run_dynamic("work_stealing", k8, w, {}, p);
    CHECK(check(k8, w, {}, r).ok);
    CHECK(r.completion_time < 16);
    CHECK(r.completion_time >= 8);  // 64 unit tasks on 8 nodes
    CHECK(r.migrations > 0);
  }
  const auto none = run_dynamic("none", k8, w, {}, {});
  CHECK(none.completion_time == 64);
}

TEST_CASE("Dynamic.RipsOptimalMovesMinCostFlowHopsEachPhase") {
  // Spawn-only workload (no arrivals, so nothing can appear during a phase): the ready load of each
  // node at a phase start is rebuilt from the logs alone, balanced by core::run_balance("optimal"),
  // and its task-hops compared with the migrations that departed inside that phase.
  const Topology mesh = Topology::mesh(3, 3);
  DynamicWorkload w = tree_workload(9);
  w.initial = {6, 0, 0, 0, 0, 0, 0, 0, 3};
  const DynamicCosts costs{1.0, 0.1, 0.5};
  DynamicParams p;
  p.rips.inner = "optimal";
  const DynamicRunResult r = run_dynamic("rips", mesh, w, costs, p);
  REQUIRE(check(mesh, w, costs, r).ok);
  REQUIRE(r.phases.size() >= 2);
  std::int64_t total = 0;
  for (const PhaseRecord& ph : r.phases) {
    LoadVector ready(9, 0);
    for (std::size_t i = 0; i < r.task_log.size(); ++i) {
      const TaskRecord& t = r.task_log[i];
      if (t.appear > ph.start || t.start < ph.start) continue;  // not ready at the phase start
      int at = t.origin;
      for (const auto& m : r.migration_log)
        if (m.task == static_cast<DynTaskId>(i) && m.arrive <= ph.start) at = m.to;
      ++ready[static_cast<std::size_t>(at)];
    }
    CHECK(ready == ph.loads);
    const BalanceMetrics opt = compute_balance_metrics(run_balance("optimal", mesh, ready));
    std::int64_t hops = 0;
    for (const auto& m : r.migration_log)
      if (m.depart >= ph.start && m.depart < ph.end) hops += m.hops;
    CHECK(hops == opt.task_hops);
    CHECK(ph.task_hops == opt.task_hops);
    total += hops;
  }
  CHECK(total == r.task_hops);
}

TEST_CASE("Dynamic.RipsWalkingAlgorithmsOnPaperTopologies") {
  // Paper 000's networks with their walking algorithm: all checked; CWA/TWA never exceed the
  // optimum's task-hops per phase (TWA is optimal, so equal).
  struct Case {
    Topology topo;
    std::string inner;
  };
  const std::vector<Case> cases = {{Topology::hypercube(3), "cwa"},
                                   {Topology::hypercube(3), "dem"},
                                   {Topology::mesh(3, 3), "mwa"},
                                   {Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6}), "twa"}};
  for (const auto& c : cases) {
    CAPTURE(c.inner);
    DynamicWorkload w = tree_workload(c.topo.size());
    DynamicParams p;
    p.rips.inner = c.inner;
    const DynamicCosts costs{0.5, 0.1, 0.2};
    const auto r = run_dynamic("rips", c.topo, w, costs, p);
    CHECK(check(c.topo, w, costs, r).ok);
    for (const auto& ph : r.phases) {
      const auto opt = compute_balance_metrics(run_balance("optimal", c.topo, ph.loads)).task_hops;
      if (c.inner == "twa") CHECK(ph.task_hops == opt);
      if (c.inner != "dem") CHECK(ph.task_hops >= opt);
    }
  }
}

TEST_CASE("Dynamic.RipsTriggers") {
  const Topology cube = Topology::hypercube(3);
  const DynamicWorkload w = bursts_workload();
  for (const char* trig : {"all_idle", "any_idle", "imbalance", "period"}) {
    CAPTURE(trig);
    DynamicParams p;
    p.rips.trigger = trig;
    p.rips.period = 3;
    const auto r = run_dynamic("rips", cube, w, {0.1, 0.1, 0.1}, p);
    CHECK(check(cube, w, {0.1, 0.1, 0.1}, r).ok);
    CHECK(r.system_phases >= 2);  // one at start, at least one for the bursts
    CHECK(r.phases.front().start == 0);
  }
}

TEST_CASE("Dynamic.ReceiverCostFunction") {
  // One round on a 2-node line: loads 6 and 0, L_A = 3, π = 1 (the only sender, one hop away); the
  // receiver asks for 3 and gets 3. On the loads after the transfer, (3) with M = 2, f = 1, g = 2:
  // receiver (0 + 3 + 1·3 − 3)^2 = 9, sender (6 − 3 + 2·3 − 3)^2 = 36; C = (9 + 36) / 2 = 22.5.
  DynamicWorkload w;
  w.initial = {6, 0};
  w.duration.value = 10;
  DynamicParams p;
  p.receiver.f = 1;
  p.receiver.g = 2;
  p.receiver.period = 1000;  // exactly one round before the work ends
  const Topology line = Topology::line(2);
  const auto r = run_dynamic("receiver", line, w, {}, p);
  CHECK(check(line, w, {}, r).ok);
  CHECK(r.migrations == 3);
  CHECK(r.cost_function == doctest::Approx(22.5));
  CHECK(r.completion_time == 30);
}

TEST_CASE("Dynamic.RandomAllocationTransferLimit") {
  DynamicWorkload w = hot_spot_workload();
  const Topology mesh = Topology::mesh(4, 4);
  DynamicParams p;
  p.random.transfer_limit = 0;  // no transfers: identical to none
  const auto r0 = run_dynamic("random", mesh, w, {}, p);
  const auto none = run_dynamic("none", mesh, w, {}, {});
  CHECK(r0.completion_time == none.completion_time);
  CHECK(r0.migrations == 0);
  p.random.transfer_limit = 1;  // every new task goes to a random neighbour exactly once
  const auto r1 = run_dynamic("random", mesh, w, {0.5, 0, 0}, p);
  CHECK(check(mesh, w, {0.5, 0, 0}, r1).ok);
  CHECK(r1.migrations == r1.tasks);
  CHECK(r1.task_hops == r1.tasks);
  p.random.transfer_limit = 3;
  p.random.threshold = 0;  // moves on from every node that already has work, at most 3 times
  const auto r3 = run_dynamic("random", mesh, w, {0.5, 0, 0}, p);
  CHECK(check(mesh, w, {0.5, 0, 0}, r3).ok);
  CHECK(r3.migrations > r3.tasks);
  CHECK(r3.migrations <= 3 * r3.tasks);
}

TEST_CASE("Dynamic.DeterministicAndSeedSensitive") {
  const Topology cube = Topology::hypercube(3);
  DynamicWorkload w = bursts_workload();
  w.spawn.shape = SpawnShape::Binomial;
  w.spawn.m = 3;
  w.spawn.q = 0.3;
  w.spawn.max_depth = 6;
  for (const auto& info : dynamic_algorithm_table()) {
    CAPTURE(info.name);
    const auto a = run_dynamic(info.name, cube, w, {0.3, 0.1, 0.2}, {});
    const auto b = run_dynamic(info.name, cube, w, {0.3, 0.1, 0.2}, {});
    CHECK(a.completion_time == b.completion_time);
    CHECK(a.migrations == b.migrations);
    CHECK(a.messages == b.messages);
    CHECK(a.events == b.events);
    // Printed so a WebAssembly run of core_tests can be compared with the native one.
    char line[160];
    std::snprintf(line, sizeof line, "fingerprint %s: events %lld migrations %lld completion %.17g",
                  info.name, static_cast<long long>(a.events), static_cast<long long>(a.migrations),
                  a.completion_time);
    MESSAGE(line);
  }
  DynamicWorkload w2 = w;
  w2.seed = 6;
  CHECK(run_dynamic("none", cube, w2, {}, {}).total_work !=
        run_dynamic("none", cube, w, {}, {}).total_work);
}

TEST_CASE("Dynamic.LimitsStopRunawayWorkloads") {
  DynamicWorkload w;
  w.initial = {1, 0};
  w.spawn.shape = SpawnShape::Fixed;
  w.spawn.m = 8;
  w.spawn.max_depth = 20;
  DynamicRunOptions opt;
  opt.max_tasks = 10'000;
  CHECK_THROWS_AS(run_dynamic("none", Topology::line(2), w, {}, {}, opt), DynamicLimitError);
  w.spawn.max_depth = 2;
  opt.max_events = 10;
  CHECK_THROWS_AS(run_dynamic("none", Topology::line(2), w, {}, {}, opt), DynamicLimitError);
}
