// The graph of a computational mesh (survey 002 §2.2: "the topological graph of the mesh"): CSR
// adjacency, unit edge weights, integer vertex weights (the work W of a mesh point), and optional
// 2-D or 3-D vertex coordinates for the geometric methods of Table 1.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace loadlab::core {

/// Size limits shared by the generators, the file reader, the scenario validator and
/// docs/scenario-partition.md. Every constructor checks them before allocating.
struct MeshLimits {
  static constexpr std::int64_t max_vertices = 1 << 21;       // 2,097,152 (a 1448 x 1448 grid)
  static constexpr std::int64_t max_edges = 1LL << 23;        // 8,388,608 undirected edges
  static constexpr std::int64_t max_random_points = 1 << 20;  // Delaunay generator
  static constexpr int max_parts = 4096;
  static constexpr std::int64_t max_vertex_weight = 1'000'000;
};

struct MeshEdge {
  int a = 0;
  int b = 0;
};

class Mesh {
 public:
  Mesh() = default;
  /// Builds from an undirected edge list. Throws std::invalid_argument (naming the edge index) on
  /// out-of-range endpoints, self-loops or duplicates. `coords` is empty or n*dim values (dim 2/3).
  static Mesh from_edges(int n, const std::vector<MeshEdge>& edges, int dim = 0,
                         std::vector<double> coords = {});
  /// Builds from CSR arrays that are already symmetric and free of self-loops/duplicates (the
  /// generators); checked in debug builds only.
  static Mesh from_csr(std::vector<std::int64_t> offsets, std::vector<int> adj, int dim,
                       std::vector<double> coords);

  int size() const { return n_; }
  std::int64_t edge_count() const { return static_cast<std::int64_t>(adj_.size()) / 2; }
  std::span<const int> neighbours(int v) const {
    return {adj_.data() + offsets_[v], adj_.data() + offsets_[v + 1]};
  }
  int degree(int v) const { return static_cast<int>(offsets_[v + 1] - offsets_[v]); }
  const std::vector<std::int64_t>& offsets() const { return offsets_; }
  const std::vector<int>& adjacency() const { return adj_; }

  /// 0 (no coordinates), 2 or 3.
  int dim() const { return dim_; }
  bool has_coordinates() const { return dim_ > 0; }
  double coord(int v, int axis) const { return coords_[static_cast<std::size_t>(v) * dim_ + axis]; }
  const std::vector<double>& coordinates() const { return coords_; }

  std::int64_t weight(int v) const { return weights_.empty() ? 1 : weights_[v]; }
  std::int64_t total_weight() const;
  const std::vector<std::int64_t>& weights() const { return weights_; }
  /// Empty = unit weights. Throws std::invalid_argument on a wrong length or weight < 1.
  void set_weights(std::vector<std::int64_t> w);
  /// Attaches coordinates (n*dim values, dim 2 or 3).
  void set_coordinates(int dim, std::vector<double> coords);

 private:
  int n_ = 0;
  int dim_ = 0;
  std::vector<std::int64_t> offsets_{0};
  std::vector<int> adj_;
  std::vector<double> coords_;
  std::vector<std::int64_t> weights_;
};

}  // namespace loadlab::core
