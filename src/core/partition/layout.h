// A 2-D drawing of a graph that has no coordinates (layout.cpp): pivot MDS for the global shape,
// then sparse stress majorization so the mesh's outline and holes show. The same coordinates let
// the geometric partitioning methods (strips, ORB-M/I and what is built on them) run on such
// graphs. Deterministic: identical natively and in WebAssembly.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/partition/mesh.h"

namespace loadlab::core {

struct LayoutOptions {
  /// Pivots of pivot MDS (BFS sources); clamped to the component's size.
  int pivots = 50;
  /// Sparse stress majorization sweeps after pivot MDS (0 = pivot MDS only).
  int stress_iterations = 30;
  /// Called with the fraction done (0..1); may be empty.
  std::function<void(double)> progress;
  /// Set to true to stop early: compute_mesh_layout then returns an empty vector.
  const std::atomic<bool>* cancel = nullptr;
};

/// x, y per vertex (2n values), edge length about 1. Each connected component is laid out on its
/// own; components are placed side by side, largest first. Empty when cancelled.
std::vector<double> compute_mesh_layout(const Mesh& m, const LayoutOptions& opts = {});

/// A hash of the graph (vertex count and adjacency; not weights or coordinates): the layout's
/// cache key.
std::uint64_t mesh_graph_hash(const Mesh& m);

/// compute_mesh_layout, cached per graph (the last few graphs, thread-safe): a cached layout is
/// returned at once (opts.progress then gets 1.0); otherwise it is computed with `opts` and cached
/// when complete. nullptr when cancelled. The cache does not key on the options: callers that share
/// it (the app's background job, the geometric methods) use the default pivots and sweeps.
std::shared_ptr<const std::vector<double>> cached_mesh_layout(const Mesh& m,
                                                              const LayoutOptions& opts = {});

/// `m` with the cached layout as its 2-D coordinates (a copy; `m` itself is unchanged).
Mesh mesh_with_layout(const Mesh& m);

}  // namespace loadlab::core
