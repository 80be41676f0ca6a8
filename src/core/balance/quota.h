// Generic quota calculation: Fig 4 of the paper, plus the closed forms each walking algorithm uses
// for the quota of a subset of nodes.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3 (Fig 4), 3.1 (Q_i of TWA), 3.2 (q_i^k
// of CWA), 3.3 (Q_i^0, Q_i^1 of MWA). Erratum: ERRATA.md 000 "Fig 12" (q_i^0 uses i < R; Q_i^1 uses
// (floor(i/n2) + 1) * n2).
#pragma once

#include <cstdint>

#include "core/model/loads.h"

namespace loadlab::core {

/// Fig 4 steps 1-2: T, w_avg = floor(T/N), R = T mod N.
struct Average {
  std::int64_t total = 0;
  std::int64_t w_avg = 0;
  std::int64_t remainder = 0;  // R
  std::int64_t nodes = 0;      // N
};

/// Computes T, w_avg and R for a load vector (throws std::invalid_argument on negative loads).
Average average_load(const LoadVector& loads);

/// Fig 4 step 3: q_i = w_avg + 1 if i < R, else w_avg (the first R nodes take the remainder).
inline std::int64_t quota(std::int64_t i, const Average& a) {
  return a.w_avg + (i < a.remainder ? 1 : 0);
}

/// All quotas q_0 .. q_{N-1}.
LoadVector quotas(const Average& a);

/// Sum of q_j over the index range [first, first + count): w_avg*count + the remainder tasks there.
std::int64_t range_quota(std::int64_t first, std::int64_t count, const Average& a);

/// Q_i of TWA (Section 3.1 closed form): quota of the preorder subtree rooted at i with n_i nodes.
std::int64_t tree_subtree_quota(std::int64_t i, std::int64_t n_i, const Average& a);

/// q_i^k of CWA (Section 3.2 closed form): quota of node i's k-dimensional subcube.
std::int64_t cube_subcube_quota(std::int64_t i, int k, const Average& a);

/// Q_i^0 of MWA: quota of the nodes j <= i in i's row of an n1 x n2 mesh (row-major).
std::int64_t mesh_row_prefix_quota(std::int64_t i, std::int64_t n2, const Average& a);

/// Q_i^1 of MWA (erratum applied): quota of rows 0 .. floor(i/n2) of an n1 x n2 mesh.
std::int64_t mesh_rows_prefix_quota(std::int64_t i, std::int64_t n2, const Average& a);

}  // namespace loadlab::core
