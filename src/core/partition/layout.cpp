// Mesh wrappers of the graph layout (core/util/graph_layout.cpp: pivot MDS after Brandes & Pich,
// "Eigensolver methods for progressive multidimensional scaling of large data", Graph Drawing
// 2006, refined by sparse stress majorization after Ortmann, Klimenta & Brandes, "A sparse stress
// model", Graph Drawing 2016).
#include "core/partition/layout.h"

namespace loadlab::core {

std::vector<double> compute_mesh_layout(const Mesh& m, const LayoutOptions& opts) {
  return compute_graph_layout(m.offsets(), m.adjacency(), opts);
}

std::uint64_t mesh_graph_hash(const Mesh& m) {
  return graph_hash(m.offsets(), m.adjacency());
}

std::shared_ptr<const std::vector<double>> cached_mesh_layout(const Mesh& m,
                                                              const LayoutOptions& opts) {
  return cached_graph_layout(m.offsets(), m.adjacency(), opts);
}

Mesh mesh_with_layout(const Mesh& m) {
  Mesh copy = m;
  copy.set_coordinates(2, std::vector<double>(*cached_mesh_layout(m)));
  return copy;
}

}  // namespace loadlab::core
