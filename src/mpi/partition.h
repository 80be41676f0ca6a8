// How the MPI transport splits a network's nodes across ranks (no MPI in here: unit-testable).
//
// Blocks are contiguous ranges of the topology's numbering in rank order, so rank r's nodes all
// have smaller ids than rank r+1's: concatenating received batches in rank order is already
// sender-id order (docs/simulation.md, delivery rule 2).
#pragma once

#include <vector>

#include "core/model/topology.h"

namespace loadlab::mpi {

/// Block bounds for `ranks` processes: rank r owns nodes [b[r], b[r+1]) (ranks + 1 entries, b[0] =
/// 0, b[ranks] = N, every block non-empty).
/// - Hypercubes: aligned sub-cubes. With a power-of-two rank count these are the balanced split
///   (2^k equal sub-cubes of dimension d-k); otherwise the first blocks are halved again, so sizes
///   differ by a factor of 2 at most and every block is still a sub-cube (cut links stay minimal:
///   a node of a dimension-j sub-cube has d-j links leaving it).
/// - Every other topology: the balanced split b[r] = floor(r*N/ranks) (meshes and tori become row
///   bands, trees preorder ranges), the same split the thread engine uses.
/// Throws std::invalid_argument if ranks < 1 or ranks > N (a rank would own no node).
std::vector<int> rank_blocks(const core::Topology& topology, int ranks);

/// The rank owning node v, given rank_blocks' bounds (binary search).
int block_owner(const std::vector<int>& bounds, int v);

}  // namespace loadlab::mpi
