// Work on a topology's edges in parallel without changing any result: the nodes are cut into
// blocks, and the edges of block k (a < b with a in the block) are the contiguous edge indices
// [first[k], first[k + 1]) of Topology::edges()'s order, so a block-by-block pass writes exactly
// what the serial pass writes. One block when there is one thread or the network is small.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"
#include "core/util/parallel_for.h"

namespace loadlab::core {

class EdgeBlocks {
 public:
  EdgeBlocks(const Topology& topology, const ParallelFor* parallel)
      : t_(topology), parallel_(parallel) {
    const int threads = parallel ? parallel->threads() : 1;
    blocks_ = threads > 1 && topology.size() >= kMinParallelNodes ? 16 * threads : 1;
    first_.assign(static_cast<std::size_t>(blocks_) + 1, 0);
    for_each([&](int k, int lo, int hi, std::int64_t) {
      std::int64_t forward = 0;
      for (int a = lo; a < hi; ++a)
        for (int b : t_.neighbours(a)) forward += b > a;
      first_[static_cast<std::size_t>(k) + 1] = forward;
    });
    for (std::size_t k = 0; k < static_cast<std::size_t>(blocks_); ++k) first_[k + 1] += first_[k];
  }

  int blocks() const { return blocks_; }
  /// Calls body(k, node_lo, node_hi, first_edge) for every block, in parallel when there are
  /// several (first_edge is valid once the constructor has finished).
  template <class F>
  void for_each(F&& body) const {
    auto range = [&](std::int64_t b, std::int64_t e) {
      for (std::int64_t k = b; k < e; ++k)
        body(static_cast<int>(k), node_lo(k), node_lo(k + 1), first_[static_cast<std::size_t>(k)]);
    };
    if (blocks_ > 1)  // few expensive units: one chunk each
      parallel_->run_coarse_phases(
          {blocks_}, [&](int, std::int64_t b, std::int64_t e) { range(b, e); }, nullptr);
    else
      range(0, 1);
  }
  /// Edge index range of block k.
  std::int64_t first_edge(int k) const { return first_[static_cast<std::size_t>(k)]; }
  std::int64_t end_edge(int k) const { return first_[static_cast<std::size_t>(k) + 1]; }

  static constexpr int kMinParallelNodes = 1 << 16;

 private:
  int node_lo(std::int64_t k) const {
    return static_cast<int>(static_cast<std::int64_t>(t_.size()) * k / blocks_);
  }
  const Topology& t_;
  const ParallelFor* parallel_;
  int blocks_ = 1;
  std::vector<std::int64_t> first_;
};

}  // namespace loadlab::core
