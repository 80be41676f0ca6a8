// Stone's network-flow assignment (Stone 1977): on two processors its cost (execution plus
// cross-processor communication) is the minimum, checked against every one of the 2^n
// assignments; on more it is a valid schedule on the processors it chose; on identical processors
// the cost it minimises puts a connected graph on one processor.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/dag/hetero_schedulers.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"

using namespace loadlab::core;

namespace {

// Random DAG (edge i -> j, i < j, 40 %), integer costs, an ETC matrix and an asymmetric bandwidth
// matrix, so the two directions of an edge cost differently.
std::pair<TaskGraph, Machine> stone_instance(loadlab::util::Rng& rng, int n, int P) {
  std::vector<double> comp(static_cast<std::size_t>(n), 1);
  std::vector<DagEdge> edges;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (rng.below(100) < 40) edges.push_back({i, j, static_cast<double>(rng.uniform_int(0, 9))});
  TaskGraph g(std::move(comp), std::move(edges));
  Machine m = Machine::identical(P);
  for (int i = 0; i < n * P; ++i) m.etc.push_back(static_cast<double>(rng.uniform_int(1, 15)));
  const double bw[] = {0.5, 1, 2};
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < P; ++q) m.bandwidth.push_back(p == q ? 0.0 : bw[rng.below(3)]);
  return {std::move(g), std::move(m)};
}

double stone_brute_force(const TaskGraph& g, const Machine& m) {
  const int n = g.size();
  double best = 1e300;
  std::vector<int> where(static_cast<std::size_t>(n));
  for (int mask = 0; mask < (1 << n); ++mask) {
    for (int v = 0; v < n; ++v) where[static_cast<std::size_t>(v)] = (mask >> v) & 1;
    double c = 0;  // the objective written out again, not through stone_cost
    for (int v = 0; v < n; ++v)
      c += m.etc[static_cast<std::size_t>(v * 2 + where[static_cast<std::size_t>(v)])];
    for (const DagEdge& e : g.edges()) {
      const int p = where[static_cast<std::size_t>(e.from)],
                q = where[static_cast<std::size_t>(e.to)];
      if (p != q) c += e.comm / m.bandwidth[static_cast<std::size_t>(p * 2 + q)];
    }
    best = std::min(best, c);
  }
  return best;
}

}  // namespace

TEST_CASE("Stone.TwoProcessorCutIsTheCheapestAssignment") {
  loadlab::util::Rng rng(41);
  for (int trial = 0; trial < 80; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(11));
    const auto [g, m] = stone_instance(rng, n, 2);
    const std::vector<int> where = stone_assignment(g, m);
    CAPTURE(trial);
    CHECK(stone_cost(g, m, where) == doctest::Approx(stone_brute_force(g, m)));
    const Schedule s = stone_mincut(g, m);
    const ScheduleCheck c = verify_schedule(g, m, s);
    for (const auto& e : c.errors) MESSAGE(e);
    CHECK(c.ok);
    for (const auto& e : s.entries) CHECK(e.proc == where[static_cast<std::size_t>(e.task)]);
  }
}

TEST_CASE("Stone.GreedyBeyondTwoProcessorsGivesValidSchedules") {
  loadlab::util::Rng rng(43);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(30)), P = 3 + static_cast<int>(rng.below(5));
    const auto [g, m] = stone_instance(rng, n, P);
    const std::vector<int> where = stone_assignment(g, m);
    for (int p : where) CHECK((p >= 0 && p < P));
    const ScheduleCheck c = verify_schedule(g, m, stone_mincut(g, m));
    CHECK(c.ok);
  }
}

TEST_CASE("Stone.IdenticalProcessorsKeepAConnectedGraphTogether") {
  // A chain with positive data: any split pays communication and saves no execution time.
  const TaskGraph chain({3, 1, 4, 1, 5}, {{0, 1, 2}, {1, 2, 1}, {2, 3, 7}, {3, 4, 1}});
  for (int P : {2, 3, 6}) {
    const Machine m = Machine::identical(P);
    const std::vector<int> where = stone_assignment(chain, m);
    CHECK(std::count(where.begin(), where.end(), where.front()) == 5);
    CHECK(stone_cost(chain, m, where) == doctest::Approx(14.0));
  }
}
