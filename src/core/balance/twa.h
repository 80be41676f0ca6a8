// Tree Walking Algorithm (TWA): optimal task-hops on a tree.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.1, Fig 5; Example 1 (Fig 6);
// Theorem 3. Erratum: ERRATA.md 000 "Example 1" and "Execution order".
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// The per-node values of Fig 5 (the table of Example 1). eta^R_{i,j} = -eta_L[c_{i,j}].
struct TwaTable {
  std::int64_t w_avg = 0, remainder = 0;
  std::vector<std::int64_t> n, W, Q, eta_L;  // eta_L[0] = 0 (the root has no parent)
};

/// Runs TWA on a tree (preorder) or a line (a path rooted at node 0). Throws std::invalid_argument
/// for other topologies or bad loads. O(N).
BalanceResult twa(const Topology& topology, const LoadVector& loads, TwaTable* table = nullptr);

}  // namespace loadlab::core
