// The partition kind's narration. For the methods whose first bisection can be traced (orb_m,
// orb_i, orb_e, orb_kl: bisection_trace.h) step 0 is that split and each following step one
// Fiduccia–Mattheyses move or rollback, in the same order as the playground's step view; then,
// for every method, one step per part of the result (its weight against the target, its extent
// and its cut edges), in the method's own terms (strip, lattice cell, ORB half, cluster, ...).
// Houstis, Kapidakis, Markatos & Gelenbe's survey (1996), Section 2.3 and Table 1.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/partition/bisection_trace.h"
#include "core/partition/mesh.h"

namespace loadlab::core {

/// Short pseudo-code of a partitioning method; empty if unknown.
std::vector<std::string> partition_pseudocode(std::string_view method);

/// Narrates a partition `part` (part[v] in [0, parts)) of `mesh` by `method`; `trace` (nullable)
/// is the method's first bisection (trace_first_bisection).
Narration partition_narration(std::string_view method, const Mesh& mesh, int parts,
                              const std::vector<int>& part, const BisectionTrace* trace);

}  // namespace loadlab::core
