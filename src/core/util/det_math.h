// Elementary functions that give the same bits on every target.
//
// Why: glibc (native) and musl (Emscripten) implement std::log differently, and they disagree in
// the last bit for about 1 input in 10,000. An exponential sample -mean·log(1 − u) drawn 10^5 times
// per scenario then differs somewhere between the desktop and the browser, and so does everything
// simulated after it (determinism.sh found it on a dynamic scenario). These functions use only
// exactly rounded IEEE operations (+ − × ÷) and frexp/ldexp (exact), with constants the compiler
// rounds, so they agree bit for bit wherever doubles are IEEE and no operation is fused (GCC does
// not contract to FMA for baseline x86-64; WebAssembly has no FMA).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace loadlab::util {

namespace det_math_detail {

// log x by the atanh series alone (for the table below): x = m · 2^e with m in [√½, √2),
// log m = 2 atanh f, f = (m − 1)/(m + 1), |f| ≤ 0.1716, f² ≤ 0.0295: terms up to f^22 reach 2^-60.
inline double log_series(double x) {
  int e = 0;
  double m = std::frexp(x, &e);
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  const double f = (m - 1) / (m + 1);
  const double f2 = f * f;
  constexpr double c[] = {1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13,
                          1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23};
  double s = c[10];
  for (int k = 9; k >= 0; --k) s = c[k] + f2 * s;
  constexpr double ln2 = 6.93147180559945286227e-01;
  return static_cast<double>(e) * ln2 + (2 * f + 2 * f * (f2 * s));
}

// log c_j for the grid c_j = 3/4 + j/128, j = 0..96 (c_32 = 1), filled once by log_series.
struct LogTable {
  double log_c[97];
  LogTable() {
    for (int j = 0; j <= 96; ++j) log_c[j] = j == 32 ? 0.0 : log_series(0.75 + j / 128.0);
  }
};

inline const LogTable& log_table() {
  static const LogTable t;
  return t;
}

}  // namespace det_math_detail

/// Natural logarithm, within a few ulp of std::log (tests/core/test_det_math.cpp); x = 0 gives
/// −∞, x < 0 or NaN gives NaN, +∞ gives +∞. On the dynamic simulator's hot path (a duration per
/// task), hence the table: x = 2^e · c_j · (m / c_j) with c_j the grid point nearest the mantissa,
/// so the series only has to cover |f| ≤ 2^-8.5 and needs three terms instead of eleven.
inline double det_log(double x) {
  if (!(x > 0))
    return x == 0 ? -std::numeric_limits<double>::infinity()
                  : std::numeric_limits<double>::quiet_NaN();
  if (x == std::numeric_limits<double>::infinity()) return x;
  // x = m · 2^e with m in [0.5, 1), as std::frexp, from the bits (frexp is a library call).
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  int e = static_cast<int>(bits >> 52);
  if (e == 0) {  // subnormal: scale into the normal range first (exact)
    const double y = x * 0x1p54;
    std::memcpy(&bits, &y, sizeof bits);
    e = static_cast<int>(bits >> 52) - 54;
  }
  // m in [0.75, 1.5): the exponent field is 1022 when the top fraction bit is set (m ≥ 0.75
  // in [0.5, 1)), else 1023. Branch-free on purpose: for uniform inputs this is a coin flip,
  // and a mispredicted branch here cost more than the rest of the function.
  const int below = static_cast<int>(((bits >> 51) & 1) ^ 1);
  e -= 1022 + below;
  bits = (bits & 0x000FFFFFFFFFFFFFULL) | (static_cast<std::uint64_t>(1022 + below) << 52);
  double m = 0;
  std::memcpy(&m, &bits, sizeof m);
  // m in [0.75, 1.5); c = the nearest grid point (c = 1 for m within 1/256 of 1, so log x keeps
  // its relative accuracy near x = 1). m − c is exact (Sterbenz), and log(m / c) = 2 atanh f.
  const int j = static_cast<int>((m - 0.75) * 128 + 0.5);
  const double c = 0.75 + j / 128.0;
  const double f = (m - c) / (m + c);
  const double f2 = f * f;
  const double log_ratio = 2 * f + 2 * f * (f2 * (1.0 / 3 + f2 * (1.0 / 5 + f2 * (1.0 / 7))));
  // ln 2 split so that e · ln2_hi is exact for any exponent (fdlibm's constants).
  constexpr double ln2_hi = 6.93147180369123816490e-01;
  constexpr double ln2_lo = 1.90821492927058770002e-10;
  const double de = static_cast<double>(e);
  return de * ln2_hi + (de * ln2_lo + (det_math_detail::log_table().log_c[j] + log_ratio));
}

}  // namespace loadlab::util
