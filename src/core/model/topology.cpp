#include "core/model/topology.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <queue>
#include <stdexcept>
#include <string>

#include "core/util/graph_layout.h"

namespace loadlab::core {

namespace {

void topology_require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

void require_nodes(std::int64_t n) {
  topology_require(n >= 1, "a topology needs at least one node");
  topology_require(n <= TopologyLimits::max_nodes,
                   "too many nodes: " + std::to_string(n) + " (limit " +
                       std::to_string(TopologyLimits::max_nodes) + ")");
}

}  // namespace

const char* topology_kind_name(TopologyKind kind) {
  switch (kind) {
    case TopologyKind::Tree:
      return "tree";
    case TopologyKind::Hypercube:
      return "hypercube";
    case TopologyKind::Mesh:
      return "mesh";
    case TopologyKind::Torus:
      return "torus";
    case TopologyKind::Ring:
      return "ring";
    case TopologyKind::Line:
      return "line";
    case TopologyKind::Complete:
      return "complete";
    case TopologyKind::Custom:
      return "custom";
  }
  return "custom";
}

void Topology::build_from_edges(int n, const std::vector<Edge>& edges) {
  n_ = n;
  offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (const Edge& e : edges) {
    ++offsets_[e.a + 1];
    ++offsets_[e.b + 1];
  }
  for (int v = 0; v < n; ++v) offsets_[v + 1] += offsets_[v];
  adj_.assign(static_cast<std::size_t>(offsets_[n]), 0);
  std::vector<std::int64_t> fill(offsets_.begin(), offsets_.end() - 1);
  for (const Edge& e : edges) {
    adj_[fill[e.a]++] = e.b;
    adj_[fill[e.b]++] = e.a;
  }
  // Sorted neighbour lists make has_link a binary search and output order deterministic.
  for (int v = 0; v < n; ++v) std::sort(adj_.begin() + offsets_[v], adj_.begin() + offsets_[v + 1]);
}

Topology Topology::tree(std::vector<int> parents) {
  require_nodes(static_cast<std::int64_t>(parents.size()));
  topology_require(parents[0] == -1, "parents[0] must be -1 (node 0 is the root)");
  const int n = static_cast<int>(parents.size());
  Topology t;
  t.kind_ = TopologyKind::Tree;
  t.depth_.assign(n, 0);
  // Preorder check: the parent of node i must lie on the path from the root to node i-1.
  std::vector<int> stack{0};
  std::vector<Edge> edges;
  edges.reserve(n - 1);
  for (int i = 1; i < n; ++i) {
    const int p = parents[i];
    topology_require(p >= 0 && p < i, "parents[" + std::to_string(i) + "] = " + std::to_string(p) +
                                          " must be a node before " + std::to_string(i) +
                                          " (preorder)");
    while (!stack.empty() && stack.back() != p) stack.pop_back();
    topology_require(!stack.empty(), "parents[" + std::to_string(i) + "] = " + std::to_string(p) +
                                         " breaks preorder: node " + std::to_string(p) +
                                         "'s subtree was already closed");
    stack.push_back(i);
    t.depth_[i] = t.depth_[p] + 1;
    edges.push_back({p, i});
  }
  t.build_from_edges(n, edges);
  t.parents_ = std::move(parents);
  return t;
}

Topology Topology::kary_tree(int k, int depth) {
  topology_require(k >= 1, "k must be at least 1");
  topology_require(depth >= 0, "depth must be non-negative");
  std::int64_t n = 0, level = 1;
  for (int i = 0; i <= depth; ++i) {
    n += level;
    topology_require(
        n <= TopologyLimits::max_nodes,
        "k-ary tree too large (limit " + std::to_string(TopologyLimits::max_nodes) + " nodes)");
    level *= k;
  }
  std::vector<int> parents;
  parents.reserve(n);
  // Preorder construction with an explicit stack of (node, depth).
  std::vector<std::pair<int, int>> pending{{-1, 0}};
  while (!pending.empty()) {
    auto [parent, d] = pending.back();
    pending.pop_back();
    const int id = static_cast<int>(parents.size());
    parents.push_back(parent);
    if (d < depth)
      for (int c = 0; c < k; ++c) pending.push_back({id, d + 1});
  }
  return tree(std::move(parents));
}

Topology Topology::random_tree(int n, util::Rng& rng) {
  require_nodes(n);
  std::vector<int> parents(n, -1);
  std::vector<int> path{0};  // rightmost path: the only legal parents in preorder
  for (int i = 1; i < n; ++i) {
    const auto pick = static_cast<std::size_t>(rng.below(path.size()));
    parents[i] = path[pick];
    path.resize(pick + 1);
    path.push_back(i);
  }
  return tree(std::move(parents));
}

Topology Topology::hypercube(int dim) {
  topology_require(dim >= 0 && dim <= TopologyLimits::max_hypercube_dim,
                   "hypercube dimension must be in [0, " +
                       std::to_string(TopologyLimits::max_hypercube_dim) + "]");
  const int n = 1 << dim;
  Topology t;
  t.kind_ = TopologyKind::Hypercube;
  t.dim_ = dim;
  t.n_ = n;
  t.offsets_.resize(n + 1);
  t.adj_.resize(static_cast<std::size_t>(n) * dim);
  for (int v = 0; v <= n; ++v) t.offsets_[v] = static_cast<std::int64_t>(v) * dim;
  for (int v = 0; v < n; ++v) {
    int* out = t.adj_.data() + static_cast<std::size_t>(v) * dim;
    for (int k = 0; k < dim; ++k) out[k] = v ^ (1 << k);
    std::sort(out, out + dim);
  }
  return t;
}

Topology Topology::mesh(int rows, int cols) {
  topology_require(rows >= 1 && cols >= 1, "mesh rows and cols must be at least 1");
  require_nodes(static_cast<std::int64_t>(rows) * cols);
  std::vector<Edge> edges;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = r * cols + c;
      if (c + 1 < cols) edges.push_back({v, v + 1});
      if (r + 1 < rows) edges.push_back({v, v + cols});
    }
  Topology t;
  t.build_from_edges(rows * cols, edges);
  t.kind_ = TopologyKind::Mesh;
  t.rows_ = rows;
  t.cols_ = cols;
  return t;
}

