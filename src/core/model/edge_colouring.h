// Edge colourings for generalized dimension exchange (GDE).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (edge colouring,
// Vizing's bound degree <= chi' <= degree + 1, the 2-d mesh needing four colours) and Problem 3;
// ERRATA.md 003 "Problem 3" fixes the mesh colouring the missing diagram showed.
//
// Natural colourings (colour classes are processed in index order by GDE):
//   hypercube  colour k = dimension k (d colours);
//   line       edge (v, v+1) has colour v mod 2;
//   ring       as the line, the wrap edge (n-1, 0) gets colour 1 (n even) or an extra colour 2 (n
//   odd); mesh       0 = horizontal edges whose left column is even, 1 = horizontal odd, 2 =
//   vertical edges
//              whose top row is even, 3 = vertical odd (ERRATA 003 Problem 3);
//   torus      as the mesh; a wrap edge falls in the class of its left column / top row parity,
//   except
//              where that dimension is odd: then the wrap edges form an extra class right after the
//              two classes of their direction (order H even, H odd, [H wrap], V even, V odd, [V
//              wrap]);
//   complete   round-robin tournament colouring (n colours for odd n, n-1 for even n);
//   tree, custom: Misra-Gries (at most max degree + 1 colours).
// Empty classes (e.g. a 1 x k mesh has no vertical edges) are dropped, so `colours` counts the
// classes that exist.
#pragma once

#include <string>
#include <vector>

#include "core/model/topology.h"
#include "core/util/parallel_for.h"

namespace loadlab::core {

struct EdgeColouring {
  /// Number of colour classes.
  int colours = 0;
  /// The colour of each edge, in the order of Topology::edges() (a < b, sorted by a then b).
  std::vector<int> colour;
  /// "hypercube", "ring", "line", "mesh", "torus", "complete" or "misra_gries".
  std::string method;
};

/// Limits of Misra-Gries, checked before allocating: the work is O(sum of squared degrees).
struct EdgeColouringLimits {
  static constexpr double max_misra_gries_work = 4e9;
};

/// The natural colouring of the topology's family (see the file comment); Misra-Gries for trees
/// and custom graphs. Throws std::invalid_argument when Misra-Gries would exceed its work limit.
/// With a ParallelFor of several threads the natural colourings are computed by node blocks
/// (core/model/edge_blocks.h): the same colouring.
EdgeColouring natural_edge_colouring(const Topology& topology,
                                     const ParallelFor* parallel = nullptr);

/// Misra-Gries: a proper colouring with at most max degree + 1 colours for any simple graph.
EdgeColouring misra_gries_colouring(const Topology& topology);

/// Empty if `c` is a proper colouring of the topology's edges with colours in [0, c.colours),
/// else the first problem found. Independent of how the colouring was built (used by verifiers).
std::string check_edge_colouring(const Topology& topology, const EdgeColouring& c);

}  // namespace loadlab::core
