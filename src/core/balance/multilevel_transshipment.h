// The optimum's min-cost flow on meshes and tori, warm-started from a coarser grid: the idea of
// multiscale transport solvers (Mérigot, "A multiscale approach to optimal transport", 2011;
// Schmitzer, "A sparse multiscale algorithm for dense optimal transport", 2016) applied to the
// primal-dual of unit_transshipment.h.
//
// Each 2 x 2 block of nodes becomes one node of a grid half the size, holding the block's total
// supply; that problem is solved the same way (down to a few thousand nodes, solved directly), and
// its optimal potentials, doubled (one coarse hop is two fine ones) and lowered to differ by at
// most 1 across every link, start the primal-dual on the fine grid. The answer is exact whatever
// the start (the primal-dual only needs feasible potentials); a good start leaves fewer phases.
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/unit_transshipment.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// Grids of at most this many nodes are solved directly (measured: 1,024 to 16,384 make no
/// difference on a 256 x 256 mesh beyond the machine's noise).
inline constexpr int kMultilevelDirectNodes = 4096;

/// Same contract as unit_transshipment (net flow per edge in Topology::for_each_edge order). On
/// meshes and on tori with even sides (halved sides at least 3) of more than `direct_nodes` nodes
/// it solves coarser grids first; on anything else it is unit_transshipment itself. `stats`
/// counts the finest level only.
std::vector<std::int64_t> multilevel_transshipment(const Topology& topology,
                                                   const std::vector<std::int64_t>& supply,
                                                   UnitTransshipmentStats* stats = nullptr,
                                                   int direct_nodes = kMultilevelDirectNodes);

}  // namespace loadlab::core
