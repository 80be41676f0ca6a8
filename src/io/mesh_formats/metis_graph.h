// The METIS/Chaco graph format and Chaco coordinate (.xyz) files of the Walshaw partitioning
// archive
// (../shared/data/walshaw/): read into core::Mesh. Errors are std::invalid_argument with the line.
#pragma once

#include <string>
#include <string_view>

#include "core/partition/mesh.h"

namespace loadlab::io {

/// Largest graph/coordinate file read (checked before reading).
inline constexpr std::uintmax_t kMaxMeshFileBytes = 256u << 20;

/// Line 1 "n m [fmt [ncon]]" (fmt 0 or 10: vertex weights allowed, edge weights refused), then one
/// line per vertex listing its 1-based neighbours; '%' lines are comments. n and m are checked
/// against core::MeshLimits before anything is allocated; the adjacency must be symmetric.
core::Mesh read_metis_graph(std::string_view text);

/// The METIS graph format that read_metis_graph reads back: "n m" (or "n m 010" with a vertex
/// weight first on every line when some weight is not 1), then each vertex's 1-based neighbours.
/// Coordinates are not part of the format (see write_xyz_coordinates).
std::string write_metis_graph(const core::Mesh& mesh);

/// One line per vertex with 2 or 3 numbers (a third column that is all zero gives a 2-D mesh).
/// Attaches the coordinates to `mesh`.
void read_xyz_coordinates(std::string_view text, core::Mesh& mesh);

}  // namespace loadlab::io
