// Mesh Walking Algorithm (MWA): full balance on an n1 x n2 mesh with maximal locality.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.3, Fig 12; Example 4 (Fig 13);
// Lemma 3. Erratum: ERRATA.md 000 "Fig 12" (q_i^0 uses i < R; Q_i^1 one row longer; iteration 0 has
// v_i^0 = 0 so theta = eta; the printed iteration-0 eta_{i,0,L} column has the wrong sign) and
// "Execution order".
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// One theta pass of step 4.3 in iteration 1: row `row` sends eta tasks towards `dir` ('L' = the
/// row above, r - 1; 'R' = the row below, r + 1). Entry j is the value for column j (the vectors
/// node i = row * n2 + n2 - 1 prints in Example 4).
struct MwaRowPass {
  int row = 0;
  char dir = 'R';
  std::vector<std::int64_t> delta, eta, gamma, theta;
};

/// The values Example 4 prints.
struct MwaTable {
  std::int64_t w_avg = 0, remainder = 0;
  // Iteration 1, per row: w^1, delta^1, W^1 (prefix over rows), eta_{i,0,L}, eta_{i,0,R}.
  std::vector<std::int64_t> row_w, row_delta, row_W, row_eta_L, row_eta_R;
  std::vector<MwaRowPass> passes;
  // Iteration 0, per node (definition signs): eta_{i,0,L} = Q_{i-1}^0 - W_{i-1}^0, eta_{i,0,R}.
  std::vector<std::int64_t> eta_L0, eta_R0;
};

/// Runs MWA on a mesh (row-major numbering, n1 = rows, n2 = cols). O(N).
BalanceResult mwa(const Topology& topology, const LoadVector& loads, MwaTable* table = nullptr);

}  // namespace loadlab::core
