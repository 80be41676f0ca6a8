// Li, Veeravalli & Ko's Conjecture 1 ("The IBS algorithm produces the optimal schedule", Section
// 4.1 of "Divisible Load Scheduling on a Hypercube Cluster with Finite-size Buffers and Granularity
// Constraints") checked against an independent optimum on random small instances.
//
// The independent optimum. Let x_i be the load one processor of layer i computes (x_i = alpha_i
// l_i), S(i) = sum_{j <= i} C(d,j) x_j. Under the paper's store-and-forward timing (Fig 2, as
// assemble_dlt_schedule documents) layer i finishes at
//   T_i = sum_{j < i} (L - S(j)) / C(d,j) * C / (d - j) + x_i E,
// the makespan is max_i T_i, and a schedule is feasible when 0 <= x_i <= B and S(d) = L. The
// communication term falls as any prefix S(j) grows, so for a deadline T the greedy that lets each
// layer in turn compute x_i = min(B, (T - comm_i) / E, what is left / C(d,i)) has every prefix at
// least that of any schedule meeting T (induction on i); hence T is achievable exactly when the
// greedy places all of L, and bisection on T gives the optimum to 1e-12 relative.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/dlt/ibs.h"
#include "core/util/rng.h"

using namespace loadlab::core;

namespace {

// Load the greedy places within deadline T (the rest, if any, does not fit).
double dlt_greedy_placed(const DltParams& p, double buffer, double T) {
  const int d = p.dim;
  double placed = 0, comm = 0;
  for (int i = 0; i <= d; ++i) {
    const double n = binomial(d, i);
    if (comm > T) break;
    const double x = std::max(0.0, std::min({buffer, (T - comm) / p.E, (p.load - placed) / n}));
    placed += n * x;
    if (i < d) comm += (p.load - placed) / n * p.C / (d - i);
  }
  return placed;
}

double dlt_bisection_optimum(const DltParams& p, double buffer) {
  double lo = 0, hi = 1;
  while (dlt_greedy_placed(p, buffer, hi) < p.load * (1 - 1e-13)) hi *= 2;
  for (int it = 0; it < 200 && hi - lo > 1e-13 * hi; ++it) {
    const double mid = (lo + hi) / 2;
    (dlt_greedy_placed(p, buffer, mid) >= p.load * (1 - 1e-13) ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace

TEST_CASE("DltConjecture1.IbsMatchesTheOptimumOnRandomInstances") {
  loadlab::util::Rng rng(20260611);
  int checked = 0, counterexamples = 0;
  double worst_gap = 0;
  for (int k = 0; k < 1200; ++k) {
    DltParams p;
    p.dim = 1 + static_cast<int>(rng.below(6));
    p.E = rng.uniform_real(0.1, 5);
    p.C = rng.uniform_real(0.1, 5);
    p.load = rng.uniform_real(10, 1000);
    // Buffers from barely enough (every buffer nearly full) to loose (none binds).
    const double total = std::pow(2.0, p.dim);
    const double buffer = p.load / total * rng.uniform_real(1.02, 6);
    const DltResult r = dlt_ibs(p, buffer);
    REQUIRE(r.status == DltStatus::ok);
    const DltSchedule& s = r.schedule;
    // The IBS schedule itself is feasible: buffers respected, all load placed.
    double placed = 0;
    for (int i = 0; i <= p.dim; ++i) {
      CHECK(s.load_per_processor[std::size_t(i)] <= buffer * (1 + 1e-9));
      placed += s.load_per_layer[std::size_t(i)];
    }
    CHECK(placed == doctest::Approx(p.load).epsilon(1e-9));
    const double opt = dlt_bisection_optimum(p, buffer);
    // No feasible schedule beats the optimum.
    CHECK(s.finish_time >= opt * (1 - 1e-9));
    const double gap = s.finish_time / opt - 1;
    worst_gap = std::max(worst_gap, gap);
    if (gap > 1e-7) {
      ++counterexamples;
      MESSAGE("counterexample: d=" << p.dim << " E=" << p.E << " C=" << p.C << " L=" << p.load
                                   << " B=" << buffer << " IBS " << s.finish_time << " optimum "
                                   << opt);
    }
    ++checked;
  }
  CAPTURE(worst_gap);
  CHECK(checked >= 1000);
  CHECK(counterexamples == 0);
}
