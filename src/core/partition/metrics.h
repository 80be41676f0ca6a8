// Partition quality as Zoltan/METIS report it, and the allocation phase of survey 002 §2.2 (map the
// P subdomains onto a processor network; objective (2)).
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"
#include "core/partition/mesh.h"

namespace loadlab::core {

struct PartitionMetrics {
  std::int64_t edge_cut = 0;              ///< edges whose ends are in different parts
  double imbalance = 0;                   ///< max part weight / (total weight / P)
  std::int64_t communication_volume = 0;  ///< Σ_v (number of other parts among v's neighbours)
  std::int64_t boundary_vertices = 0;     ///< vertices with a neighbour in another part
  int max_neighbour_parts = 0;            ///< max over parts of the number of adjacent parts
  int disconnected_parts = 0;  ///< non-empty parts whose induced subgraph is disconnected
  int empty_parts = 0;
  std::vector<std::int64_t> part_weights;
};

/// Metrics of `part` (values in [0, parts)); throws std::invalid_argument on a bad part vector.
PartitionMetrics compute_partition_metrics(const Mesh& m, const std::vector<int>& part, int parts);

/// The part graph: cut edges between each pair of parts (a < b).
struct PartEdge {
  int a = 0, b = 0;
  std::int64_t cut = 0;
};
std::vector<PartEdge> part_graph(const Mesh& m, const std::vector<int>& part);

struct AllocationLimits {
  static constexpr int max_nodes = 1024;  // P × P hop table
};

struct Allocation {
  std::vector<int> processor;        ///< processor[part]: node of the topology
  std::int64_t hop_cut = 0;          ///< Σ over part pairs of cut × hops(m(a), m(b))
  std::int64_t natural_hop_cut = 0;  ///< the same for the natural map part i -> node i
  std::int64_t objective_2 = 0;      ///< max_i W(D_i) + Σ_{j adjacent} cut(i, j) × hops
  std::int64_t natural_objective_2 = 0;
  int swaps = 0;  ///< improving pairwise swaps applied
};

/// Allocation phase (survey 002 §2.2, criterion (v)): start from the natural map and apply
/// improving pairwise swaps of the processors of two parts until none lowers hop_cut. Needs
/// topology size == parts <= AllocationLimits::max_nodes (std::invalid_argument otherwise).
Allocation allocate_parts(const Mesh& m, const std::vector<int>& part, int parts,
                          const Topology& topology);

/// Objective (2) of survey 002 for a map: W = part weight, C = cut × hops.
std::int64_t objective_2(const std::vector<std::int64_t>& part_weights,
                         const std::vector<PartEdge>& graph, const std::vector<int>& processor,
                         const Topology& topology);

}  // namespace loadlab::core
