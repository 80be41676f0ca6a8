// The scipy.stats families of WfCommons' recipes (core/util/scipy_dists.h): per family the sample
// mean and variance of many seeded draws against closed forms (or, for the trapezoid, a
// quadrature of its density, independent of the sampler's inverse CDF), every draw inside the
// family's support, WfCommons' floor-and-scale, det_exp against std::exp, and seeded determinism.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "core/util/scipy_dists.h"

using namespace loadlab;
using util::ScipyDist;
using util::ScipyFamily;

namespace {

struct SdMoments {
  double mean = 0, var = 0, lo = 1e300, hi = -1e300;
};

SdMoments sd_sample_moments(const ScipyDist& d, int n, std::uint64_t seed) {
  util::Rng rng(seed);
  SdMoments m;
  double sum = 0, sum2 = 0;
  for (int i = 0; i < n; ++i) {
    const double x = util::scipy_standard_sample(d, rng);
    sum += x;
    sum2 += x * x;
    m.lo = std::min(m.lo, x);
    m.hi = std::max(m.hi, x);
  }
  m.mean = sum / n;
  m.var = sum2 / n - m.mean * m.mean;
  return m;
}

// Midpoint rule over [lo, hi] of x^k * pdf.
double sd_quadrature_moment(const ScipyDist& d, double lo, double hi, int k) {
  const int steps = 200000;
  const double h = (hi - lo) / steps;
  double s = 0;
  for (int i = 0; i < steps; ++i) {
    const double x = lo + (i + 0.5) * h;
    s += std::pow(x, k) * util::scipy_standard_pdf(d, x) * h;
  }
  return s;
}

constexpr int kSdDraws = 400000;

}  // namespace

TEST_CASE("ScipyDists.DetExpMatchesStdExp") {
  for (double x : {-745.0, -700.0, -30.5, -1.0, -1e-9, 0.0, 1e-12, 0.3465, 0.5, 1.0, 2.302585, 10.0,
                   88.7, 300.0, 709.0})
    CHECK(util::det_exp(x) == doctest::Approx(std::exp(x)).epsilon(1e-14));
  CHECK(util::det_exp(710.0) == INFINITY);
  CHECK(util::det_exp(-746.0) == 0.0);
}

TEST_CASE("ScipyDists.BetaMomentsAndSupport") {
  // Beta(a, b): mean a / (a + b), variance ab / ((a + b)^2 (a + b + 1)). Shapes below 1 (as the
  // Montage recipe's) exercise the boosted gamma draw.
  for (const auto& shape : {std::pair{2.0, 5.0}, std::pair{0.5, 0.5}, std::pair{0.2, 0.8}}) {
    // Plain copies: clang 14 (emcc) cannot capture structured bindings in CAPTURE.
    const double a = shape.first, b = shape.second;
    CAPTURE(a);
    CAPTURE(b);
    const ScipyDist d{ScipyFamily::beta, a, b, 0, 1};
    const SdMoments m = sd_sample_moments(d, kSdDraws, 7);
    const double mean = a / (a + b), var = a * b / ((a + b) * (a + b) * (a + b + 1));
    CHECK(m.mean == doctest::Approx(mean).epsilon(0.01));
    CHECK(m.var == doctest::Approx(var).epsilon(0.02));
    CHECK(m.lo >= 0);
    CHECK(m.hi <= 1);
  }
  // The Montage mImgtbl runtime's shapes: mean a / (a + b) still.
  const ScipyDist tiny{ScipyFamily::beta, 0.03131892158773926, 0.12760993930283776, 0, 1};
  const SdMoments m = sd_sample_moments(tiny, kSdDraws, 8);
  CHECK(m.mean == doctest::Approx(0.03131892158773926 / (0.03131892158773926 + 0.12760993930283776))
                      .epsilon(0.02));
  CHECK(m.lo >= 0);
  CHECK(m.hi <= 1);
}

TEST_CASE("ScipyDists.RdistMomentsAndSupport") {
  // rdist(c) is symmetric on [-1, 1] with variance 1 / (c + 1).
  for (double c : {1.750426650564894, 4.0, 0.8}) {
    CAPTURE(c);
    const SdMoments m = sd_sample_moments({ScipyFamily::rdist, c, 0, 0, 1}, kSdDraws, 11);
    CHECK(std::fabs(m.mean) < 0.005);
    CHECK(m.var == doctest::Approx(1.0 / (c + 1.0)).epsilon(0.01));
    CHECK(m.lo >= -1);
    CHECK(m.hi <= 1);
  }
}

TEST_CASE("ScipyDists.DweibullMomentsAndSupport") {
  // dweibull(c): symmetric, variance Gamma(1 + 2 / c). Shapes with a finite fourth moment so the
  // sample variance converges (the recipes' 0.21 has Gamma(20) as its fourth moment).
  for (double c : {0.6923569888482566, 1.0, 2.5}) {
    CAPTURE(c);
    const SdMoments m = sd_sample_moments({ScipyFamily::dweibull, c, 0, 0, 1}, kSdDraws, 13);
    CHECK(std::fabs(m.mean) < 0.02 * std::sqrt(std::tgamma(1 + 2 / c)));
    CHECK(m.var == doctest::Approx(std::tgamma(1 + 2 / c)).epsilon(0.04));
  }
  // The heavy-tailed recipe shape: the median of |X| is ln(2)^(1/c).
  const double c = 0.20992656025887707;
  util::Rng rng(5);
  int below = 0;
  for (int i = 0; i < kSdDraws; ++i)
    below += std::fabs(util::scipy_standard_sample({ScipyFamily::dweibull, c, 0, 0, 1}, rng)) <
             std::pow(std::log(2.0), 1 / c);
  CHECK(below / double(kSdDraws) == doctest::Approx(0.5).epsilon(0.01));
}

