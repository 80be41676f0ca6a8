// Strategy receiver_min_cost: each round's transfers minimise the survey's cost function (3)
// (Houstis, Kapidakis, Markatos & Gelenbe 1996, Section 2.5). Checked against a hand calculation
// and against exhaustive search over every feasible integer transfer on random small rounds.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "core/dynamic/receiver_min_cost.h"
#include "core/dynamic/registry.h"
#include "core/util/rng.h"

using namespace loadlab::core;

namespace {

// (3) with π_sr = 1 where work moves, f(W) = f W, g(W) = g W, written out again here.
double cost3(const std::vector<double>& L, const std::vector<std::int64_t>& in,
             const std::vector<std::int64_t>& out, double f, double g, int M) {
  double avg = 0;
  for (double l : L) avg += l;
  avg /= static_cast<double>(L.size());
  double c = 0;
  for (std::size_t v = 0; v < L.size(); ++v) {
    if (L[v] < avg) c += std::pow(L[v] + static_cast<double>(in[v]) * (1 + f) - avg, M);
    if (L[v] > avg) c += std::pow(L[v] - static_cast<double>(out[v]) * (1 - g) - avg, M);
  }
  return c / M;
}

struct Totals {
  std::vector<std::int64_t> in, out;
};

Totals totals_of(std::size_t n, const std::vector<ReceiverTransfer>& ts) {
  Totals t{std::vector<std::int64_t>(n, 0), std::vector<std::int64_t>(n, 0)};
  for (const auto& x : ts) {
    CHECK(x.tasks > 0);
    t.in[static_cast<std::size_t>(x.receiver)] += x.tasks;
    t.out[static_cast<std::size_t>(x.sender)] += x.tasks;
  }
  return t;
}

// Smallest (3) over every X_r in [0, floor(L_A - L_r)], Y_s in [0, floor(L_s - L_A)] with equal
// sums (any such totals are realisable: every receiver may ask every sender).
double brute_min(const std::vector<double>& L, double f, double g, int M) {
  double avg = 0;
  for (double l : L) avg += l;
  avg /= static_cast<double>(L.size());
  const std::size_t n = L.size();
  std::vector<std::int64_t> cap(n, 0), in(n, 0), out(n, 0);
  for (std::size_t v = 0; v < n; ++v)
    cap[v] = static_cast<std::int64_t>(std::floor(std::abs(L[v] - avg)));
  double best = std::numeric_limits<double>::infinity();
  std::function<void(std::size_t)> rec = [&](std::size_t v) {
    if (v == n) {
      std::int64_t a = 0, b = 0;
      for (std::size_t u = 0; u < n; ++u) a += in[u], b += out[u];
      if (a == b) best = std::min(best, cost3(L, in, out, f, g, M));
      return;
    }
    for (std::int64_t k = 0; k <= cap[v]; ++k) {
      (L[v] < avg ? in : out)[v] = k;
      rec(v + 1);
    }
    in[v] = out[v] = 0;
  };
  rec(0);
  return best;
}

}  // namespace

// Loads 6, 0, 0 (L_A = 2), f = 1, g = 0, M = 2. Receivers' terms (-2 + 2 X_r)^2, sender's
// (4 - Y)^2, all over 2. X = (1, 1): 0 + 0 + 4 -> C = 2. X = (1, 2): 0 + 4 + 1 -> 2.5; X = (2, 2):
// 4 + 4 + 0 -> 4; nothing: 4 + 4 + 16 -> 12. So one task to each receiver, C = 2.
TEST_CASE("ReceiverMinCost.HandExample") {
  const std::vector<double> L = {6, 0, 0};
  const auto ts = receiver_min_cost_transfers(L, 1, 0, 2);
  REQUIRE(ts.size() == 2);
  CHECK(ts[0].sender == 0);
  CHECK(ts[0].receiver == 1);
  CHECK(ts[0].tasks == 1);
  CHECK(ts[1].receiver == 2);
  CHECK(ts[1].tasks == 1);
  const Totals t = totals_of(3, ts);
  CHECK(receiver_round_cost(L, t.in, t.out, 1, 0, 2) == doctest::Approx(2.0));
  // Free transfers (f = g = 0): the survey's cap L_A - L_r is reached, C = 0.
  const Totals free = totals_of(3, receiver_min_cost_transfers(L, 0, 0, 2));
  CHECK(free.in == std::vector<std::int64_t>{0, 2, 2});
  CHECK(receiver_round_cost(L, free.in, free.out, 0, 0, 2) == 0);
  // Sending that costs the sender as much as it relieves (g = 1) and receiving that overshoots:
  // with f = 3 one task lifts a receiver from -2 to +2: no gain, nothing moves.
  CHECK(receiver_min_cost_transfers(L, 3, 1, 2).empty());
}

TEST_CASE("ReceiverMinCost.ExhaustiveOnRandomRounds") {
  loadlab::util::Rng rng(2024);
  int moved_rounds = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform_int(2, 5));
    std::vector<double> L(n);
    for (auto& l : L) l = static_cast<double>(rng.uniform_int(0, 9));
    const double f = static_cast<double>(rng.uniform_int(0, 4)) / 4;
    const double g = static_cast<double>(rng.uniform_int(0, 4)) / 4;
    const int M = rng.bernoulli(0.5) ? 2 : 4;
    CAPTURE(trial);
    const auto ts = receiver_min_cost_transfers(L, f, g, M);
    const Totals t = totals_of(n, ts);
    double avg = 0;
    for (double l : L) avg += l;
    avg /= static_cast<double>(n);
    for (std::size_t v = 0; v < n; ++v) {
      CHECK(static_cast<double>(t.in[v]) <= std::max(0.0, avg - L[v]));
      CHECK(static_cast<double>(t.out[v]) <= std::max(0.0, L[v] - avg));
    }
    const double got = cost3(L, t.in, t.out, f, g, M), best = brute_min(L, f, g, M);
    CHECK(got == doctest::Approx(best).epsilon(1e-12));
    CHECK(receiver_round_cost(L, t.in, t.out, f, g, M) == doctest::Approx(got));
    moved_rounds += !ts.empty();
  }
  CHECK(moved_rounds > 100);  // the search is not trivially "move nothing"
}

TEST_CASE("ReceiverMinCost.InTheTable") {
  bool found = false;
  for (const auto& a : dynamic_algorithm_table())
    found |= std::string(a.name) == "receiver_min_cost";
  CHECK(found);
}
