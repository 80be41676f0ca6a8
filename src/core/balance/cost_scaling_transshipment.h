// The optimum's min-cost flow (uncapacitated transshipment, every link costs 1 per task each way)
// by cost scaling push-relabel: Goldberg, "An efficient implementation of a scaling minimum-cost
// flow algorithm", Journal of Algorithms 22 (1997), after Goldberg and Tarjan, "Finding
// minimum-cost circulations by successive approximation" (1990).
//
// Why: the primal-dual (unit_transshipment.h) runs one Dijkstra over every node per phase and
// needs about 100 phases on a 256 x 256 mesh; LEMON's network simplex is superlinear on grids.
// Push-relabel only touches nodes near excess, and on grids the work per epsilon phase stays
// close to linear. Numbers and the per-topology choice: optimal.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"

namespace loadlab::core {

struct CostScalingStats {
  int phases = 0;             ///< epsilon phases run
  std::int64_t pushes = 0;    ///< push operations
  std::int64_t relabels = 0;  ///< single-node relabels
  int global_updates = 0;     ///< global price updates (Dijkstra from the deficits)
};

/// Same contract as unit_transshipment: net flow per undirected edge in the order of
/// Topology::for_each_edge (positive: a -> b with a < b), minimising the sum of |flow| subject to
/// out-flow minus in-flow = supply[v]. Throws std::invalid_argument if supply has the wrong size
/// or does not sum to 0, std::logic_error if some connected component's supplies do not sum to 0.
std::vector<std::int64_t> cost_scaling_transshipment(const Topology& topology,
                                                     const std::vector<std::int64_t>& supply,
                                                     CostScalingStats* stats = nullptr);

}  // namespace loadlab::core
