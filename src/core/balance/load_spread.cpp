// Blocked statistics of the iterative balancers; see load_spread.h.
#include "core/balance/load_spread.h"

#include <algorithm>
#include <cmath>

namespace loadlab::core {

std::size_t spread_block(const Topology& topology) {
  const bool grid = topology.kind() == TopologyKind::Mesh || topology.kind() == TopologyKind::Torus;
  if (grid && topology.cols() >= 1) return static_cast<std::size_t>(topology.cols());
  return 1024;
}

SpreadMoments block_moments(const double* w, std::size_t n) {
  // Four fixed lanes (element i in lane i mod 4, added as (0 + 1) + (2 + 3)): one chain of
  // dependent additions per node would be the slowest part of a sweep.
  const std::size_t body = n - n % 4;
  double lo = w[0], hi = w[0];
  double s[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < body; i += 4)
    for (std::size_t l = 0; l < 4; ++l) {
      const double x = w[i + l];
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      s[l] += x;
    }
  for (std::size_t i = body; i < n; ++i) {
    lo = std::min(lo, w[i]);
    hi = std::max(hi, w[i]);
    s[i - body] += w[i];
  }
  const double count = static_cast<double>(n);
  const double mean = ((s[0] + s[1]) + (s[2] + s[3])) / count;
  // Corrected two-pass (Chan, Golub and LeVeque 1983, eq. 1.7): subtracting (sum of deviations)^2
  // / n removes the error of the rounded mean, which dominates when the spread is tiny.
  double q[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < body; i += 4)
    for (std::size_t l = 0; l < 4; ++l) {
      const double dev = w[i + l] - mean;
      q[l] += dev * dev;
      d[l] += dev;
    }
  for (std::size_t i = body; i < n; ++i) {
    const double dev = w[i] - mean;
    q[i - body] += dev * dev;
    d[i - body] += dev;
  }
  const double dsum = (d[0] + d[1]) + (d[2] + d[3]);
  const double m2 = ((q[0] + q[1]) + (q[2] + q[3])) - dsum * dsum / count;
  return {count, mean, std::max(m2, 0.0), lo, hi};
}

void combine_spread(std::span<const SpreadMoments> blocks, double& max_minus_min, double& std_dev) {
  if (blocks.empty()) {
    max_minus_min = std_dev = 0;
    return;
  }
  // The blocks' between-group sum of squares around one global mean, with the same correction
  // as inside a block: (sum of n_k d_k)^2 / n removes the error of the rounded global mean, which
  // a sum of many large loads carries. A running pairwise mean (Chan et al.'s update) drifts by
  // an ulp per block and lost six digits on a converged run; this keeps the error at the level
  // of the block means' rounding.
  double count = 0, sum = 0, m2 = 0, lo = blocks[0].lo, hi = blocks[0].hi;
  for (const SpreadMoments& b : blocks) {
    count += b.count;
    sum += b.mean * b.count;
    m2 += b.m2;
    lo = std::min(lo, b.lo);
    hi = std::max(hi, b.hi);
  }
  const double mean = sum / count;
  double s1 = 0, s2 = 0;
  for (const SpreadMoments& b : blocks) {
    const double d = b.mean - mean;
    s1 += b.count * d;
    s2 += b.count * d * d;
  }
  max_minus_min = hi - lo;
  std_dev = std::sqrt(std::max(m2 + (s2 - s1 * s1 / count), 0.0) / count);
}

void load_spread(std::span<const double> w, std::size_t block, double& max_minus_min,
                 double& std_dev) {
  const std::size_t n = w.size();
  block = std::max<std::size_t>(block, 1);
  std::vector<SpreadMoments> parts;
  parts.reserve(n / block + 1);
  for (std::size_t b = 0; b < n; b += block)
    parts.push_back(block_moments(w.data() + b, std::min(block, n - b)));
  combine_spread(parts, max_minus_min, std_dev);
}

}  // namespace loadlab::core