TEST_CASE("ScipyDists.TrapezoidMomentsAndSupport") {
  for (const auto& shape :
       {std::pair{1.0, 1.0}, std::pair{0.2, 0.6}, std::pair{0.0, 0.5}, std::pair{0.3, 0.3}}) {
    const double c = shape.first, d = shape.second;
    CAPTURE(c);
    CAPTURE(d);
    const ScipyDist dist{ScipyFamily::trapezoid, c, d, 0, 1};
    CHECK(sd_quadrature_moment(dist, 0, 1, 0) == doctest::Approx(1.0).epsilon(1e-6));
    const double mean = sd_quadrature_moment(dist, 0, 1, 1);
    const double var = sd_quadrature_moment(dist, 0, 1, 2) - mean * mean;
    const SdMoments m = sd_sample_moments(dist, kSdDraws, 17);
    CHECK(m.mean == doctest::Approx(mean).epsilon(0.005));
    CHECK(m.var == doctest::Approx(var).epsilon(0.02));
    CHECK(m.lo >= 0);
    CHECK(m.hi <= 1);
  }
  // c = d = 1 (the Montage mProject files') is the density 2x: mean 2/3, variance 1/18.
  const SdMoments m = sd_sample_moments({ScipyFamily::trapezoid, 1, 1, 0, 1}, kSdDraws, 19);
  CHECK(m.mean == doctest::Approx(2.0 / 3).epsilon(0.005));
  CHECK(m.var == doctest::Approx(1.0 / 18).epsilon(0.02));
}

TEST_CASE("ScipyDists.WfcommonsFloorScaleAndDeterminism") {
  // loc + scale * x, floored at 0.1, times the maximum.
  const ScipyDist d{ScipyFamily::trapezoid, 1, 1, -0.105, 1.2};
  util::Rng a(3), b(3), c(3);
  for (int i = 0; i < 10000; ++i) {
    const double x = util::scipy_standard_sample(d, a);
    const double v = util::wfcommons_rvs(d, 500, b);
    CHECK(v == std::max(0.1, -0.105 + 1.2 * x) * 500);
    CHECK(v >= 50);
    CHECK(v <= 1.095 * 500 + 1e-9);
  }
  // rdist with loc 1 and a vanishing scale (the recipes' fit of a constant) is the maximum.
  const ScipyDist constant{ScipyFamily::rdist, 1.750426650564894, 0, 0.9999999999999998,
                           2.3624681987884834e-16};
  CHECK(util::wfcommons_rvs(constant, 1263.481, c) == doctest::Approx(1263.481));
  util::Rng r1(42), r2(42);
  for (auto fam :
       {ScipyFamily::rdist, ScipyFamily::trapezoid, ScipyFamily::dweibull, ScipyFamily::beta}) {
    const ScipyDist e{fam, 0.4, 0.7, 0, 1};
    CHECK(util::scipy_sample(e, r1) == util::scipy_sample(e, r2));
  }
}

TEST_CASE("ScipyDists.ArgusAndNormMoments") {
  // argus: mean and variance by quadrature of the density (its own normaliser checked to be 1),
  // for the 1000Genome recipe's tiny chi and two larger ones.
  for (double chi : {5.195366960167635e-05, 1.0, 2.5}) {
    CAPTURE(chi);
    const ScipyDist d{ScipyFamily::argus, chi, 0, 0, 1};
    CHECK(sd_quadrature_moment(d, 0, 1, 0) == doctest::Approx(1.0).epsilon(1e-5));
    const double mean = sd_quadrature_moment(d, 0, 1, 1);
    const double var = sd_quadrature_moment(d, 0, 1, 2) - mean * mean;
    const SdMoments m = sd_sample_moments(d, kSdDraws, 23);
    CHECK(m.mean == doctest::Approx(mean).epsilon(0.005));
    CHECK(m.var == doctest::Approx(var).epsilon(0.02));
    CHECK(m.lo >= 0);
    CHECK(m.hi <= 1);
  }
  // chi -> 0: x √(1 − x²) normalised is 3 x √(1 − x²), mean 3π/16.
  const SdMoments tiny = sd_sample_moments({ScipyFamily::argus, 1e-6, 0, 0, 1}, kSdDraws, 29);
  CHECK(tiny.mean == doctest::Approx(3 * 3.14159265358979 / 16).epsilon(0.005));
  const SdMoments n = sd_sample_moments({ScipyFamily::norm, 0, 0, 0, 1}, kSdDraws, 31);
  CHECK(std::fabs(n.mean) < 0.005);
  CHECK(n.var == doctest::Approx(1.0).epsilon(0.01));
}

TEST_CASE("ScipyDists.ArcsineMoments") {
  // arcsine on [0, 1]: mean 1/2, variance 1/8; its CDF (2/π) asin(√x) gives P(X < 1/4) = 1/3.
  util::Rng rng(37);
  const ScipyDist d{ScipyFamily::arcsine, 0, 0, 0, 1};
  double sum = 0, sum2 = 0;
  int below = 0;
  for (int i = 0; i < kSdDraws; ++i) {
    const double x = util::scipy_standard_sample(d, rng);
    CHECK((x >= 0 && x <= 1));
    sum += x;
    sum2 += x * x;
    below += x < 0.25;
  }
  const double mean = sum / kSdDraws;
  CHECK(mean == doctest::Approx(0.5).epsilon(0.005));
  CHECK(sum2 / kSdDraws - mean * mean == doctest::Approx(0.125).epsilon(0.01));
  CHECK(below / double(kSdDraws) == doctest::Approx(1.0 / 3).epsilon(0.01));
}
