// The one list-scheduler placement (core/dag/placement.h) over its two cost models: identical
// processors must be exactly the special case of a Machine (same starts, finishes and data-ready
// times as Machine::identical(P), and as a machine that spells out speeds 1 and bandwidths 1),
// with and without insertion, because the identical-processor schedulers and the heterogeneous
// ones share it and scenarios on a trivial machine promise byte-identical results.
#include <doctest/doctest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "core/dag/generators.h"
#include "core/dag/placement.h"

using namespace loadlab::core;

namespace {

// Places every task of g through `pl` in a fixed order (the ready task with the smallest id),
// alternating the earliest-start and the earliest-finish processor rule, and records the
// data-ready time of each task on every processor just before (from p = first_p: -1 asks for no
// processor, which only the identical models define; a bandwidth matrix has no row for it).
template <class Pl>
std::pair<Schedule, std::vector<double>> placement_drive(const TaskGraph& g, Pl& pl, int first_p) {
  std::vector<TaskId> ready;
  for (TaskId t = 0; t < g.size(); ++t)
    if (g.is_entry(t)) ready.push_back(t);
  std::vector<double> seen;
  std::vector<TaskId> fresh;
  for (int step = 0; !ready.empty(); ++step) {
    auto it = std::min_element(ready.begin(), ready.end());
    const TaskId t = *it;
    ready.erase(it);
    for (int p = first_p; p < pl.processors(); ++p) seen.push_back(pl.data_ready(t, p));
    const auto [p, start] = step % 2 == 0 ? pl.best_proc(t) : pl.best_eft(t);
    fresh.clear();
    pl.place(t, p, start, &fresh);
    ready.insert(ready.end(), fresh.begin(), fresh.end());
  }
  return {pl.take(), seen};
}

void placement_check_same(const Schedule& a, const Schedule& b) {
  REQUIRE(a.entries.size() == b.entries.size());
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    CAPTURE(i);
    CHECK(a.entries[i].task == b.entries[i].task);
    CHECK(a.entries[i].proc == b.entries[i].proc);
    CHECK(a.entries[i].start == b.entries[i].start);  // exact: the same doubles
    CHECK(a.entries[i].finish == b.entries[i].finish);
  }
}

}  // namespace

TEST_CASE("DagPlacement.IdenticalProcessorsAreTheMachineSpecialCase") {
  int graphs = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    LayeredSpec spec;
    spec.n = 60 + static_cast<std::int32_t>(seed) * 7;
    spec.density = 0.3 + 0.1 * static_cast<double>(seed % 4);
    CostSpec costs;
    costs.ccr = seed % 2 ? 0.5 : 4.0;  // a communication-heavy graph makes insertion gaps
    costs.distribution = seed % 3 ? "uniform" : "exponential";
    const TaskGraph g = assign_costs(layered_shape(spec, seed), costs, seed);
    ++graphs;
    for (int P : {1, 2, 3, 5}) {
      Machine spelled = Machine::identical(P);
      spelled.speeds.assign(static_cast<std::size_t>(P), 1.0);
      spelled.bandwidth.assign(static_cast<std::size_t>(P) * static_cast<std::size_t>(P), 1.0);
      const Machine trivial = Machine::identical(P);
      for (bool insertion : {false, true}) {
        CAPTURE(seed);
        CAPTURE(P);
        CAPTURE(insertion);
        Placement id(g, P, insertion);
        HeteroPlacement m1(g, trivial, insertion), m2(g, spelled, insertion);
        Placement id0(g, P, insertion);
        const auto a = placement_drive(g, id, -1);
        const auto b = placement_drive(g, m1, -1);
        const auto a0 = placement_drive(g, id0, 0);
        const auto c = placement_drive(g, m2, 0);
        CHECK(a.first.entries.size() == static_cast<std::size_t>(g.size()));
        placement_check_same(a.first, b.first);
        placement_check_same(a.first, c.first);
        CHECK(a.second == b.second);
        CHECK(a0.second == c.second);
      }
    }
  }
  CHECK(graphs == 6);
}

TEST_CASE("DagPlacement.InsertionFillsAGapByHand") {
  // One processor: a [0, 4], then d placed at 10 on purpose leaves the gap [4, 10]. With insertion
  // b (2) starts at 4 and c (1) right after it at 6; without, each goes after the last task:
  // 13, 15.
  const TaskGraph g({4, 2, 1, 3}, {{0, 3, 10}});
  for (bool insertion : {false, true}) {
    CAPTURE(insertion);
    Placement pl(g, 1, insertion);
    pl.place(0, 0, 0, nullptr);   // a: [0, 4]
    pl.place(3, 0, 10, nullptr);  // d: [10, 13]
    CHECK(pl.est(1, 0) == (insertion ? 4 : 13));
    pl.place(1, 0, pl.est(1, 0), nullptr);
    CHECK(pl.est(2, 0) == (insertion ? 6 : 15));
  }
}
