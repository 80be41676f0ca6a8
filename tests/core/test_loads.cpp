#include <doctest/doctest.h>

#include "core/model/loads.h"

using namespace loadlab::core;

TEST_CASE("Loads.ExactTotalGenerators") {
  for (auto g : {LoadGenerator::Multinomial, LoadGenerator::HotSpot, LoadGenerator::Ramp}) {
    for (int n : {1, 2, 7, 64}) {
      for (std::int64_t mean : {0, 1, 3, 50}) {
        loadlab::util::Rng rng(11);
        auto w = generate_loads(g, n, mean, rng, n - 1);
        REQUIRE(w.size() == static_cast<std::size_t>(n));
        CHECK(total_load(w) == n * mean);
        for (auto x : w) CHECK(x >= 0);
      }
    }
  }
}

TEST_CASE("Loads.UniformWithinZeroToTwiceMean") {
  loadlab::util::Rng rng(3);
  auto w = generate_loads(LoadGenerator::Uniform, 1000, 10, rng);
  for (auto x : w) {
    CHECK(x >= 0);
    CHECK(x <= 20);
  }
  // 1000 draws of mean 10: the average is within 1 of 10 with overwhelming probability.
  CHECK(static_cast<double>(total_load(w)) / 1000 == doctest::Approx(10).epsilon(0.1));
}

TEST_CASE("Loads.RampIsNonDecreasingFromZeroToTwiceMean") {
  loadlab::util::Rng rng(1);
  auto w = generate_loads(LoadGenerator::Ramp, 5, 10, rng);
  CHECK(w == LoadVector{0, 5, 10, 15, 20});
}

TEST_CASE("Loads.HotSpotPutsEverythingOnOneNode") {
  loadlab::util::Rng rng(1);
  auto w = generate_loads(LoadGenerator::HotSpot, 4, 5, rng, 2);
  CHECK(w == LoadVector{0, 0, 20, 0});
}

TEST_CASE("Loads.SeededGeneratorsAreReproducible") {
  loadlab::util::Rng a(99), b(99);
  CHECK(generate_loads(LoadGenerator::Multinomial, 16, 8, a) ==
        generate_loads(LoadGenerator::Multinomial, 16, 8, b));
}
