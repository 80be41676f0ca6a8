// The RNG must give the same integers natively and in WebAssembly. The expected values below were
// computed by an independent Python implementation of SplitMix64 seeding + xoshiro256** and the
// rejection-sampled below(); the same test runs in both builds.
#include <doctest/doctest.h>

#include <vector>

#include "core/util/rng.h"

using loadlab::util::Rng;

TEST_CASE("Rng.Xoshiro.MatchesReferenceSequence") {
  Rng r(42);
  CHECK(r.next_u64() == 0x15780b2e0c2ec716ULL);
  CHECK(r.next_u64() == 0x6104d9866d113a7eULL);
  CHECK(r.next_u64() == 0xae17533239e499a1ULL);
}

TEST_CASE("Rng.Below.MatchesReferenceSequence") {
  Rng a(42);
  std::vector<std::uint64_t> got;
  for (int i = 0; i < 10; ++i) got.push_back(a.below(6));
  CHECK(got == std::vector<std::uint64_t>{0, 0, 5, 5, 4, 0, 4, 3, 4, 5});
  Rng b(2024);
  got.clear();
  for (int i = 0; i < 5; ++i) got.push_back(b.below(1000));
  CHECK(got == std::vector<std::uint64_t>{518, 693, 441, 811, 463});
}

TEST_CASE("Rng.UniformInt.StaysInRangeAndHitsBothEnds") {
  Rng r(7);
  bool lo = false, hi = false;
  for (int i = 0; i < 10000; ++i) {
    const auto x = r.uniform_int(-3, 3);
    REQUIRE(x >= -3);
    REQUIRE(x <= 3);
    lo = lo || x == -3;
    hi = hi || x == 3;
  }
  CHECK(lo);
  CHECK(hi);
}

TEST_CASE("Rng.Uniform01.InHalfOpenUnitInterval") {
  Rng r(9);
  double sum = 0;
  for (int i = 0; i < 100000; ++i) {
    const double x = r.uniform01();
    REQUIRE(x >= 0.0);
    REQUIRE(x < 1.0);
    sum += x;
  }
  CHECK(sum / 100000 == doctest::Approx(0.5).epsilon(0.01));
}

TEST_CASE("Rng.SameSeedSameStream") {
  Rng a(123), b(123), c(124);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next_u64();
    CHECK(x == b.next_u64());
    differs = differs || x != c.next_u64();
  }
  CHECK(differs);
}
