// Mesh generators for the partitioning experiments (survey 002 §2.2–2.3: "an orthogonal grid, for a
// finite difference method, or a mesh (non orthogonal grid), for a finite element method").
// Every generator checks MeshLimits before allocating and throws std::invalid_argument otherwise.
#pragma once

#include <cstdint>

#include "core/partition/mesh.h"

namespace loadlab::core {

/// rows x cols (x depth) grid, vertices row-major (v = (z*rows + r)*cols + c, as core::Topology's
/// mesh), 4-/6-neighbour edges, coordinates (x, y[, z]) = (c, r[, z]).
Mesh grid_mesh(int rows, int cols, int depth = 1);
/// The grid with its upper-right quadrant (r < rows/2, c >= cols/2) removed.
Mesh l_shape_mesh(int rows, int cols);
/// The grid with `holes` square holes (side = min(rows, cols)/5) on a regular lattice.
Mesh with_holes_mesh(int rows, int cols, int holes);
/// Polar grid: `rings` circles x `sectors` points between radius 1 and 2, sectors wrap around.
Mesh annulus_mesh(int rings, int sectors);
/// `points` uniform random points in the unit square (seeded, util::Rng), Delaunay triangulated.
Mesh random_points_mesh(int points, std::uint64_t seed);
/// Grid topology whose coordinates are graded towards the corner (0, 0): x = (c/(cols-1))^g,
/// g an integer in [1, 4].
Mesh graded_mesh(int rows, int cols, int grading);

/// Delaunay triangulation (Bowyer–Watson) of n 2-D points `xy` (2n values): its edge list.
std::vector<MeshEdge> delaunay_edges(const std::vector<double>& xy);

enum class MeshWeights { Uniform, HotRegion };
/// Uniform: all 1. HotRegion: vertices in the lowest quarter of the bounding box in x and y weigh
/// `hot_weight`, the others 1 (needs coordinates).
void apply_weights(Mesh& m, MeshWeights w, std::int64_t hot_weight = 4);

}  // namespace loadlab::core
