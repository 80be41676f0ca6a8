// The multilevel machinery (Hendrickson & Leland 1995, "A multilevel algorithm for partitioning
// graphs"; Karypis & Kumar 1998, "A fast and high quality multilevel scheme for partitioning
// irregular graphs"): a graph with integer vertex and edge weights, heavy-edge matching coarsening,
// multilevel bisection with Fiduccia–Mattheyses refinement, and greedy k-way refinement. Shared by
// the `multilevel` method (multilevel.cpp) and the layout (layout.cpp, which coarsens with it).
// Integer arithmetic and util::Rng only, so results are identical natively and in WebAssembly.
#pragma once

#include <cstdint>
#include <vector>

#include "core/partition/mesh.h"
#include "core/util/rng.h"

namespace loadlab::core::partition_detail {

struct MlGraph {
  int n = 0;
  std::vector<std::int64_t> off{0};
  std::vector<int> adj;
  std::vector<std::int64_t> ew;  // edge weight, per adjacency entry (symmetric)
  std::vector<std::int64_t> vw;  // vertex weight
  std::int64_t total = 0;        // Σ vw
};

/// The mesh as an MlGraph (unit edge weights, the mesh's vertex weights).
MlGraph ml_graph_of(const Mesh& m);

/// The subgraph induced by the vertices v with side[v] == s; `global` receives the old id of each
/// new vertex.
MlGraph ml_induced(const MlGraph& g, const std::vector<int>& side, int s, std::vector<int>& global);

/// One level of heavy-edge matching in a random vertex order: every vertex is matched with its
/// unmatched neighbour of heaviest connecting edge whose combined weight stays <= max_vw (ties:
/// the lighter neighbour), or stays alone. cmap[v] = the coarse vertex of v.
MlGraph ml_coarsen(const MlGraph& g, std::int64_t max_vw, util::Rng& rng, std::vector<int>& cmap);

/// Edge cut of a labelling (each cut edge counted once, with its weight).
std::int64_t ml_cut(const MlGraph& g, const std::vector<int>& part);

/// Multilevel bisection: side[v] in {0, 1}, side 0 of weight near target0 with both sides within
/// their caps when the vertex weights allow it. `tries` initial bisections on the coarsest graph.
std::vector<int> ml_bisect(const MlGraph& g, std::int64_t target0, std::int64_t cap0, std::int64_t cap1,
                           int tries, util::Rng& rng);

/// Boundary FM on a bisection (balance first when a side is over its cap); returns the final cut.
std::int64_t ml_fm(const MlGraph& g, std::vector<int>& side, std::int64_t target0, std::int64_t cap0,
                   std::int64_t cap1, int passes);

/// Greedy k-way refinement (Karypis & Kumar 1998b): boundary vertices move to the adjacent part
/// that gains most within its cap; overweight parts shed vertices to the lightest neighbour part.
void ml_kway_refine(const MlGraph& g, std::vector<int>& part, int parts, std::int64_t cap, int passes,
                    util::Rng& rng);

}  // namespace loadlab::core::partition_detail
