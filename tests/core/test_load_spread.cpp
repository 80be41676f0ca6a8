// The blocked statistics of the iterative balancers (core/balance/load_spread.h) against a
// straightforward two-pass calculation in long double.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/balance/load_spread.h"
#include "core/util/rng.h"

using namespace loadlab::core;

namespace {

void reference(const std::vector<double>& w, long double& spread, long double& sd) {
  long double sum = 0;
  for (double x : w) sum += x;
  const long double mean = sum / static_cast<long double>(w.size());
  long double q = 0;
  for (double x : w) q += (x - mean) * (x - mean);
  spread = *std::max_element(w.begin(), w.end()) - *std::min_element(w.begin(), w.end());
  sd = std::sqrt(q / static_cast<long double>(w.size()));
}

}  // namespace

TEST_CASE("LoadSpread.BlockedMomentsEqualATwoPassSumForEveryBlockSize") {
  loadlab::util::Rng rng(2024);
  for (std::size_t n : {1u, 2u, 5u, 1000u, 4099u}) {
    std::vector<double> w(n);
    for (double& x : w) x = static_cast<double>(rng.below(1'000'000)) / 7.0;
    long double ref_spread = 0, ref_sd = 0;
    reference(w, ref_spread, ref_sd);
    for (std::size_t block :
         {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{1024}, n}) {
      CAPTURE(n);
      CAPTURE(block);
      double spread = -1, sd = -1;
      load_spread(w, block, spread, sd);
      CHECK(spread == static_cast<double>(ref_spread));  // min and max are exact
      CHECK(std::abs(sd - static_cast<double>(ref_sd)) <=
            1e-12 * static_cast<double>(ref_sd) + 1e-300);
    }
  }
}

TEST_CASE("LoadSpread.TinySpreadsBesideALargeMeanStayAccurate") {
  // A nearly converged run: every load 1e6 plus noise of 1e-5. E[x^2] - mean^2 would be all
  // round-off (its terms are 1e12, rounded to 1e-4, against a variance of 3e-11); the corrected
  // two-pass blocks and the pairwise update keep the standard deviation to six digits.
  loadlab::util::Rng rng(7);
  std::vector<double> w(100'000);
  for (double& x : w) x = 1e6 + 1e-5 * (static_cast<double>(rng.below(2001)) - 1000.0) / 1000.0;
  long double ref_spread = 0, ref_sd = 0;
  reference(w, ref_spread, ref_sd);
  REQUIRE(ref_sd > 1e-6);
  for (std::size_t block : {std::size_t{7}, std::size_t{1024}}) {
    double spread = 0, sd = 0;
    load_spread(w, block, spread, sd);
    CHECK(spread == static_cast<double>(ref_spread));
    CHECK(std::abs(sd - static_cast<double>(ref_sd)) <= 1e-6 * static_cast<double>(ref_sd));
  }
}

TEST_CASE("LoadSpread.EmptyLoadsHaveNoSpread") {
  double spread = 1, sd = 1;
  load_spread(std::vector<double>{}, 1024, spread, sd);
  CHECK(spread == 0);
  CHECK(sd == 0);
}

TEST_CASE("LoadSpread.BlocksAreGridRowsOnMeshesAndTori") {
  CHECK(spread_block(Topology::torus(37, 41)) == 41);
  CHECK(spread_block(Topology::mesh(5, 3)) == 3);
  CHECK(spread_block(Topology::hypercube(4)) == 1024);
  CHECK(spread_block(Topology::ring(9)) == 1024);
}
