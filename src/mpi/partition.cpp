// Block split of the nodes across ranks (see partition.h).
#include "mpi/partition.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace loadlab::mpi {

std::vector<int> rank_blocks(const core::Topology& topology, int ranks) {
  const int n = topology.size();
  if (ranks < 1) throw std::invalid_argument("rank count must be at least 1");
  if (ranks > n)
    throw std::invalid_argument(std::to_string(ranks) + " MPI ranks for a network of " +
                                std::to_string(n) + " nodes: every rank needs at least one node " +
                                "(use at most " + std::to_string(n) + " ranks)");
  std::vector<int> b(static_cast<std::size_t>(ranks) + 1, 0);
  if (topology.kind() == core::TopologyKind::Hypercube) {
    // 2^k equal sub-cubes (2^k <= ranks), then the first `extra` of them halved.
    int k = 0;
    while ((2 << k) <= ranks) ++k;
    const int extra = ranks - (1 << k);
    const int big = n >> k;
    int at = 0, r = 0;
    for (int c = 0; c < (1 << k); ++c) {
      if (c < extra) {
        b[static_cast<std::size_t>(++r)] = at + big / 2;
      }
      at += big;
      b[static_cast<std::size_t>(++r)] = at;
    }
    return b;
  }
  for (int r = 0; r <= ranks; ++r)
    b[static_cast<std::size_t>(r)] = static_cast<int>(static_cast<std::int64_t>(r) * n / ranks);
  return b;
}

int block_owner(const std::vector<int>& bounds, int v) {
  return static_cast<int>(std::upper_bound(bounds.begin(), bounds.end(), v) - bounds.begin()) - 1;
}

}  // namespace loadlab::mpi
