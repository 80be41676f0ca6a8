// Samplers for the scipy.stats families of WfCommons' recipes: see scipy_dists.h for the sources.
#include "core/util/scipy_dists.h"

#include <cmath>
#include <limits>

#include "core/util/det_math.h"
#include "core/util/exponential.h"
#include "core/util/normal.h"

namespace loadlab::util {

double det_exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;
  // Cody & Waite's reduction: x = k ln2 + r, |r| <= ln2 / 2, ln2 split so k * hi is exact.
  constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  const double k = std::floor(x * 1.44269504088896338700 + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // Taylor series to r^17/17!: below 2^-60 of the result for |r| <= 0.35.
  double p = 1.0;
  for (int n = 17; n >= 1; --n) p = 1.0 + p * r / n;
  return std::ldexp(p, static_cast<int>(k));
}

namespace {

double scipy_det_pow(double base, double exponent) {
  return det_exp(exponent * det_log(base));
}

// log of a Gamma(shape, 1) draw; Marsaglia & Tsang for shape >= 1, boosted below.
double scipy_log_gamma_draw(double shape, Rng& rng) {
  double boost = 0;
  if (shape < 1) {
    double u = rng.uniform01();
    while (u == 0) u = rng.uniform01();
    boost = det_log(u) / shape;
    shape += 1;
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = standard_normal(rng);
    double v = 1.0 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const double u = rng.uniform01();
    if (u > 0 && det_log(u) < 0.5 * x * x + d - d * v + d * det_log(v))
      return det_log(d * v) + boost;
  }
}

double scipy_beta_draw(double a, double b, Rng& rng) {
  const double la = scipy_log_gamma_draw(a, rng), lb = scipy_log_gamma_draw(b, rng);
  return 1.0 / (1.0 + det_exp(lb - la));
}

double scipy_trapezoid_inverse(double c, double d, double u) {
  const double h = 2.0 / (1.0 + d - c);
  const double at_c = 0.5 * h * c, at_d = at_c + h * (d - c);
  if (u < at_c) return std::sqrt(2.0 * c * u / h);
  if (u <= at_d || d >= 1) return c + (u - at_c) / h;
  return 1.0 - std::sqrt(2.0 * (1.0 - d) * (1.0 - u) / h);
}

double scipy_argus_draw(double chi, Rng& rng) {
  const double a = 0.5 * chi * chi;
  for (;;) {
    const double v = 1.0 - rng.uniform01();  // (0, 1]
    const double u = scipy_det_pow(v, 2.0 / 3.0);
    if (a == 0 || rng.uniform01() < det_exp(-a * u)) return std::sqrt(1.0 - u);
  }
}

// ∫_0^1 √u e^(−a u) du by its power series (a = chi² / 2 is small for every recipe).
double scipy_argus_norm(double a) {
  double sum = 0, term = 1;
  for (int k = 0; k < 80; ++k) {
    sum += term / (k + 1.5);
    term *= -a / (k + 1);
  }
  return sum;
}

}  // namespace

double scipy_standard_sample(const ScipyDist& d, Rng& rng) {
  switch (d.family) {
    case ScipyFamily::rdist:
      return 2.0 * scipy_beta_draw(0.5 * d.a, 0.5 * d.a, rng) - 1.0;
    case ScipyFamily::trapezoid:
      return scipy_trapezoid_inverse(d.a, d.b, rng.uniform01());
    case ScipyFamily::dweibull: {
      const bool negative = rng.bernoulli(0.5);
      const double e = standard_exponential(rng);
      const double w = e > 0 ? scipy_det_pow(e, 1.0 / d.a) : 0.0;
      return negative ? -w : w;
    }
    case ScipyFamily::beta:
      return scipy_beta_draw(d.a, d.b, rng);
    case ScipyFamily::argus:
      return scipy_argus_draw(d.a, rng);
    case ScipyFamily::norm:
      return standard_normal(rng);
    case ScipyFamily::arcsine:
      return scipy_beta_draw(0.5, 0.5, rng);
  }
  return 0;
}

double scipy_sample(const ScipyDist& d, Rng& rng) {
  return d.loc + d.scale * scipy_standard_sample(d, rng);
}

double wfcommons_rvs(const ScipyDist& d, double max_value, Rng& rng) {
  const double x = scipy_sample(d, rng);
  return (x > 0.1 ? x : 0.1) * max_value;
}

double scipy_standard_pdf(const ScipyDist& d, double x) {
  switch (d.family) {
    case ScipyFamily::rdist:
      if (!(x > -1 && x < 1)) return 0;
      return std::pow(1 - x * x, 0.5 * d.a - 1) /
             std::exp(std::lgamma(0.5) + std::lgamma(0.5 * d.a) - std::lgamma(0.5 + 0.5 * d.a));
    case ScipyFamily::trapezoid: {
      if (!(x >= 0 && x <= 1)) return 0;
      const double h = 2.0 / (1.0 + d.b - d.a);
      if (x < d.a) return h * x / d.a;
      if (x <= d.b) return h;
      return h * (1 - x) / (1 - d.b);
    }
    case ScipyFamily::dweibull: {
      const double ax = std::fabs(x);
      return 0.5 * d.a * std::pow(ax, d.a - 1) * std::exp(-std::pow(ax, d.a));
    }
    case ScipyFamily::beta:
      if (!(x > 0 && x < 1)) return 0;
      return std::pow(x, d.a - 1) * std::pow(1 - x, d.b - 1) /
             std::exp(std::lgamma(d.a) + std::lgamma(d.b) - std::lgamma(d.a + d.b));
    case ScipyFamily::argus: {
      if (!(x > 0 && x < 1)) return 0;
      const double a = 0.5 * d.a * d.a;
      // x dx = −du / 2: the density of x is 2x times that of u = 1 − x².
      return x * std::sqrt(1 - x * x) * std::exp(-a * (1 - x * x)) / (0.5 * scipy_argus_norm(a));
    }
    case ScipyFamily::norm:
      return std::exp(-0.5 * x * x) / 2.5066282746310002;
    case ScipyFamily::arcsine:
      if (!(x > 0 && x < 1)) return 0;
      return 1.0 / (3.14159265358979323846 * std::sqrt(x * (1 - x)));
  }
  return 0;
}

}  // namespace loadlab::util
