// Predicted convergence rates (see iteration_rate.h).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques".
#include "core/balance/iteration_rate.h"

#include <cmath>

#include "core/util/rng.h"

namespace loadlab::core {

namespace {

double remove_mean_and_norm(std::vector<double>& x) {
  double sum = 0;
  for (double v : x) sum += v;
  const double mean = sum / static_cast<double>(x.size());
  double sq = 0;
  for (double& v : x) {
    v -= mean;
    sq += v * v;
  }
  return std::sqrt(sq);
}

}  // namespace

double second_eigenvalue_modulus(const SweepOperator& apply, int n, const RateOptions& opts) {
  if (n < 2) return 0;
  util::Rng rng(0x5eed1e55u);
  std::vector<double> x(static_cast<std::size_t>(n));
  for (double& v : x) v = static_cast<double>(rng.below(1u << 30)) / (1u << 30) - 0.5;
  double norm = remove_mean_and_norm(x);
  double log_growth = 0;
  for (int it = 0; it < opts.burn_in + opts.measure; ++it) {
    for (double& v : x) v /= norm;
    apply(x);
    norm = remove_mean_and_norm(x);
    if (!(norm > 1e-250)) return 0;  // the operator annihilates zero-sum vectors (e.g. Problem 2)
    if (it >= opts.burn_in) log_growth += std::log(norm);
  }
  return std::exp(log_growth / opts.measure);
}

double minimize_rate(const std::function<double(double)>& rate, double lo, double hi,
                     int evaluations) {
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = lo, b = hi;
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = rate(c), fd = rate(d);
  for (int i = 2; i < evaluations; ++i) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = rate(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = rate(d);
    }
  }
  return fc <= fd ? c : d;
}

}  // namespace loadlab::core
