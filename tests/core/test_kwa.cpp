// The k-ary n-cube walk (Wu 1997, Section 7): fully balanced and valid on every topology it
// takes, and checked against what is known independently: on a mesh it must be MWA transfer for
// transfer (MWA is checked against the paper's Example 4 elsewhere); on a ring a median
// circulation is a ring's min-cost flow, so the task-hops are the optimum's. On hypercubes and
// tori only the optimum's lower bound is known.
#include <doctest/doctest.h>

#include <algorithm>
#include <tuple>

#include "core/balance/kwa.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/util/rng.h"
#include "core/verify/balance_verify.h"

using namespace loadlab::core;

namespace {

LoadVector kwa_random_loads(int n, loadlab::util::Rng& rng, std::int64_t hi) {
  LoadVector w(static_cast<std::size_t>(n));
  for (auto& x : w) x = rng.uniform_int(0, hi);
  if (rng.below(3) == 0)
    w[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))] += 40 * hi;
  return w;
}

std::int64_t kwa_task_hops(const Topology& t, const BalanceResult& r) {
  std::int64_t h = 0;
  for (const Transfer& x : r.transfers) h += x.count * t.distance(x.from, x.to);
  return h;
}

bool kwa_valid(const Topology& t, const LoadVector& w, const BalanceResult& r) {
  const BalanceVerification v = verify_balance(t, w, r);
  for (const auto& e : v.errors) MESSAGE(e);
  return v.ok;
}

}  // namespace

TEST_CASE("Kwa.OnAMeshIsMwaTransferForTransfer") {
  loadlab::util::Rng rng(17);
  for (int trial = 0; trial < 60; ++trial) {
    const int rows = 1 + static_cast<int>(rng.below(7)), cols = 1 + static_cast<int>(rng.below(7));
    if (rows * cols < 2) continue;
    const Topology mesh = Topology::mesh(rows, cols);
    const LoadVector w = kwa_random_loads(rows * cols, rng, 20);
    const BalanceResult a = kwa(mesh, w), b = mwa(mesh, w);
    CAPTURE(rows);
    CAPTURE(cols);
    REQUIRE(kwa_valid(mesh, w, a));
    auto key = [](const Transfer& x) { return std::make_tuple(x.step, x.from, x.to, x.count); };
    std::vector<std::tuple<int, int, int, std::int64_t>> ka, kb;
    for (const auto& x : a.transfers) ka.push_back(key(x));
    for (const auto& x : b.transfers) kb.push_back(key(x));
    std::sort(ka.begin(), ka.end());
    std::sort(kb.begin(), kb.end());
    CHECK(ka == kb);
    CHECK(a.steps == b.steps);
  }
}

TEST_CASE("Kwa.BalancesHypercubesAcrossOneDimensionAtATime") {
  loadlab::util::Rng rng(23);
  for (int d = 1; d <= 8; ++d)
    for (int trial = 0; trial < 6; ++trial) {
      const Topology cube = Topology::hypercube(d);
      const LoadVector w = kwa_random_loads(cube.size(), rng, 30);
      const BalanceResult a = kwa(cube, w);
      CAPTURE(d);
      REQUIRE(kwa_valid(cube, w, a));
      CHECK(a.steps <= d);  // one exchange per dimension, as CWA
      CHECK(kwa_task_hops(cube, a) >= kwa_task_hops(cube, optimal(cube, w)));
      // The first level is forced: exactly the surplus of the heavier half crosses dimension d-1.
      const int half = cube.size() / 2;
      std::int64_t low = 0, total = 0;
      for (int i = 0; i < cube.size(); ++i)
        (i < half ? low : total) += w[static_cast<std::size_t>(i)];
      total += low;
      const std::int64_t q_low =
          total / cube.size() * half + std::min<std::int64_t>(half, total % cube.size());
      std::int64_t crossing = 0;
      for (const Transfer& x : a.transfers)
        if ((x.from ^ x.to) == half) crossing += x.count;
      CHECK(crossing == (low > q_low ? low - q_low : q_low - low));
    }
}

TEST_CASE("Kwa.OnARingIsOptimal") {
  loadlab::util::Rng rng(29);
  for (int n = 3; n <= 24; ++n)
    for (int trial = 0; trial < 4; ++trial) {
      const Topology ring = Topology::ring(n);
      const LoadVector w = kwa_random_loads(n, rng, 25);
      const BalanceResult a = kwa(ring, w);
      CAPTURE(n);
      REQUIRE(kwa_valid(ring, w, a));
      CHECK(kwa_task_hops(ring, a) == kwa_task_hops(ring, optimal(ring, w)));
    }
}

TEST_CASE("Kwa.BalancesToriAndLinesAndRefusesTheRest") {
  loadlab::util::Rng rng(31);
  for (const auto& shape : {std::pair{3, 3}, {4, 7}, {8, 8}, {5, 16}, {16, 16}}) {
    const int rows = shape.first, cols = shape.second;
    const Topology torus = Topology::torus(rows, cols);
    const LoadVector w = kwa_random_loads(rows * cols, rng, 50);
    const BalanceResult a = kwa(torus, w);
    CAPTURE(rows);
    CAPTURE(cols);
    CHECK(kwa_valid(torus, w, a));
    // The min-cost flow is a lower bound on any valid balancing (the walk need not reach it on a
    // torus: each level's slabs are fixed before the next level's flows are known).
    CHECK(kwa_task_hops(torus, a) >= kwa_task_hops(torus, optimal(torus, w)));
  }
  const Topology line = Topology::line(9);
  const LoadVector w = kwa_random_loads(9, rng, 10);
  CHECK(kwa_valid(line, w, kwa(line, w)));
  CHECK(!kwa_unsupported_reason(Topology::complete(4)).empty());
  CHECK_THROWS(kwa(Topology::complete(4), LoadVector(4, 1)));
}
