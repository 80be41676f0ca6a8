// The dynamic simulator's fast-path pieces against plain reference implementations: the
// run-length task queue against std::deque, the radix event queue against std::priority_queue, the
// duration sampler against task_duration, and a run without the task table against one with it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <queue>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dynamic/event_queue.h"
#include "core/dynamic/registry.h"
#include "core/dynamic/strategies.h"
#include "core/dynamic/task_queue.h"
#include "core/dynamic/workload.h"
#include "core/util/rng.h"

using namespace loadlab;
using namespace loadlab::core;

TEST_CASE("DynamicEngine.TaskQueueIsADeque") {
  util::Rng rng(5);
  TaskQueue q;
  std::deque<std::uint32_t> ref;
  std::uint32_t next = 0;
  for (int step = 0; step < 200000; ++step) {
    const auto op = rng.below(10);
    if (op < 5) {
      // Mostly consecutive ids (runs), sometimes a jump.
      if (rng.below(4) == 0) next += static_cast<std::uint32_t>(rng.below(7));
      q.push_back(next);
      ref.push_back(next++);
    } else if (!ref.empty() && op < 8) {
      CHECK(q.pop_front() == ref.front());
      ref.pop_front();
    } else if (!ref.empty()) {
      CHECK(q.pop_back() == ref.back());
      ref.pop_back();
    }
    REQUIRE(q.size() == static_cast<std::int64_t>(ref.size()));
  }
}

namespace {
// Random monotone push/pop sequences through RadixEventQueue<E>, every pop checked against a
// std::priority_queue on (time, tie). Times come from a small grid (many exact ties) or from
// continuous gaps over a wide range (long bucket cascades); top() is sometimes asked twice and
// pushes come between top() and pop(), as in the simulator.
template <class E, class Make>
void check_radix_queue(std::uint64_t seed, int grid, Make make) {
  util::Rng rng(seed);
  RadixEventQueue<E> q;
  const auto later = [](const E& a, const E& b) { return E::before(b, a); };
  std::priority_queue<E, std::vector<E>, decltype(later)> ref(later);
  std::uint64_t seq = 0;
  double now = 0;
  const auto gap = [&] {
    if (grid > 0) return static_cast<double>(rng.below(static_cast<std::uint64_t>(grid))) * 0.25;
    const double scale = rng.bernoulli(0.01) ? 1e6 : 1.0;
    return rng.bernoulli(0.1) ? 0.0 : -std::log(1.0 - rng.uniform01()) * scale;
  };
  const auto push = [&] {
    const E e = make(now + gap(), seq++, rng);
    q.push(e);
    ref.push(e);
  };
  for (int i = 0; i < 3000; ++i) push();
  std::int64_t pops = 0;
  for (int step = 0; step < 60000 && !ref.empty(); ++step) {
    REQUIRE(q.size() == ref.size());
    const E& t = q.top();
    REQUIRE(t.time == ref.top().time);
    REQUIRE(t.tie() == ref.top().tie());
    // A push at or after the current time before the pop (a handled event of the other heap).
    if (rng.below(8) == 0) push();
    REQUIRE(q.top().tie() == ref.top().tie());
    now = q.top().time;
    q.pop();
    ref.pop();
    ++pops;
    for (std::uint64_t k = rng.below(ref.size() > 4000 ? 2 : 3); k > 0; --k) push();
  }
  while (!ref.empty()) {
    REQUIRE(q.top().tie() == ref.top().tie());
    q.pop();
    ref.pop();
  }
  CHECK(q.empty());
  CHECK(pops > 1000);
}
}  // namespace

