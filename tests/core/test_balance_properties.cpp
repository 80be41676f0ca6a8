// Paper 000's theorems on thousands of random instances, plus the quota closed forms.
// Expected values: Theorems 1-3, Lemmas 4-5 of ../shared/seeds/000_ace8fcde3218dd88.txt and an
// independent brute-force transportation solver for the optimum (below).
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/quota.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"
#include "core/verify/balance_verify.h"

using namespace loadlab::core;
using loadlab::util::Rng;

namespace {

// Random loads: a mix of shapes, most with totals N does not divide.
LoadVector random_loads(int n, Rng& rng) {
  LoadVector w(n);
  switch (rng.below(4)) {
    case 0:  // independent uniform: arbitrary total
      for (auto& x : w) x = rng.uniform_int(0, 20);
      break;
    case 1: {  // multinomial with exact multiple of N
      w = generate_loads(LoadGenerator::Multinomial, n, rng.uniform_int(0, 12), rng);
      break;
    }
    case 2:  // sparse: a few heavy nodes
      for (auto& x : w) x = rng.bernoulli(0.2) ? rng.uniform_int(0, 100) : 0;
      break;
    default:  // hot spot plus noise
      for (auto& x : w) x = rng.uniform_int(0, 3);
      w[rng.below(n)] += rng.uniform_int(0, 50 * n);
  }
  return w;
}

void check_walking_result(const Topology& topo, const LoadVector& w, const BalanceResult& r) {
  const auto v = verify_balance(topo, w, r);
  REQUIRE_MESSAGE(v.ok, (v.errors.empty() ? "" : v.errors.front()));
  const BalanceMetrics m = compute_balance_metrics(r);
  // Theorem 1: difference at most one.
  CHECK(m.max_minus_min <= 1);
  CHECK(m.fully_balanced);
  // Theorem 2 (with the Fig 4 quotas when N does not divide T): sum max(q_i - w_i, 0).
  std::int64_t lemma4 = 0;
  const std::int64_t total = total_load(w), n = topo.size();
  for (std::int64_t i = 0; i < n; ++i)
    lemma4 += std::max<std::int64_t>(total / n + (i < total % n ? 1 : 0) - w[i], 0);
  CHECK(m.non_local_tasks == lemma4);
}

std::int64_t hops(const BalanceResult& r) {
  return compute_balance_metrics(r).task_hops;
}

// Independent optimum for tiny instances: send each surplus unit to a deficit node, minimising the
// sum of hop distances (uncapacitated min-cost flow = transportation over shortest paths).
std::int64_t brute_force_optimum(const Topology& topo, const LoadVector& w, const LoadVector& q) {
  std::vector<int> units;  // one entry per surplus task: its node
  std::vector<std::int64_t> room(w.size(), 0);
  for (std::size_t i = 0; i < w.size(); ++i) {
    for (std::int64_t k = 0; k < w[i] - q[i]; ++k) units.push_back(int(i));
    room[i] = std::max<std::int64_t>(q[i] - w[i], 0);
  }
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  std::function<void(std::size_t, int, std::int64_t)> go = [&](std::size_t u, int min_j,
                                                               std::int64_t cost) {
    if (cost >= best) return;
    if (u == units.size()) {
      best = cost;
      return;
    }
    // Units of the same node are interchangeable: pick deficit nodes in non-decreasing order.
    const int start = (u > 0 && units[u - 1] == units[u]) ? min_j : 0;
    for (int j = start; j < int(w.size()); ++j) {
      if (room[j] == 0) continue;
      --room[j];
      go(u + 1, j, cost + topo.distance(units[u], j));
      ++room[j];
    }
  };
  go(0, 0, 0);
  return best;
}

}  // namespace