Topology Topology::torus(int rows, int cols) {
  topology_require(rows >= 3 && cols >= 3,
                   "torus rows and cols must be at least 3 (smaller wraps duplicate links)");
  require_nodes(static_cast<std::int64_t>(rows) * cols);
  std::vector<Edge> edges;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = r * cols + c;
      edges.push_back({v, r * cols + (c + 1) % cols});
      edges.push_back({v, ((r + 1) % rows) * cols + c});
    }
  Topology t;
  t.build_from_edges(rows * cols, edges);
  t.kind_ = TopologyKind::Torus;
  t.rows_ = rows;
  t.cols_ = cols;
  return t;
}

Topology Topology::ring(int n) {
  topology_require(n >= 3, "a ring needs at least 3 nodes");
  require_nodes(n);
  std::vector<Edge> edges;
  for (int v = 0; v < n; ++v) edges.push_back({v, (v + 1) % n});
  Topology t;
  t.build_from_edges(n, edges);
  t.kind_ = TopologyKind::Ring;
  return t;
}

Topology Topology::line(int n) {
  require_nodes(n);
  std::vector<Edge> edges;
  for (int v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1});
  Topology t;
  t.build_from_edges(n, edges);
  t.kind_ = TopologyKind::Line;
  return t;
}

Topology Topology::complete(int n) {
  require_nodes(n);
  topology_require(
      static_cast<std::int64_t>(n) * (n - 1) / 2 <= TopologyLimits::max_edges,
      "complete graph too large: " + std::to_string(n) + " nodes exceed the edge limit");
  std::vector<Edge> edges;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) edges.push_back({a, b});
  Topology t;
  t.build_from_edges(n, edges);
  t.kind_ = TopologyKind::Complete;
  return t;
}

