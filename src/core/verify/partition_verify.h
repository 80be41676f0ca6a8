// Independent checker for mesh partitions (survey 002 §2.2–2.3): written apart from
// core/partition/metrics.cpp. From the mesh and the part vector alone it checks that every vertex
// is in exactly one part in [0, P), recomputes every reported metric a different way (edge list
// instead of CSR walks, union–find instead of breadth-first search, sorted (vertex, part) pairs for
// the communication volume) and compares; with an allocation it checks the map is a bijection onto
// the topology's nodes and recomputes the hop-weighted cut and objective (2) from BFS distances.
#pragma once

#include <string>
#include <vector>

#include "core/model/topology.h"
#include "core/partition/mesh.h"
#include "core/partition/metrics.h"

namespace loadlab::core {

struct PartitionVerification {
  bool ok = true;
  std::vector<std::string> errors;  ///< the first problems found
};

PartitionVerification verify_partition(const Mesh& m, int parts, const std::vector<int>& part,
                                       const PartitionMetrics& reported,
                                       const Allocation* allocation = nullptr,
                                       const Topology* topology = nullptr);

}  // namespace loadlab::core
