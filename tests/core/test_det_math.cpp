// util::det_log: the portable logarithm behind every exponential sample (core/util/det_math.h).
// Its point is that native and WebAssembly agree bit for bit (scripts/determinism.sh compares whole
// runs); here: it is an accurate logarithm, checked against the C library's on many inputs, and it
// has the special values of std::log. The same tests run in wasm_core_tests against musl's log.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/util/det_math.h"
#include "core/util/rng.h"

using loadlab::util::det_log;

namespace {
// Distance in units in the last place between two finite doubles of the same sign.
std::int64_t ulps(double a, double b) {
  std::int64_t ia = 0, ib = 0;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? ia - ib : ib - ia;
}
}  // namespace

TEST_CASE(
    "det_log is within 2 ulp of the C library's log over the exponential sampler's inputs and "
    "beyond") {
  loadlab::util::Rng rng(20261124);
  std::int64_t worst = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    // 1 - u for u uniform in [0, 1): exactly what -mean * log(1 - u) feeds it ...
    const double a = 1.0 - rng.uniform01();
    // ... and values spread over the whole exponent range, subnormals included.
    const double b =
        std::ldexp(0.5 + 0.5 * rng.uniform01(), static_cast<int>(rng.below(2098)) - 1073);
    for (double x : {a, b}) {
      const double want = std::log(x);
      if (want == 0) {
        CHECK(det_log(x) == 0);
        continue;
      }
      worst = std::max(worst, ulps(det_log(x), want));
    }
  }
  CHECK(worst <= 2);
}

TEST_CASE("det_log near 1, where log is tiny, keeps its relative accuracy") {
  for (double d = 0x1p-52; d < 0.25; d *= 1.37) {
    CHECK(ulps(det_log(1 + d), std::log(1 + d)) <= 2);
    CHECK(ulps(det_log(1 - d), std::log(1 - d)) <= 2);
  }
}

TEST_CASE("det_log has std::log's special values") {
  CHECK(det_log(1.0) == 0.0);
  CHECK(det_log(0.0) == -std::numeric_limits<double>::infinity());
  CHECK(det_log(std::numeric_limits<double>::infinity()) ==
        std::numeric_limits<double>::infinity());
  CHECK(std::isnan(det_log(-1.0)));
  CHECK(std::isnan(det_log(std::numeric_limits<double>::quiet_NaN())));
  // Powers of two: e · ln 2, where the split constant makes e · ln2_hi exact.
  CHECK(ulps(det_log(1024.0), 10 * std::log(2.0)) <= 1);
  CHECK(ulps(det_log(std::numeric_limits<double>::denorm_min()),
             std::log(std::numeric_limits<double>::denorm_min())) <= 1);
}

TEST_CASE(
    "det_log: the worst distance from the C library's log over the test inputs, for the record") {
  loadlab::util::Rng rng(7);
  std::int64_t worst = 0;
  for (int i = 0; i < 200'000; ++i) {
    const double x = std::ldexp(0.5 + 0.5 * rng.uniform01(), static_cast<int>(rng.below(64)) - 32);
    if (std::log(x) != 0) worst = std::max(worst, ulps(det_log(x), std::log(x)));
  }
  MESSAGE("worst ulp distance: " << worst);
  CHECK(worst <= 2);
}