TEST_CASE("DynamicEngine.RadixQueueMatchesPriorityQueue") {
  const auto end = [](double t, std::uint64_t seq, util::Rng& r) {
    return TaskEndEvent{t, seq << TaskEndEvent::kNodeBits | r.below(1000)};
  };
  const auto other = [](double t, std::uint64_t seq, util::Rng&) {
    return OtherEvent{t, seq, 0, 0, 0, 0, 0};
  };
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    CAPTURE(seed);
    check_radix_queue<TaskEndEvent>(seed, 0, end);  // continuous times, wide range
    check_radix_queue<TaskEndEvent>(seed, 3, end);  // heavy ties
    check_radix_queue<TaskEndEvent>(seed, 1, end);  // every time equal
    check_radix_queue<OtherEvent>(seed, 0, other);
    check_radix_queue<OtherEvent>(seed, 5, other);
  }
  // -0.0 equals 0.0: ordered by tie only.
  RadixEventQueue<TaskEndEvent> q;
  q.push({-0.0, 1});
  q.push({0.0, 2});
  q.push({0.5, 0});
  CHECK(q.top().key == 1);
  q.pop();
  CHECK(q.top().key == 2);
  q.pop();
  CHECK(q.top().key == 0);
  q.pop();
  // An event before the last popped one is refused, not misordered.
  const TaskEndEvent early{0.25, 3};
  CHECK_THROWS_AS(q.push(early), std::logic_error);
}

// The front (the sorted run of the earliest events) takes pushes inside its time range by
// insertion; a storm of them turns it into a binary heap. Either way the order must stay that of
// a priority queue.
TEST_CASE("DynamicEngine.RadixQueueFrontStormKeepsTheOrder") {
  util::Rng rng(9);
  RadixEventQueue<TaskEndEvent> q;
  const auto later = [](const TaskEndEvent& a, const TaskEndEvent& b) {
    return TaskEndEvent::before(b, a);
  };
  std::priority_queue<TaskEndEvent, std::vector<TaskEndEvent>, decltype(later)> ref(later);
  std::uint64_t seq = 0;
  const auto push = [&](double t) {
    const TaskEndEvent e{t, seq++ << TaskEndEvent::kNodeBits};
    q.push(e);
    ref.push(e);
  };
  const auto pop = [&] {
    REQUIRE(q.top().key == ref.top().key);
    const double t = q.top().time;
    q.pop();
    ref.pop();
    return t;
  };
  // Ten events in one small bucket: the first pop sorts them into the front, [1, 1.009].
  for (int j = 0; j < 10; ++j) push(1.0 + j * 1e-3);
  push(5.0);
  double now = pop();
  std::int64_t pops = 1;
  for (int round = 0; round < 3; ++round) {
    // 300 pushes inside the front's range, each after the current time (most before its back), a
    // pop now and then; then drain half.
    for (int i = 0; i < 300; ++i) {
      push(now + rng.uniform01() * (1.009 - now));
      if (i % 7 == 0) now = pop(), ++pops;
    }
    for (std::size_t k = ref.size() / 2; k > 0; --k) now = pop(), ++pops;
  }
  while (!ref.empty()) pop(), ++pops;
  CHECK(q.empty());
  CHECK(pops == static_cast<std::int64_t>(seq));
}

TEST_CASE("DynamicEngine.DurationSamplerEqualsTaskDuration") {
  CHECK(util::Rng::first_u64(77) == util::Rng(77).next_u64());
  for (const char* name : {"constant", "uniform", "exponential", "bimodal", "increasing"}) {
    CostProfile p;
    p.profile = name;
    p.value = 1.7;
    const DurationSampler d(p);
    for (std::uint64_t k = 0; k < 2000; ++k) {
      const std::uint64_t desc = root_descriptor(DynamicWorkload{}, k);
      REQUIRE(d(desc) == task_duration(p, desc));  // bit-identical
    }
  }
}

namespace {
// Initial tasks, Poisson arrivals and binomial spawns together: every hook and event kind occurs.
DynamicWorkload mixed_workload(const Topology& t, std::uint64_t seed, std::int64_t mean_load) {
  DynamicWorkload w;
  w.seed = seed;
  util::Rng rng(seed);
  w.initial = generate_loads(LoadGenerator::Multinomial, t.size(), mean_load, rng);
  w.duration.profile = "exponential";
  w.arrivals.process = ArrivalProcess::Poisson;
  w.arrivals.rate = 0.1;
  w.arrivals.until = 10;
  w.spawn.shape = SpawnShape::Binomial;
  w.spawn.m = 3;
  w.spawn.q = 0.3;
  return w;
}
}  // namespace

