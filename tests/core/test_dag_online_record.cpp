// The record of an online run (core/dag/online.h): reveal times and decision order, the check
// that rejects a record breaking the online model, the frames the playground plays and their
// captions, on the hand-worked hidden-chain graph of test_dag_online.cpp and random instances.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/dag/hetero_schedulers.h"
#include "core/dag/online.h"
#include "core/util/rng.h"

using namespace loadlab::core;

namespace {

// a(1) -> b(3), c(3), e(1); e -> d(10); no data; two identical processors.
TaskGraph online_record_chain() {
  return TaskGraph({1, 3, 3, 10, 1}, {{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {4, 3, 0}});
}

bool online_record_has(const std::vector<TaskId>& v, TaskId t) {
  return std::find(v.begin(), v.end(), t) != v.end();
}

}  // namespace

TEST_CASE("OnlineRecord.HiddenChainByHand") {
  // By hand (online HEFT): a revealed at 0, placed P0 [0, 1]; b, c, e revealed at 1 (a
  // finished) and decided heavier first, b before c on the tie: b P0 [1, 4], c P1 [1, 4],
  // e P0 [4, 5]; d revealed at 5 (e finished): P0 [5, 15].
  const TaskGraph g = online_record_chain();
  const Schedule s = online_heft(g, Machine::identical(2));
  const auto arr = online_arrivals(g, s);
  REQUIRE(arr.size() == 5);
  const std::vector<TaskId> order = {0, 1, 2, 4, 3};
  const std::vector<double> at = {0, 1, 1, 1, 5};
  for (std::size_t k = 0; k < 5; ++k) {
    CHECK(arr[k].task == order[k]);
    CHECK(arr[k].released == doctest::Approx(at[k]));
  }
  CHECK(verify_online_arrivals(g, s, arr).empty());

  // Frames: after b's decision the clock is 1, a, b, c, e are revealed, a and b placed, c and e
  // wait, and d (revealed at 5) is the next arrival the scheduler cannot know.
  const OnlineFrame f1 = online_frame(g, arr, 1);
  CHECK(f1.time == doctest::Approx(1));
  CHECK(f1.revealed.size() == 4);
  CHECK(f1.placed == std::vector<TaskId>{0, 1});
  CHECK(f1.waiting == std::vector<TaskId>{2, 4});
  CHECK(f1.next_task == 3);
  CHECK(f1.next_release == doctest::Approx(5));
  // After e's decision nothing waits and d is still unknown; after d's, all is placed at 5.
  const OnlineFrame f3 = online_frame(g, arr, 3);
  CHECK(f3.waiting.empty());
  CHECK(f3.revealed.size() == 4);
  CHECK(f3.next_task == 3);
  const OnlineFrame f4 = online_frame(g, arr, 99);  // clamped to the last decision
  CHECK(f4.step == 4);
  CHECK(f4.time == doctest::Approx(5));
  CHECK(f4.placed.size() == 5);
  CHECK(f4.next_task == -1);

  const Narration n = online_narration("online_heft", g, s, arr);
  REQUIRE(n.steps.size() == 5);
  CHECK(n.steps[0].text.find("t = 0: ") == 0);
  CHECK(n.steps[1].text.find("t = 1: ") == 0);
  CHECK(n.steps[1].text.find("parent " + g.name(0) + " finished") != std::string::npos);
  CHECK(n.steps[1].text.find("on P0 at [1, 4]") != std::string::npos);
  CHECK(n.steps[1].text.find("cannot know that " + g.name(3) + " arrives at 5") !=
        std::string::npos);
  CHECK(n.steps[4].text.find("t = 5: ") == 0);
  CHECK(n.steps[4].text.find("on P0 at [5, 15]") != std::string::npos);
}

TEST_CASE("OnlineRecord.VerifierRejectsABrokenRecord") {
  const TaskGraph g = online_record_chain();
  const Schedule s = online_heft(g, Machine::identical(2));
  auto arr = online_arrivals(g, s);
  auto late = arr;
  late[4].released = 4;  // d cannot be revealed before e finishes at 5
  CHECK_FALSE(verify_online_arrivals(g, s, late).empty());
  auto swapped = arr;
  std::swap(swapped[0], swapped[4]);  // d decided first: before a task revealed earlier
  CHECK_FALSE(verify_online_arrivals(g, s, swapped).empty());
  auto missing = arr;
  missing.pop_back();
  CHECK_FALSE(verify_online_arrivals(g, s, missing).empty());
  // An offline schedule that decides d before c and e were revealed is not an online one:
  // offline HEFT places a, e, d, b, c (ranks 12, 11, 10, 3, 3), so d (revealed at 2) is decided
  // before b (revealed at 1).
  const Schedule off = heft(g, Machine::identical(2));
  CHECK_FALSE(verify_online_arrivals(g, off, online_arrivals(g, off)).empty());
}

TEST_CASE("OnlineRecord.FramesConsistentOnRandomMachines") {
  loadlab::util::Rng rng(71);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 3 + static_cast<int>(rng.below(18)), P = 1 + static_cast<int>(rng.below(4));
    std::vector<DagEdge> edges;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (rng.below(100) < 25)
          edges.push_back({i, j, static_cast<double>(rng.uniform_int(0, 5))});
    Machine m = Machine::identical(P);
    for (int i = 0; i < n * P; ++i) m.etc.push_back(static_cast<double>(rng.uniform_int(1, 9)));
    const TaskGraph g(std::vector<double>(static_cast<std::size_t>(n), 1), edges);
    for (auto* run : {&online_heft, &online_mct}) {
      const Schedule s = (*run)(g, m, nullptr);
      const auto arr = online_arrivals(g, s);
      CHECK(verify_online_arrivals(g, s, arr).empty());
      std::vector<double> released(static_cast<std::size_t>(n));
      for (const auto& a : arr) released[static_cast<std::size_t>(a.task)] = a.released;
      double last_time = 0;
      for (int k = 0; k < n; ++k) {
        const OnlineFrame f = online_frame(g, arr, k);
        CHECK(f.time >= last_time);
        last_time = f.time;
        CHECK(f.placed.size() == static_cast<std::size_t>(k + 1));
        for (TaskId t : f.revealed) CHECK(released[static_cast<std::size_t>(t)] <= f.time);
        for (TaskId t : f.placed) CHECK(online_record_has(f.revealed, t));
        for (const auto& e : s.entries)
          if (online_record_has(f.placed, e.task))
            CHECK(e.start >= released[static_cast<std::size_t>(e.task)] - 1e-9);
        if (f.next_task >= 0) CHECK(f.next_release >= f.time);
      }
    }
  }
}
