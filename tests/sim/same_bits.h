// Bit-for-bit comparison of load vectors: the node programs must give exactly the central
// algorithm's doubles, not merely close ones.
#pragma once

#include <cstring>
#include <vector>

namespace loadlab::test {

inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

}  // namespace loadlab::test
