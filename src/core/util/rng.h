// Deterministic random numbers with our own distributions.
//
// Why not <random>'s distributions: libstdc++ (native) and libc++ (Emscripten) implement
// std::uniform_int_distribution & co. differently, so the same seed would give different scenarios
// in the desktop app and in the browser. Everything here is pure integer arithmetic (plus exactly
// rounded IEEE operations for reals), so a seed gives bit-identical integers on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace loadlab::util {

/// SplitMix64 step: used to expand one 64-bit seed into a full generator state.
constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// xoshiro256** generator (Blackman & Vigna) with portable integer and real distributions.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) {
    std::uint64_t x = seed;
    for (auto& s : s_) s = splitmix64(x);
  }

  /// Next raw 64-bit value.
  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Rng(seed).next_u64() without building the generator: the first output only reads s_[1] (the
  /// second SplitMix64 value). For per-item seeds on hot paths (a task's duration).
  static constexpr std::uint64_t first_u64(std::uint64_t seed) {
    std::uint64_t x = seed;
    splitmix64(x);
    return rotl(splitmix64(x) * 5, 7) * 9;
  }

  /// Uniform integer in [0, bound) without modulo bias (rejection on the 64-bit range).
  std::uint64_t below(std::uint64_t bound) {
    if (bound <= 1) return 0;
    const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % bound);
    std::uint64_t v;
    do v = next_u64();
    while (v >= limit);
    return v % bound;
  }

  /// Uniform integer in the closed range [lo, hi].
  std::int64_t uniform_int(std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (span == UINT64_MAX) return static_cast<std::int64_t>(next_u64());
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + below(span + 1));
  }

  /// Uniform real in [0, 1) with 53 random bits (exact in IEEE double).
  double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  /// Uniform real in [a, b).
  double uniform_real(double a, double b) { return a + (b - a) * uniform01(); }

  /// True with probability p.
  bool bernoulli(double p) { return uniform01() < p; }

  /// Fisher-Yates shuffle of [first, first + n).
  template <class T>
  void shuffle(T* first, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(first[i - 1], first[j]);
    }
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace loadlab::util
