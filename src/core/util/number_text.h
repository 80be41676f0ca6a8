// Numbers as text for reports and plots without printf's surprises: a value within 1e-12 of 0
// prints as 0 (a rounding residue such as 1.2e-16 is zero), and ordinary magnitudes (1e-6 up to
// 1e15) never switch to %g's exponent form ("1.235e+04" is 12346). Core-side so the experiments
// library and the CLI share it without depending on the app's formatter.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace loadlab::util {

/// `x` with `significant` significant digits (1..15) in fixed notation, trailing zeros dropped; "0"
/// when |x| <= 1e-12; %g's form only below 1e-6 or from 1e15 on; "nan", "inf", "-inf" as printf.
/// `sign`: a leading "+" on positive values (and on 0).
inline std::string number_text(double x, int significant = 4, bool sign = false) {
  if (significant < 1) significant = 1;
  if (significant > 15) significant = 15;
  char buf[96];
  if (std::isnan(x) || std::isinf(x)) {
    std::snprintf(buf, sizeof buf, sign ? "%+g" : "%g", x);
    return buf;
  }
  if (std::abs(x) <= 1e-12) return sign ? "+0" : "0";
  const double a = std::abs(x);
  if (a < 1e-6 || a >= 1e15) {
    std::snprintf(buf, sizeof buf, sign ? "%+.*g" : "%.*g", significant, x);
    return buf;
  }
  const int exponent = static_cast<int>(std::floor(std::log10(a)));
  const int decimals = std::max(0, significant - 1 - exponent);
  std::snprintf(buf, sizeof buf, sign ? "%+.*f" : "%.*f", decimals, x);
  std::string t = buf;
  if (t.find('.') != std::string::npos) {
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
  }
  return t;
}

}  // namespace loadlab::util
