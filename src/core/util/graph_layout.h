// A 2-D drawing of a graph that has no coordinates (graph_layout.cpp): pivot MDS for the global
// shape, then sparse stress majorization so outlines and holes show. Graph-level entry point (CSR
// in, 2n doubles out) shared by the partition room's meshes (core/partition/layout.h) and the
// custom processor networks of the model layer (Topology::layout). Deterministic: identical
// natively and in WebAssembly.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace loadlab::core {

struct LayoutOptions {
  /// Pivots of pivot MDS (BFS sources); clamped to the component's size.
  int pivots = 50;
  /// Sparse stress majorization sweeps after pivot MDS (0 = pivot MDS only).
  int stress_iterations = 30;
  /// Called with the fraction done (0..1); may be empty.
  std::function<void(double)> progress;
  /// Set to true to stop early: the layout functions then return an empty vector / nullptr.
  const std::atomic<bool>* cancel = nullptr;
};

/// x, y per vertex (2n values, n = offsets.size() - 1), edge length about 1, for the undirected
/// graph in CSR form (every edge listed from both ends). Each connected component is laid out on
/// its own; components are placed side by side, largest first. Empty when cancelled.
std::vector<double> compute_graph_layout(std::span<const std::int64_t> offsets,
                                         std::span<const int> adjacency,
                                         const LayoutOptions& opts = {});

/// A hash of the graph (vertex count and CSR arrays): the layout's cache key.
std::uint64_t graph_hash(std::span<const std::int64_t> offsets, std::span<const int> adjacency);

/// compute_graph_layout, cached per graph (the last few graphs, thread-safe): a cached layout is
/// returned at once (opts.progress then gets 1.0); otherwise it is computed with `opts` and cached
/// when complete. nullptr when cancelled. The cache does not key on the options: every caller uses
/// the default pivots and sweeps.
std::shared_ptr<const std::vector<double>> cached_graph_layout(
    std::span<const std::int64_t> offsets, std::span<const int> adjacency,
    const LayoutOptions& opts = {});

}  // namespace loadlab::core
