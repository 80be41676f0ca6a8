// Standard normal random numbers, the same bits on every target.
//
// Marsaglia's polar form of Box–Muller (Marsaglia & Bray, "A Convenient Method for Generating
// Normal Variables", SIAM Review 6(3), 1964): (u, v) uniform in the unit disc, s = u² + v², then
// u·sqrt(−2 ln s / s) is standard normal. Only det_log and sqrt (exactly rounded) are used, so the
// draws agree natively and in WebAssembly; std::normal_distribution differs between libstdc++
// and libc++. The second normal of the pair is dropped so that one draw is one call, which keeps
// a scenario's stream of draws independent of how many normals an earlier step needed.
#pragma once

#include <cmath>

#include "core/util/det_math.h"

namespace loadlab::util {

/// Normal with mean 0 and standard deviation 1. Gen provides uniform01() (util::Rng).
template <class Gen>
double standard_normal(Gen& g) {
  for (;;) {
    const double u = 2.0 * g.uniform01() - 1.0;
    const double v = 2.0 * g.uniform01() - 1.0;
    const double s = u * u + v * v;
    if (s >= 1.0 || s == 0.0) continue;
    return u * std::sqrt(-2.0 * det_log(s) / s);
  }
}

}  // namespace loadlab::util
