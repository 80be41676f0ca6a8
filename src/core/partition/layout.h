// A 2-D drawing of a mesh that has no coordinates: the graph layout of core/util/graph_layout.h
// (pivot MDS, then sparse stress majorization) applied to a Mesh. The same coordinates let the
// geometric partitioning methods (strips, ORB-M/I and what is built on them) run on such graphs.
// Deterministic: identical natively and in WebAssembly.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/partition/mesh.h"
#include "core/util/graph_layout.h"

namespace loadlab::core {

/// x, y per vertex (2n values), edge length about 1. Each connected component is laid out on its
/// own; components are placed side by side, largest first. Empty when cancelled.
std::vector<double> compute_mesh_layout(const Mesh& m, const LayoutOptions& opts = {});

/// A hash of the graph (vertex count and adjacency; not weights or coordinates): the layout's
/// cache key.
std::uint64_t mesh_graph_hash(const Mesh& m);

/// compute_mesh_layout, cached per graph (the last few graphs, thread-safe; the cache is shared
/// with cached_graph_layout): a cached layout is returned at once (opts.progress then gets 1.0);
/// otherwise it is computed with `opts` and cached when complete. nullptr when cancelled. The cache
/// does not key on the options: callers that share it (the app's background job, the geometric
/// methods) use the default pivots and sweeps.
std::shared_ptr<const std::vector<double>> cached_mesh_layout(const Mesh& m,
                                                              const LayoutOptions& opts = {});

/// `m` with the cached layout as its 2-D coordinates (a copy; `m` itself is unchanged).
Mesh mesh_with_layout(const Mesh& m);

}  // namespace loadlab::core