TEST_CASE("DynamicEngine.TaskTableDoesNotChangeTheRun") {
  const Topology t = Topology::torus(6, 6);
  const DynamicWorkload w = mixed_workload(t, 3, 6);
  const DynamicCosts c{0.1, 0.02, 0.3};
  for (const char* alg :
       {"none", "random", "sender", "receiver", "work_stealing", "gradient", "rips"}) {
    DynamicRunOptions with, without;
    without.task_log = false;
    without.record = false;
    const DynamicRunResult a = run_dynamic(alg, t, w, c, {}, with);
    const DynamicRunResult b = run_dynamic(alg, t, w, c, {}, without);
    CAPTURE(alg);
    CHECK(b.task_log.empty());
    CHECK(a.tasks == b.tasks);
    CHECK(a.events == b.events);
    CHECK(a.migrations == b.migrations);
    CHECK(a.messages == b.messages);
    CHECK(a.completion_time == b.completion_time);
    CHECK(a.busy_time == b.busy_time);
  }
}

namespace {
struct IdleOnly final : DynamicStrategy {
  void on_idle(DynamicSim&, int) override {}
};
struct ArrivalsAndEnds final : DynamicStrategy {
  void on_task_arrived(DynamicSim& s, int v, DynTaskId t, int) override { s.enqueue(v, t); }
  void on_task_end(DynamicSim&, int) override {}
};
struct Nothing final : DynamicStrategy {};
}  // namespace

TEST_CASE("DynamicEngine.HookMaskNamesExactlyTheOverriddenHooks") {
  static_assert(overridden_hooks<Nothing>() == 0);
  static_assert(overridden_hooks<IdleOnly>() == DynamicStrategy::kOnIdle);
  static_assert(overridden_hooks<ArrivalsAndEnds>() ==
                (DynamicStrategy::kOnTaskArrived | DynamicStrategy::kOnTaskEnd));
  CHECK(make_dynamic_strategy<IdleOnly>()->hooks == DynamicStrategy::kOnIdle);
  CHECK(IdleOnly{}.hooks == DynamicStrategy::kAllHooks);  // built by hand: every hook is called
}

// The simulator skips hooks a strategy does not override: the run must be the one where every
// hook is called (all seven strategies, with arrivals, spawns, migrations and messages).
TEST_CASE("DynamicEngine.SkippingHooksThatAreNotOverriddenDoesNotChangeTheRun") {
  const Topology t = Topology::mesh(5, 6);
  const DynamicWorkload w = mixed_workload(t, 11, 5);
  const DynamicCosts c{0.1, 0.02, 0.3};
  const DynamicParams p;
  for (const char* alg :
       {"none", "random", "sender", "receiver", "work_stealing", "gradient", "rips"}) {
    auto skipping = make_named_strategy(alg, p, t);
    auto calling = make_named_strategy(alg, p, t);
    calling->hooks = DynamicStrategy::kAllHooks;
    CAPTURE(alg);
    CHECK(skipping->hooks != DynamicStrategy::kAllHooks);  // no strategy overrides all five
    const DynamicRunOptions opt;
    const DynamicRunResult a = DynamicSim(t, w, c, opt, 5).run(*skipping, alg);
    const DynamicRunResult b = DynamicSim(t, w, c, opt, 5).run(*calling, alg);
    CHECK(a.tasks == b.tasks);
    CHECK(a.events == b.events);
    CHECK(a.migrations == b.migrations);
    CHECK(a.task_hops == b.task_hops);
    CHECK(a.messages == b.messages);
    CHECK(a.system_phases == b.system_phases);
    CHECK(a.completion_time == b.completion_time);
    CHECK(a.busy_time == b.busy_time);
    REQUIRE(a.task_log.size() == b.task_log.size());
    for (std::size_t i = 0; i < a.task_log.size(); ++i) {
      CHECK(a.task_log[i].node == b.task_log[i].node);
      CHECK(a.task_log[i].start == b.task_log[i].start);
    }
  }
}