Topology Topology::custom(int n, const std::vector<Edge>& edges) {
  require_nodes(n);
  topology_require(static_cast<std::int64_t>(edges.size()) <= TopologyLimits::max_edges,
                   "too many edges");
  std::vector<Edge> norm;
  norm.reserve(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    const std::string where = "edge " + std::to_string(i);
    topology_require(e.a >= 0 && e.a < n && e.b >= 0 && e.b < n,
                     where + " names a node outside [0, " + std::to_string(n) + ")");
    topology_require(e.a != e.b, where + " is a self-loop");
    norm.push_back({std::min(e.a, e.b), std::max(e.a, e.b)});
  }
  std::vector<Edge> sorted = norm;
  std::sort(sorted.begin(), sorted.end(),
            [](const Edge& x, const Edge& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  for (std::size_t i = 1; i < sorted.size(); ++i)
    topology_require(
        !(sorted[i] == sorted[i - 1]),
        "duplicate edge " + std::to_string(sorted[i].a) + "-" + std::to_string(sorted[i].b));
  Topology t;
  t.build_from_edges(n, norm);
  t.kind_ = TopologyKind::Custom;
  return t;
}

std::vector<Edge> Topology::edges() const {
  std::vector<Edge> out;
  out.reserve(static_cast<std::size_t>(edge_count()));
  for (int a = 0; a < n_; ++a)
    for (int b : neighbours(a))
      if (a < b) out.push_back({a, b});
  return out;
}

bool Topology::has_link(int a, int b) const {
  if (a < 0 || b < 0 || a >= n_ || b >= n_) return false;
  auto nb = neighbours(a);
  return std::binary_search(nb.begin(), nb.end(), b);
}

std::vector<int> Topology::distances_from(int s) const {
  std::vector<int> dist(n_, -1);
  std::vector<int> queue{s};
  dist[s] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int v = queue[head];
    for (int w : neighbours(v))
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        queue.push_back(w);
      }
  }
  return dist;
}

int Topology::distance(int a, int b) const {
  switch (kind_) {
    case TopologyKind::Hypercube:
      return std::popcount(static_cast<unsigned>(a ^ b));
    case TopologyKind::Mesh:
      return std::abs(a / cols_ - b / cols_) + std::abs(a % cols_ - b % cols_);
    case TopologyKind::Torus: {
      const int dr = std::abs(a / cols_ - b / cols_), dc = std::abs(a % cols_ - b % cols_);
      return std::min(dr, rows_ - dr) + std::min(dc, cols_ - dc);
    }
    case TopologyKind::Ring: {
      const int d = std::abs(a - b);
      return std::min(d, n_ - d);
    }
    case TopologyKind::Line:
      return std::abs(a - b);
    case TopologyKind::Complete:
      return a == b ? 0 : 1;
    default:
      return distances_from(a)[b];
  }
}

int Topology::diameter() const {
  switch (kind_) {
    case TopologyKind::Hypercube:
      return dim_;
    case TopologyKind::Mesh:
      return rows_ - 1 + cols_ - 1;
    case TopologyKind::Torus:
      return rows_ / 2 + cols_ / 2;
    case TopologyKind::Ring:
      return n_ / 2;
    case TopologyKind::Line:
      return n_ - 1;
    case TopologyKind::Complete:
      return n_ > 1 ? 1 : 0;
    case TopologyKind::Tree: {
      // Two BFS sweeps give a tree's diameter exactly.
      auto d0 = distances_from(0);
      const int far = static_cast<int>(std::max_element(d0.begin(), d0.end()) - d0.begin());
      auto d1 = distances_from(far);
      return *std::max_element(d1.begin(), d1.end());
    }
    case TopologyKind::Custom: {
      int best = 0;
      for (int s = 0; s < n_; ++s) {
        auto d = distances_from(s);
        for (int x : d) {
          if (x < 0) return -1;  // disconnected
          best = std::max(best, x);
        }
      }
      return best;
    }
  }
  return 0;
}

bool Topology::connected() const {
  auto d = distances_from(0);
  return std::none_of(d.begin(), d.end(), [](int x) { return x < 0; });
}

