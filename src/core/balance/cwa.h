// Cube Walking Algorithm (CWA): full balance on a hypercube with maximal locality.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 10; Example 3 (Fig 11);
// Lemma 2, Theorems 1-2, Lemma 5. Erratum: ERRATA.md 000 "Figure 1 / Example 3 loads".
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// One row of the tables of Example 3: node `node` in iteration k (it has delta_i^k > 0); entry j
/// of each vector is the value for its j-dimensional subcube, j = 0..k.
struct CwaTableRow {
  int k = 0;
  int node = 0;
  std::vector<std::int64_t> w, delta, theta, gamma;
};

/// Runs CWA on a hypercube. O(N log N) time, O(N) memory. When `table` is given (small cubes only,
/// it costs O(N log N) memory), the per-iteration rows of Example 3 are appended to it.
BalanceResult cwa(const Topology& topology, const LoadVector& loads,
                  std::vector<CwaTableRow>* table = nullptr);

}  // namespace loadlab::core
