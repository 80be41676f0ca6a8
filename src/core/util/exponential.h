// Exponential random numbers by the ziggurat method, the same bits on every target.
//
// Marsaglia & Tsang, "The Ziggurat Method for Generating Random Variables", J. Stat. Software 5(8),
// 2000 (256 layers of equal area V under e^{-x}, base layer with the tail beyond R); the 64-bit
// form follows Doornik, "An Improved Ziggurat Method to Generate Normal Random Samples", 2005:
// the layer index and the uniform come from disjoint bits of one draw (bits 0–7 and 11–63), which
// avoids the correlation of the original 32-bit version.
//
// Why not −log(1 − u): the dynamic simulator draws one duration per task (10^7 per benchmark run),
// on the event loop's critical path, and a portable log (util::det_log, needed because glibc and
// musl differ in the last bit) costs ≈ 13 ns there. The ziggurat returns u · x_i after one
// multiply and one comparison 97.8 % of the time and calls det_log only in the wedges and tail.
// The tables are built once from two constants with exactly rounded operations and det_log, so
// native and WebAssembly agree bit for bit.
#pragma once

#include <cstdint>

#include "core/util/det_math.h"

namespace loadlab::util {

namespace exponential_detail {

// R and V for 256 layers: the layers' upper edges x_1 = R > x_2 > … > x_255 > x_256 = 0 satisfy
// x_i (e^{−x_{i+1}} − e^{−x_i}) = V, the base layer R e^{−R} + ∫_R^∞ e^{−x} dx = V, and the top
// layer closes at x = 0. Solved to 40 digits with mpmath (findroot on the recurrence below).
constexpr double kR = 7.697117470131049714044628048015215499114;
constexpr double kV = 0.003949659822581557219977571956814861091913;
constexpr double kExpMinusR = 0.0004541343538414967554495733258082196955414;

struct Tables {
  double x[257];  // x[0] = V / e^{−R} (the base layer's virtual width), x[1] = R, …, x[256] = 0
  double f[257];  // f[i] = e^{−x[i]} (f[0] unused)
  Tables() {
    x[0] = kV / kExpMinusR;
    f[0] = 0;
    x[1] = kR;
    f[1] = kExpMinusR;
    for (int i = 1; i < 255; ++i) {
      f[i + 1] = kV / x[i] + f[i];  // e^{−x_{i+1}}, from the equal-area condition
      x[i + 1] = -det_log(f[i + 1]);
    }
    x[256] = 0;
    f[256] = 1;
  }
};

inline const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace exponential_detail

/// The ziggurat's fast path on one 64-bit draw: true (and x set) when the draw lands inside its
/// layer's rectangle, as it does 97.8 % of the time. standard_exponential() starts with exactly
/// this test, so a caller holding only the first draw (a per-task hash) can skip building the
/// generator.
inline bool exponential_fast(std::uint64_t bits, double& x) {
  const auto& t = exponential_detail::tables();
  const unsigned i = static_cast<unsigned>(bits & 255u);
  x = static_cast<double>(bits >> 11) * 0x1.0p-53 * t.x[i];
  return x < t.x[i + 1];
}

/// Exponential with mean 1. Gen provides next_u64() and uniform01() (util::Rng).
template <class Gen>
double standard_exponential(Gen& g) {
  const auto& t = exponential_detail::tables();
  for (;;) {
    const std::uint64_t bits = g.next_u64();
    double x = 0;
    if (exponential_fast(bits, x)) return x;
    const unsigned i = static_cast<unsigned>(bits & 255u);
    // Base layer outside its rectangle: the tail, R + Exp(1) by memorylessness.
    if (i == 0) return exponential_detail::kR - det_log(1.0 - g.uniform01());
    // Wedge: y uniform in (f_i, f_{i+1}]; accept when y < e^{−x}, i.e. −log y > x.
    const double y = t.f[i + 1] - (t.f[i + 1] - t.f[i]) * g.uniform01();
    if (-det_log(y) > x) return x;
  }
}

}  // namespace loadlab::util