namespace {

Point closed_form_layout(TopologyKind kind, int v, int n, int dim, int rows, int cols) {
  switch (kind) {
    case TopologyKind::Mesh:
    case TopologyKind::Torus:
      return {cols > 1 ? float(v % cols) / float(cols - 1) : 0.5f,
              rows > 1 ? float(v / cols) / float(rows - 1) : 0.5f};
    case TopologyKind::Line:
      return {n > 1 ? float(v) / float(n - 1) : 0.5f, 0.5f};
    case TopologyKind::Hypercube: {
      if (dim <= 6) {
        // Nested cubes: dimension k moves a node by the fixed offset kDir[k], so a d-cube is two
        // (d-1)-cubes side by side and the links of one dimension are parallel and equally long.
        // Dimensions 0-2 draw a 3-cube in oblique projection; 3-5 place copies of it right, down
        // and right again, each slightly tilted: an untilted offset would be collinear with a
        // lower dimension's links and draw links straight through nodes. The offsets were searched
        // so that every link clears every other node by about the drawn node radius (tested in
        // tests/app/test_network_view_model.cpp). Up to d = 3 the wider classic oblique cube.
        static constexpr double kSmall[3][2] = {{1.0, 0.0}, {0.0, 1.0}, {0.42, 0.3}};
        static constexpr double kNested[6][2] = {{1.0, 0.0},    {0.0, 1.0},    {0.12, 0.26},
                                                 {2.14, -0.26}, {-0.91, 2.44}, {5.01, 0.59}};
        const double(*dir)[2] = dim <= 3 ? kSmall : kNested;
        double x = 0, y = 0, lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
        for (int k = 0; k < dim; ++k) {
          const bool bit = (v >> k) & 1;
          x += bit * dir[k][0];
          y += bit * dir[k][1];
          (dir[k][0] < 0 ? lo_x : hi_x) += dir[k][0];
          (dir[k][1] < 0 ? lo_y : hi_y) += dir[k][1];
        }
        // One scale for both axes keeps squares square; the short side is centred.
        const double span = std::max(hi_x - lo_x, hi_y - lo_y);
        if (!(span > 0)) return {0.5f, 0.5f};
        return {float((x - lo_x + (span - (hi_x - lo_x)) / 2) / span),
                float((y - lo_y + (span - (hi_y - lo_y)) / 2) / span)};
      }
      // Beyond d = 6 a readable grid: low half of the bits is the column, high half the row.
      const int bits_x = (dim + 1) / 2, cols_n = 1 << bits_x, rows_n = 1 << (dim - bits_x);
      return {float(v & (cols_n - 1)) / float(cols_n - 1), float(v >> bits_x) / float(rows_n - 1)};
    }
    default: {
      const double a = 2.0 * std::numbers::pi * v / n - std::numbers::pi / 2;
      return {float(0.5 + 0.5 * std::cos(a)), float(0.5 + 0.5 * std::sin(a))};
    }
  }
}

}  // namespace

std::vector<Point> Topology::layout() const {
  std::vector<Point> out(n_);
  if (kind_ == TopologyKind::Custom && n_ > kCustomCircleMaxNodes) {
    // A circle with chords stops being readable beyond a dozen nodes: draw the graph itself
    // (cached per graph, since views ask for the layout again on every frame).
    const auto xy = cached_graph_layout(offsets_, adj_);
    double lo[2] = {(*xy)[0], (*xy)[1]}, hi[2] = {lo[0], lo[1]};
    for (int v = 0; v < n_; ++v)
      for (int a = 0; a < 2; ++a) {
        lo[a] = std::min(lo[a], (*xy)[2 * static_cast<std::size_t>(v) + a]);
        hi[a] = std::max(hi[a], (*xy)[2 * static_cast<std::size_t>(v) + a]);
      }
    // One scale for both axes keeps the drawing's proportions; the short side is centred.
    const double span = std::max(hi[0] - lo[0], hi[1] - lo[1]);
    for (int v = 0; v < n_; ++v) {
      const std::size_t i = 2 * static_cast<std::size_t>(v);
      const double x = (*xy)[i], y = (*xy)[i + 1];
      out[v] = {span > 0 ? float((x - lo[0] + (span - (hi[0] - lo[0])) / 2) / span) : 0.5f,
                span > 0 ? float((y - lo[1] + (span - (hi[1] - lo[1])) / 2) / span) : 0.5f};
    }
    return out;
  }
  if (kind_ != TopologyKind::Tree) {
    for (int v = 0; v < n_; ++v) out[v] = closed_form_layout(kind_, v, n_, dim_, rows_, cols_);
    return out;
  }
  // Layered tree: leaves get consecutive x slots in preorder; an inner node sits at the centre of
  // its subtree's leaves. Preorder makes every subtree the contiguous range [v, v + size[v]).
  int max_depth = 0;
  for (int d : depth_) max_depth = std::max(max_depth, d);
  std::vector<int> size(n_, 1);
  for (int i = n_ - 1; i > 0; --i) size[parents_[i]] += size[i];
  std::vector<int> leaf_prefix(n_ + 1, 0);
  for (int i = 0; i < n_; ++i) leaf_prefix[i + 1] = leaf_prefix[i] + (size[i] == 1 ? 1 : 0);
  const int leaf_count = leaf_prefix[n_];
  for (int v = 0; v < n_; ++v) {
    const int first = leaf_prefix[v], count = leaf_prefix[v + size[v]] - first;
    const double centre = first + (count - 1) / 2.0;
    out[v] = {leaf_count > 1 ? float(centre / (leaf_count - 1)) : 0.5f,
              max_depth > 0 ? float(depth_[v]) / float(max_depth) : 0.5f};
  }
  return out;
}

}  // namespace loadlab::core