TEST_CASE("Quota.ClosedFormsMatchSums") {
  Rng rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const int d = int(rng.below(7));
    const std::int64_t n = std::int64_t{1} << d;
    LoadVector w(n);
    for (auto& x : w) x = rng.uniform_int(0, 9);
    const Average a = average_load(w);
    const LoadVector q = quotas(a);
    std::int64_t sum_q = 0;
    for (auto x : q) sum_q += x;
    CHECK(sum_q == a.total);
    for (std::int64_t i = 0; i < n; ++i)
      for (int k = 0; k <= d; ++k) {
        const std::int64_t start = i >> k << k;
        std::int64_t s = 0;
        for (std::int64_t j = start; j < start + (std::int64_t{1} << k); ++j) s += q[j];
        CHECK(cube_subcube_quota(i, k, a) == s);
      }
    // Trees: any subtree [i, i + n_i) of a preorder.
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t len = 1; i + len <= n; ++len) {
        std::int64_t s = 0;
        for (std::int64_t j = i; j < i + len; ++j) s += q[j];
        CHECK(tree_subtree_quota(i, len, a) == s);
        CHECK(range_quota(i, len, a) == s);
      }
    // Meshes n1 x n2 with n1 * n2 = n.
    for (std::int64_t n2 = 1; n2 <= n; n2 *= 2)
      for (std::int64_t i = 0; i < n; ++i) {
        std::int64_t row = 0, rows = 0;
        for (std::int64_t j = i / n2 * n2; j <= i; ++j) row += q[j];
        for (std::int64_t j = 0; j < (i / n2 + 1) * n2; ++j) rows += q[j];
        CHECK(mesh_row_prefix_quota(i, n2, a) == row);
        CHECK(mesh_rows_prefix_quota(i, n2, a) == rows);
      }
  }
}

TEST_CASE("Quota.Example4RowQuotas") {
  // Example 4: w_avg = 8, R = 0 on a 4 x 4 mesh: Q^1 = 32, 64, 96, 128; Q^0 = 8, 16, 24, 32.
  const Average a{128, 8, 0, 16};
  for (int i = 0; i < 16; ++i) {
    CHECK(mesh_rows_prefix_quota(i, 4, a) == 32 * (i / 4 + 1));
    CHECK(mesh_row_prefix_quota(i, 4, a) == 8 * (i % 4 + 1));
  }
}

TEST_CASE("Twa.Theorems1And2.RandomTrees") {
  Rng rng(101);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + int(rng.below(trial < 2500 ? 40 : 400));
    const Topology tree = Topology::random_tree(n, rng);
    const LoadVector w = random_loads(n, rng);
    const BalanceResult r = twa(tree, w);
    check_walking_result(tree, w, r);
    // Section 3.1: at most 4m communication steps, m = depth of the tree.
    const int m = *std::max_element(tree.depths().begin(), tree.depths().end());
    CHECK(compute_balance_metrics(r).comm_steps <= 4 * m);
  }
}

TEST_CASE("Cwa.Theorems1And2.RandomCubes") {
  Rng rng(202);
  for (int trial = 0; trial < 3000; ++trial) {
    const int d = int(rng.below(trial < 2500 ? 7 : 11));
    const Topology cube = Topology::hypercube(d);
    const LoadVector w = random_loads(cube.size(), rng);
    const BalanceResult r = cwa(cube, w);
    check_walking_result(cube, w, r);
    CHECK(compute_balance_metrics(r).comm_steps == 3 * d);
    // Step s moves tasks across dimension d - 1 - s only, from the overloaded half.
    for (const Transfer& t : r.transfers) CHECK((t.from ^ t.to) == 1 << (d - 1 - t.step));
  }
}

TEST_CASE("Mwa.Theorems1And2.RandomMeshes") {
  Rng rng(303);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n1 = 1 + int(rng.below(12)), n2 = 1 + int(rng.below(12));
    const Topology mesh = Topology::mesh(n1, n2);
    const LoadVector w = random_loads(mesh.size(), rng);
    const BalanceResult r = mwa(mesh, w);
    check_walking_result(mesh, w, r);
    CHECK(compute_balance_metrics(r).comm_steps <= 3 * (n1 + n2));
  }
}

TEST_CASE("Twa.Theorem3.EqualsOptimumOnRandomTrees") {
  Rng rng(404);
  for (int trial = 0; trial < 1000; ++trial) {
    const int n = 1 + int(rng.below(60));
    const Topology tree = Topology::random_tree(n, rng);
    const LoadVector w = random_loads(n, rng);
    const BalanceResult t = twa(tree, w), o = optimal(tree, w);
    CHECK(hops(t) == hops(o));
    // Theorem 3 also minimises the number of communications: one per link whose subtree is off
    // its quota, and the optimum cannot use fewer links.
    CHECK(compute_balance_metrics(t).messages <= compute_balance_metrics(o).messages);
  }
}

