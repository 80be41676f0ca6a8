// Dimension Exchange Method (DEM), integer version, on a hypercube.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 7; Example 2 (Fig 8).
// Erratum: ERRATA.md 000 "Figure 1 / Example 3 loads" (DEM on those loads: 14 + 11 + 8 = 33
// task-hops, final [8, 9, 8, 8, 7, 8, 8, 8]).
#pragma once

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// Runs DEM over dimensions 0, 1, ..., d-1 (one communication step each). O(N log N).
BalanceResult dem(const Topology& topology, const LoadVector& loads);

}  // namespace loadlab::core
