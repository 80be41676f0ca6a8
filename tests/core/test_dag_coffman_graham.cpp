// Coffman-Graham against an independent brute force (ERRATA.md 003: optimal for unit tasks on two
// processors), plus its labelling rule on a hand example.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/dag/schedulers.h"
#include "core/util/rng.h"
#include "core/verify/schedule_verify.h"

using namespace loadlab::core;

namespace {

// Minimum number of unit time steps on 2 processors without communication: BFS over the sets of
// finished tasks; each step runs any 1 or 2 tasks whose predecessors are all finished.
int brute_force_two_processors(int n, const std::vector<std::uint32_t>& pred_mask) {
  const std::uint32_t full = (1u << n) - 1;
  std::vector<int> dist(1u << n, -1);
  std::vector<std::uint32_t> frontier{0};
  dist[0] = 0;
  for (std::size_t qi = 0; qi < frontier.size(); ++qi) {
    const std::uint32_t done = frontier[qi];
    if (done == full) return dist[done];
    std::vector<int> avail;
    for (int t = 0; t < n; ++t)
      if (!(done >> t & 1) && (pred_mask[t] & ~done) == 0) avail.push_back(t);
    auto visit = [&](std::uint32_t next) {
      if (dist[next] < 0) {
        dist[next] = dist[done] + 1;
        frontier.push_back(next);
      }
    };
    for (std::size_t i = 0; i < avail.size(); ++i) {
      visit(done | 1u << avail[i]);
      for (std::size_t j = i + 1; j < avail.size(); ++j)
        visit(done | 1u << avail[i] | 1u << avail[j]);
    }
  }
  return -1;
}

}  // namespace

TEST_CASE("CoffmanGraham.TwoProcessors.EqualsBruteForce") {
  loadlab::util::Rng rng(2024);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 4 + static_cast<int>(rng.below(9));  // 4..12 tasks
    const double density = rng.uniform_real(0.1, 0.6);
    std::vector<DagEdge> edges;
    std::vector<std::uint32_t> pred(n, 0);
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (rng.bernoulli(density)) {
          edges.push_back({a, b, 0});
          pred[b] |= 1u << a;
        }
    const TaskGraph g(std::vector<double>(n, 1), edges);
    const Schedule s = coffman_graham(g, 2);
    CAPTURE(trial);
    REQUIRE(verify_schedule(g, s).ok);
    CHECK(s.makespan() == brute_force_two_processors(n, pred));
    ++checked;
  }
  CHECK(checked == 300);
}

TEST_CASE("CoffmanGraham.Labels.HandExample") {
  // a->c, b->c, b->d, c->e, d->e and a lone task f.
  // Exits e(4), f(5): both sequences empty, smaller id e gets 1, then f gets 2. Ready after:
  // c (succ e: [1]) and d (succ e: [1]) -> c (smaller id) 3, d 4. Then a: [3]; b: [4,3];
  // lexicographically [3] < [4,3], so a gets 5 and b gets 6.
  const TaskGraph g(std::vector<double>(6, 1),
                    {{0, 2, 0}, {1, 2, 0}, {1, 3, 0}, {2, 4, 0}, {3, 4, 0}});
  const auto lab = coffman_graham_labels(g);
  CHECK(lab == std::vector<std::int32_t>{5, 6, 3, 4, 1, 2});
}
