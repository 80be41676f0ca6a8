// Topology and load vectors in scenario JSON.
#pragma once

#include "core/model/loads.h"
#include "core/model/topology.h"
#include "io/json_reader.h"

namespace loadlab::io {

/// Reads "topology" objects: {"type": "hypercube", "dim": 3}, {"type": "tree", "parents": [...]},
/// {"type": "tree", "generator": "kary", "k": 2, "depth": 3}, {"type": "tree", "generator":
/// "random", "nodes": 100}, {"type": "mesh"|"torus", "rows": r, "cols": c}, {"type":
/// "ring"|"line"|"complete", "nodes": n}, {"type": "custom", "nodes": n, "edges": [[a, b], ...]}.
/// Random trees use `seed`.
core::Topology read_topology(const JsonReader& t, std::uint64_t seed);

/// Reads "loads": an explicit array of non-negative integers (one per node), or a generator object
/// {"generator": "uniform"|"multinomial"|"hot_spot"|"ramp", "mean": m, "hot_node": i}.
/// `pointer` is the JSON pointer of the loads value.
core::LoadVector read_loads(const Json& loads, const std::string& pointer, int nodes,
                            std::uint64_t seed);

}  // namespace loadlab::io
