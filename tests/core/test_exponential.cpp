// util::standard_exponential, the ziggurat behind every exponential duration and arrival gap of the
// loop and dynamic kinds (core/util/exponential.h). Checked against the exponential law itself
// (std::exp, std::log of the C library as the independent reference): the tables satisfy the
// equal-area construction, the samples pass Kolmogorov–Smirnov and chi-square tests, and the fast
// path taken alone gives the same value as the full sampler. The same tests run in wasm_core_tests.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/util/exponential.h"
#include "core/util/rng.h"

using loadlab::util::Rng;
using loadlab::util::standard_exponential;
namespace detail = loadlab::util::exponential_detail;

TEST_CASE("ziggurat tables: 256 layers of equal area under e^-x that close at x = 0") {
  const auto& t = detail::tables();
  CHECK(std::abs(std::exp(-detail::kR) - detail::kExpMinusR) < 1e-18);
  // Base layer: rectangle R·e^{-R} plus the tail e^{-R}, so its virtual width is R + 1.
  CHECK(std::abs(t.x[0] - (detail::kR + 1)) < 1e-12);
  for (int i = 1; i <= 256; ++i) {
    REQUIRE(t.x[i] < t.x[i - 1]);
    CHECK(std::abs(t.f[i] - std::exp(-t.x[i])) <= 1e-13 * t.f[i]);
  }
  for (int i = 1; i <= 255; ++i) {  // the top layer (i = 255) closes at x_256 = 0, f = 1
    const double area = t.x[i] * (t.f[i + 1] - t.f[i]);
    CHECK(std::abs(area - detail::kV) < 1e-9 * detail::kV);
  }
}

TEST_CASE("ziggurat samples pass Kolmogorov-Smirnov and chi-square tests against Exp(1)") {
  constexpr int n = 1'000'000;
  Rng rng(424242);
  std::vector<double> s(n);
  double sum = 0;
  for (double& v : s) {
    v = standard_exponential(rng);
    REQUIRE(v >= 0);
    REQUIRE(std::isfinite(v));
    sum += v;
  }
  // Mean 1, standard deviation 1: the sample mean is within 5 standard errors.
  CHECK(std::abs(sum / n - 1.0) < 5.0 / std::sqrt(static_cast<double>(n)));
  std::sort(s.begin(), s.end());
  double d = 0;
  for (int i = 0; i < n; ++i) {
    const double cdf = -std::expm1(-s[static_cast<std::size_t>(i)]);
    d = std::max({d, (i + 1.0) / n - cdf, cdf - static_cast<double>(i) / n});
  }
  CHECK(d * std::sqrt(static_cast<double>(n)) < 1.95);  // KS critical value at alpha = 0.001
  // 200 bins of equal probability; the upper bins test the wedges near 0 and the tail beyond R.
  constexpr int bins = 200;
  std::vector<int> count(bins, 0);
  for (double v : s) {
    const double u = -std::expm1(-v);  // the CDF, uniform under the null hypothesis
    ++count[static_cast<std::size_t>(std::min(bins - 1, static_cast<int>(u * bins)))];
  }
  double chi2 = 0;
  const double expect = static_cast<double>(n) / bins;
  for (int c : count) chi2 += (c - expect) * (c - expect) / expect;
  CHECK(chi2 < 267.0);  // chi-square, 199 degrees of freedom, alpha = 0.001: 267.4
  // The tail beyond R (the base layer's slow path): n·e^{-R} ≈ 454 expected.
  const auto tail = s.end() - std::upper_bound(s.begin(), s.end(), detail::kR);
  const double want = n * detail::kExpMinusR;
  CHECK(std::abs(static_cast<double>(tail) - want) < 5 * std::sqrt(want));
}

TEST_CASE(
    "ziggurat fast path alone gives the full sampler's value, as often as the rectangles' area "
    "says") {
  const auto& t = detail::tables();
  // Fraction of draws inside a rectangle: the rectangles' total area over 256 V.
  double inner = detail::kR * detail::kExpMinusR;
  for (int i = 1; i <= 255; ++i) inner += t.x[i + 1] * (t.f[i + 1] - t.f[i]);
  const double p_fast = inner / (256 * detail::kV);
  // 0.97777965532543 by the same construction in 40-digit arithmetic (mpmath); the top layer,
  // whose rectangle has width x_256 = 0, never takes the fast path.
  CHECK(std::abs(p_fast - 0.97777965532543) < 1e-10);
  constexpr int n = 400'000;
  int fast = 0;
  for (std::uint64_t seed = 0; seed < static_cast<std::uint64_t>(n); ++seed) {
    double x = 0;
    const bool hit = loadlab::util::exponential_fast(Rng::first_u64(seed), x);
    Rng rng(seed);
    const double full = standard_exponential(rng);
    if (hit) {
      ++fast;
      REQUIRE(full == x);
    }
  }
  const double sd = std::sqrt(n * p_fast * (1 - p_fast));
  CHECK(std::abs(fast - n * p_fast) < 5 * sd);
}
