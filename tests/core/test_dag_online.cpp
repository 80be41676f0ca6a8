// Online schedulers decide without the future: a hand-worked graph where knowing it is worth 3
// time units (offline HEFT 12, online HEFT 15), and on random instances, changing a sink task's
// costs never changes a decision made before that task was revealed (which offline HEFT's ranks
// do change).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/dag/hetero_schedulers.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"

using namespace loadlab::core;

namespace {

double online_makespan(const Schedule& s) {
  double mk = 0;
  for (const auto& e : s.entries) mk = std::max(mk, e.finish);
  return mk;
}

std::map<TaskId, std::pair<int, double>> online_placements(const Schedule& s) {
  std::map<TaskId, std::pair<int, double>> out;
  for (const auto& e : s.entries) out[e.task] = {e.proc, e.start};
  return out;
}

}  // namespace

TEST_CASE("Online.HeftWithoutTheFutureLosesOnAHiddenChain") {
  // a(1) -> b(3), c(3), e(1); e -> d(10); no data; two identical processors. Worked by hand:
  // offline HEFT ranks d 10, e 11, b 3, c 3, a 12: a P0 [0,1], e P0 [1,2], d P0 [2,12],
  // b P1 [1,4], c P1 [4,7]: 12. Online, b, c and e are revealed at 1 and the heavier go first:
  // b P0 [1,4], c P1 [1,4], e P0 [4,5]; d is revealed at 5: [5,15]: 15.
  const TaskGraph g({1, 3, 3, 10, 1}, {{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {4, 3, 0}});
  const Machine m = Machine::identical(2);
  const Schedule off = heft(g, m), on = online_heft(g, m);
  CHECK(verify_schedule(g, m, on).ok);
  CHECK(online_makespan(off) == doctest::Approx(12));
  CHECK(online_makespan(on) == doctest::Approx(15));
  // Online MCT takes b, c, e by id at 1: b P0 [1,4], c P1 [1,4], e P0 [4,5], d [5,15].
  CHECK(online_makespan(online_mct(g, m)) == doctest::Approx(15));
}

TEST_CASE("Online.DecisionsBeforeARevealIgnoreThatTasksCosts") {
  loadlab::util::Rng rng(53);
  bool offline_moved = false;
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 4 + static_cast<int>(rng.below(20)), P = 2 + static_cast<int>(rng.below(3));
    std::vector<DagEdge> edges;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (rng.below(100) < 30)
          edges.push_back({i, j, static_cast<double>(rng.uniform_int(0, 6))});
    Machine m = Machine::identical(P);
    for (int i = 0; i < n * P; ++i) m.etc.push_back(static_cast<double>(rng.uniform_int(1, 12)));
    const TaskGraph g(std::vector<double>(static_cast<std::size_t>(n), 1), edges);
    // The last task has no successors (all edges go from lower to higher ids).
    const TaskId x = n - 1;
    Machine m2 = m;
    for (int p = 0; p < P; ++p) m2.etc[static_cast<std::size_t>(x * P + p)] += 50;
    for (auto* run : {&online_heft, &online_mct}) {
      const Schedule a = (*run)(g, m, nullptr), b = (*run)(g, m2, nullptr);
      CHECK(verify_schedule(g, m, a).ok);
      CHECK(verify_schedule(g, m2, b).ok);
      const auto pa = online_placements(a), pb = online_placements(b);
      // A task's reveal time: its last parent's finish in the first schedule.
      auto reveal = [&](TaskId t) {
        double r = 0;
        for (const auto& e : g.edges())
          if (e.to == t)
            r = std::max(r, pa.at(e.from).second + m.exec(g, e.from, pa.at(e.from).first));
        return r;
      };
      const double reveal_x = reveal(x);
      for (TaskId t = 0; t < x; ++t)
        if (reveal(t) < reveal_x) CHECK(pa.at(t) == pb.at(t));
    }
    const auto ha = online_placements(heft(g, m)), hb = online_placements(heft(g, m2));
    for (TaskId t = 0; t + 1 < n; ++t) offline_moved |= ha.at(t) != hb.at(t);
  }
  CHECK(offline_moved);  // the same change does reach offline HEFT's earlier decisions
}