TEST_CASE("Lemma5.CwaAndMwaOptimalOnTwoAndFourNodes") {
  Rng rng(505);
  const Topology topologies[] = {
      Topology::hypercube(1), Topology::hypercube(2), Topology::mesh(1, 2), Topology::mesh(2, 1),
      Topology::mesh(2, 2),   Topology::mesh(1, 4),   Topology::mesh(4, 1)};
  for (int trial = 0; trial < 2000; ++trial) {
    for (const Topology& topo : topologies) {
      LoadVector w(topo.size());
      for (auto& x : w) x = rng.uniform_int(0, 30);
      if (trial % 2 == 0) {  // the lemma's setting: N divides T
        const std::int64_t rem = total_load(w) % topo.size();
        w[rng.below(w.size())] += topo.size() - rem;
      }
      const BalanceResult r = topo.kind() == TopologyKind::Hypercube ? cwa(topo, w) : mwa(topo, w);
      CAPTURE(topo.size());
      CHECK(hops(r) == hops(optimal(topo, w)));
    }
  }
}

TEST_CASE("Optimum.NeverBeatenByCwaMwaDem") {
  Rng rng(606);
  for (int trial = 0; trial < 600; ++trial) {
    const Topology cube = Topology::hypercube(1 + int(rng.below(6)));
    const LoadVector w = random_loads(cube.size(), rng);
    const std::int64_t opt = hops(optimal(cube, w));
    CHECK(hops(cwa(cube, w)) >= opt);
    // DEM reaches its own final loads, not the quotas: compare with the optimum to those loads.
    const BalanceResult d = dem(cube, w);
    CHECK(hops(d) >= hops(optimal_to_target(cube, w, d.final_loads)));
    // When DEM happens to balance fully and N divides T, its target is the quota vector.
    if (total_load(w) % cube.size() == 0 && compute_balance_metrics(d).max_minus_min == 0)
      CHECK(hops(d) >= opt);

    const Topology mesh = Topology::mesh(1 + int(rng.below(8)), 1 + int(rng.below(8)));
    const LoadVector wm = random_loads(mesh.size(), rng);
    CHECK(hops(mwa(mesh, wm)) >= hops(optimal(mesh, wm)));
  }
}

TEST_CASE("Optimum.MatchesBruteForce") {
  Rng rng(707);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Topology topo = Topology::line(1);
    switch (trial % 4) {
      case 0:
        topo = Topology::hypercube(3);
        break;
      case 1:
        topo = Topology::mesh(2, 3);
        break;
      case 2:
        topo = Topology::ring(5);
        break;
      default:
        topo = Topology::random_tree(6, rng);
    }
    LoadVector w(topo.size());
    for (auto& x : w) x = rng.uniform_int(0, 4);
    const LoadVector q = quotas(average_load(w));
    std::int64_t surplus = 0;
    for (std::size_t i = 0; i < w.size(); ++i) surplus += std::max<std::int64_t>(w[i] - q[i], 0);
    if (surplus > 7) continue;
    ++compared;
    const BalanceResult o = optimal(topo, w);
    CHECK(verify_balance(topo, w, o).ok);
    CHECK(hops(o) == brute_force_optimum(topo, w, q));
    CHECK(compute_balance_metrics(o).non_local_tasks == min_non_local_tasks(w));
  }
  CHECK(compared > 100);
}

TEST_CASE("Optimum.FreeRemainderIsALowerBound") {
  Rng rng(808);
  for (int trial = 0; trial < 300; ++trial) {
    const Topology mesh = Topology::mesh(1 + int(rng.below(6)), 1 + int(rng.below(6)));
    const LoadVector w = random_loads(mesh.size(), rng);
    const BalanceResult free = optimal_free_remainder(mesh, w);
    const BalanceResult fixed = optimal(mesh, w);
    CHECK(verify_balance(mesh, w, free).ok);
    CHECK(compute_balance_metrics(free).max_minus_min <= 1);
    CHECK(hops(free) <= hops(fixed));
    if (total_load(w) % mesh.size() == 0) CHECK(hops(free) == hops(fixed));
    // Any fully balanced DEM outcome costs at least the free optimum.
    const Topology cube = Topology::hypercube(int(rng.below(5)));
    const LoadVector wc = random_loads(cube.size(), rng);
    const BalanceResult d = dem(cube, wc);
    if (compute_balance_metrics(d).fully_balanced)
      CHECK(hops(d) >= hops(optimal_free_remainder(cube, wc)));
  }
}

TEST_CASE("Dem.BoundedByDimension") {
  // After DEM the difference max - min is at most d (paper, citing [17]).
  Rng rng(909);
  for (int trial = 0; trial < 1000; ++trial) {
    const int d = int(rng.below(8));
    const Topology cube = Topology::hypercube(d);
    const LoadVector w = random_loads(cube.size(), rng);
    const BalanceResult r = dem(cube, w);
    CHECK(verify_balance(cube, w, r).ok);
    CHECK(compute_balance_metrics(r).max_minus_min <= std::max(d, 1));
  }
}
