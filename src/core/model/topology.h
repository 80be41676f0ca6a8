// Processor networks: the graphs the load-balancing algorithms run on.
//
// A Topology stores its adjacency in compressed form (CSR) so that million-node cubes and meshes
// fit easily, plus the parameters of its family (dimension, rows/cols, tree parents) so algorithms
// that need the structure (CWA, MWA, TWA) can read it. Node numbering follows the papers: hypercube
// nodes are bit strings (neighbour across dimension k is i ^ 2^k), meshes are row-major, trees are
// preorder.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/util/rng.h"

namespace loadlab::core {

enum class TopologyKind { Tree, Hypercube, Mesh, Torus, Ring, Line, Complete, Custom };

/// Name used in scenario JSON ("tree", "hypercube", ...).
const char* topology_kind_name(TopologyKind kind);

struct Edge {
  int a = 0;
  int b = 0;
  friend bool operator==(const Edge&, const Edge&) = default;
};

struct Point {
  float x = 0;
  float y = 0;
};

/// Size limits shared by the constructors, the scenario validator and the docs.
struct TopologyLimits {
  static constexpr int max_nodes = 1 << 21;  // 2,097,152: a 21-cube or a 1448x1448 mesh
  static constexpr int max_hypercube_dim = 21;
  static constexpr std::int64_t max_edges = 1LL << 25;  // complete graphs are capped by this
};

class Topology {
 public:
  /// Tree given by its parent array in preorder (parents[0] == -1, every subtree contiguous).
  /// Throws std::invalid_argument naming the offending index otherwise.
  static Topology tree(std::vector<int> parents);
  /// Complete k-ary tree of the given depth (depth 0 = a single node), numbered in preorder.
  static Topology kary_tree(int k, int depth);
  /// Random tree on n nodes in preorder (each node's parent is a uniform node on the current
  /// rightmost path, which yields every shape with positive probability).
  static Topology random_tree(int n, util::Rng& rng);
  static Topology hypercube(int dim);
  static Topology mesh(int rows, int cols);
  static Topology torus(int rows, int cols);
  static Topology ring(int n);
  static Topology line(int n);
  static Topology complete(int n);
  /// Arbitrary undirected graph; self-loops and duplicate edges are rejected.
  static Topology custom(int n, const std::vector<Edge>& edges);

  TopologyKind kind() const { return kind_; }
  int size() const { return n_; }
  std::span<const int> neighbours(int v) const {
    return {adj_.data() + offsets_[v], adj_.data() + offsets_[v + 1]};
  }
  int degree(int v) const { return static_cast<int>(offsets_[v + 1] - offsets_[v]); }
  std::int64_t edge_count() const { return static_cast<std::int64_t>(adj_.size()) / 2; }
  /// Every undirected edge once, with a < b, in order of a then b.
  std::vector<Edge> edges() const;
  /// Calls f(a, b, index) for every edge in the order of edges(), without building that vector
  /// (16 bytes per edge: 32 MB for a 1024 x 1024 torus, paid on every GDE run otherwise).
  template <class F>
  void for_each_edge(F&& f) const {
    int index = 0;  // edge_count() <= max_edges < 2^31
    for (int a = 0; a < n_; ++a)
      for (int b : neighbours(a))
        if (a < b) f(a, b, index++);
  }
  bool has_link(int a, int b) const;

  /// Hop distance: closed form for the regular families, breadth-first search otherwise.
  int distance(int a, int b) const;
  /// Hop distances from s to every node (breadth-first search); -1 for unreachable nodes.
  std::vector<int> distances_from(int s) const;
  /// Longest shortest path; closed form for regular families, BFS from every node otherwise.
  int diameter() const;
  bool connected() const;

  /// 2-D position hints in [0,1]^2 for drawing every node (layered tree, nested-square cube, grid,
  /// circle). O(n), except custom graphs of more than kCustomCircleMaxNodes nodes: those get the
  /// graph layout of core/util/graph_layout.h (pivot MDS + sparse stress, O(pivots * edges), cached
  /// per graph), scaled uniformly into the unit square. Views compute it once per topology.
  std::vector<Point> layout() const;
  /// Custom graphs up to this many nodes are drawn on a circle.
  static constexpr int kCustomCircleMaxNodes = 12;

  // Family parameters (0 / empty when not applicable).
  int dim() const { return dim_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  /// Tree parents in preorder (empty for other kinds).
  const std::vector<int>& parents() const { return parents_; }
  /// Tree depth of node v (0 for the root); empty for other kinds.
  const std::vector<int>& depths() const { return depth_; }

 private:
  Topology() = default;
  void build_from_edges(int n, const std::vector<Edge>& edges);

  TopologyKind kind_ = TopologyKind::Custom;
  int n_ = 0;
  int dim_ = 0, rows_ = 0, cols_ = 0;
  std::vector<std::int64_t> offsets_;
  std::vector<int> adj_;
  std::vector<int> parents_;
  std::vector<int> depth_;
};

}  // namespace loadlab::core
