// Edge colourings. Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques";
// ERRATA.md 003 "Problem 3" (mesh colouring). Misra-Gries: J. Misra and D. Gries, "A constructive
// proof of Vizing's theorem", Information Processing Letters 41 (1992).
#include "core/model/edge_colouring.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "core/model/edge_blocks.h"

namespace loadlab::core {

namespace {

// Renumbers the classes that occur to 0..k-1 keeping their order.
void compress(EdgeColouring& c, int raw_classes) {
  std::vector<int> id(static_cast<std::size_t>(raw_classes), -1);
  for (int x : c.colour) id[static_cast<std::size_t>(x)] = 0;
  int next = 0;
  for (int& x : id)
    if (x == 0) x = next++;
  for (int& x : c.colour) x = id[static_cast<std::size_t>(x)];
  c.colours = next;
}

// Raw class of a grid edge (mesh or torus): H even, H odd, H wrap, V even, V odd, V wrap.
int grid_class(const Edge& e, int rows, int cols) {
  const int d = e.b - e.a;
  if (d == 1 || (d == cols - 1 && cols > 2 && e.a % cols == 0)) {  // horizontal
    const bool wrap = d != 1;
    const int left = wrap ? cols - 1 : e.a % cols;
    if (wrap && cols % 2 == 1) return 2;
    return left % 2;
  }
  const bool wrap = d != cols;
  const int top = wrap ? rows - 1 : e.a / cols;
  if (wrap && rows % 2 == 1) return 5;
  return 3 + top % 2;
}

// Misra-Gries on a CSR copy: the colour of each edge is stored in both of its adjacency slots.
class MisraGries {
 public:
  explicit MisraGries(const Topology& t) : t_(t), n_(t.size()) {
    offset_.assign(static_cast<std::size_t>(n_) + 1, 0);
    for (int v = 0; v < n_; ++v) offset_[v + 1] = offset_[v] + t.degree(v);
    slot_colour_.assign(static_cast<std::size_t>(offset_[n_]), -1);
    for (int v = 0; v < n_; ++v) max_degree_ = std::max(max_degree_, t.degree(v));
    mark_.assign(static_cast<std::size_t>(max_degree_) + 2, 0);
  }

  void run() {
    for (int u = 0; u < n_; ++u)
      for (int v : t_.neighbours(u))
        if (u < v && colour(u, v) < 0) colour_edge(u, v);
  }

  int colour(int u, int v) const { return slot_colour_[slot(u, v)]; }
  int max_degree() const { return max_degree_; }

 private:
  std::size_t slot(int u, int v) const {
    const auto nb = t_.neighbours(u);
    const auto it = std::lower_bound(nb.begin(), nb.end(), v);
    return static_cast<std::size_t>(offset_[u] + (it - nb.begin()));
  }
  void set(int u, int v, int c) {
    slot_colour_[slot(u, v)] = c;
    slot_colour_[slot(v, u)] = c;
  }
  bool is_free(int v, int c) const {
    for (std::int64_t s = offset_[v]; s < offset_[v + 1]; ++s)
      if (slot_colour_[static_cast<std::size_t>(s)] == c) return false;
    return true;
  }
  int free_colour(int v) {
    std::fill(mark_.begin(), mark_.end(), 0);
    for (std::int64_t s = offset_[v]; s < offset_[v + 1]; ++s) {
      const int c = slot_colour_[static_cast<std::size_t>(s)];
      if (c >= 0) mark_[static_cast<std::size_t>(c)] = 1;
    }
    int c = 0;
    while (mark_[static_cast<std::size_t>(c)]) ++c;
    return c;  // <= max degree: at most degree - 1 other edges are coloured
  }
  int neighbour_with(int v, int c) const {
    const auto nb = t_.neighbours(v);
    for (std::size_t k = 0; k < nb.size(); ++k)
      if (slot_colour_[static_cast<std::size_t>(offset_[v]) + k] == c) return nb[k];
    return -1;
  }

  void colour_edge(int u, int v) {
    // Maximal fan of u starting at v: colour(u, F[i+1]) is free on F[i].
    std::vector<int> fan{v};
    bool grew = true;
    while (grew) {
      grew = false;
      for (int w : t_.neighbours(u)) {
        const int cw = colour(u, w);
        if (cw < 0 || std::find(fan.begin(), fan.end(), w) != fan.end()) continue;
        if (is_free(fan.back(), cw)) {
          fan.push_back(w);
          grew = true;
          break;
        }
      }
    }
    const int c = free_colour(u), d = free_colour(fan.back());
    // Invert the cd-path from u (it starts with a d edge since c is free on u).
    if (c != d) {
      std::vector<std::pair<int, int>> path;
      int x = u, want = d;
      while (true) {
        const int y = neighbour_with(x, want);
        if (y < 0) break;
        path.push_back({x, y});
        x = y;
        want = want == d ? c : d;
      }
      for (auto [a, b] : path) set(a, b, colour(a, b) == d ? -2 : -3);
      for (auto [a, b] : path) set(a, b, colour(a, b) == -2 ? c : d);
    }
    // First w in the fan with d free on it whose prefix is still a fan.
    std::size_t w = 0;
    for (std::size_t i = 0; i < fan.size(); ++i) {
      if (i > 0 && !is_free(fan[i - 1], colour(u, fan[i]))) break;
      if (is_free(fan[i], d)) {
        w = i;
        break;
      }
    }
    std::vector<int> shifted(w);
    for (std::size_t i = 0; i < w; ++i) shifted[i] = colour(u, fan[i + 1]);
    for (std::size_t i = 0; i < w; ++i) set(u, fan[i], shifted[i]);
    set(u, fan[w], d);
  }

  const Topology& t_;
  int n_;
  int max_degree_ = 0;
  std::vector<std::int64_t> offset_;
  std::vector<int> slot_colour_;
  std::vector<char> mark_;
};

}  // namespace

EdgeColouring misra_gries_colouring(const Topology& topology) {
  double work = 0;
  for (int v = 0; v < topology.size(); ++v)
    work += static_cast<double>(topology.degree(v)) * topology.degree(v);
  if (work > EdgeColouringLimits::max_misra_gries_work)
    throw std::invalid_argument(
        "edge colouring: the graph's degrees are too large for Misra-Gries");
  MisraGries mg(topology);
  mg.run();
  EdgeColouring c;
  c.method = "misra_gries";
  c.colour.reserve(static_cast<std::size_t>(topology.edge_count()));
  topology.for_each_edge([&](int a, int b, int) { c.colour.push_back(mg.colour(a, b)); });
  compress(c, mg.max_degree() + 1);
  return c;
}

EdgeColouring natural_edge_colouring(const Topology& t, const ParallelFor* parallel) {
  EdgeColouring c;
  const int n = t.size();
  // Raw class of every edge by node blocks, then the classes that occur renumbered 0..k-1 in
  // order (as compress()): the same colouring for any blocking.
  auto colour_each = [&](int raw_classes, auto&& of) {
    const EdgeBlocks blocks(t, parallel);
    const auto raw = static_cast<std::size_t>(raw_classes);
    c.colour.resize(static_cast<std::size_t>(t.edge_count()));
    std::vector<char> present(static_cast<std::size_t>(blocks.blocks()) * raw, 0);
    blocks.for_each([&](int k, int lo, int hi, std::int64_t first) {
      auto e = static_cast<std::size_t>(first);
      char* seen = present.data() + static_cast<std::size_t>(k) * raw;
      for (int a = lo; a < hi; ++a)
        for (int b : t.neighbours(a)) {
          if (b < a) continue;
          const int x = of(Edge{a, b});
          c.colour[e++] = x;
          seen[x] = 1;
        }
    });
    std::vector<int> id(raw, -1);
    int next = 0;
    bool identity = true;
    for (std::size_t x = 0; x < raw; ++x) {
      bool occurs = false;
      for (int k = 0; k < blocks.blocks() && !occurs; ++k)
        occurs = present[static_cast<std::size_t>(k) * raw + x] != 0;
      if (!occurs) continue;
      identity = identity && next == static_cast<int>(x);
      id[x] = next++;
    }
    c.colours = next;
    if (identity) return;
    blocks.for_each([&](int k, int, int, std::int64_t) {
      for (std::int64_t e = blocks.first_edge(k); e < blocks.end_edge(k); ++e)
        c.colour[static_cast<std::size_t>(e)] =
            id[static_cast<std::size_t>(c.colour[static_cast<std::size_t>(e)])];
    });
  };
  switch (t.kind()) {
    case TopologyKind::Hypercube:
      c.method = "hypercube";
      colour_each(std::max(1, t.dim()),
                  [](const Edge& e) { return std::countr_zero(static_cast<unsigned>(e.a ^ e.b)); });
      return c;
    case TopologyKind::Line:
    case TopologyKind::Ring:
      c.method = t.kind() == TopologyKind::Line ? "line" : "ring";
      colour_each(3,
                  [&](const Edge& e) { return e.b == e.a + 1 ? e.a % 2 : (n % 2 == 0 ? 1 : 2); });
      return c;
    case TopologyKind::Mesh:
    case TopologyKind::Torus:
      c.method = t.kind() == TopologyKind::Mesh ? "mesh" : "torus";
      colour_each(6, [&](const Edge& e) { return grid_class(e, t.rows(), t.cols()); });
      return c;
    case TopologyKind::Complete: {
      c.method = "complete";
      const int m = n % 2 == 1 ? n : n - 1;
      colour_each(std::max(1, m),
                  [&](const Edge& e) { return e.b == m ? (2 * e.a) % m : (e.a + e.b) % m; });
      return c;
    }
    case TopologyKind::Tree:
    case TopologyKind::Custom:
      break;
  }
  return misra_gries_colouring(t);
}

std::string check_edge_colouring(const Topology& topology, const EdgeColouring& c) {
  const std::vector<Edge> edges = topology.edges();
  if (c.colour.size() != edges.size())
    return "colouring has " + std::to_string(c.colour.size()) + " entries for " +
           std::to_string(edges.size()) + " edges";
  // Per node, the colours seen so far (sorted small vectors: degrees are small or few).
  std::vector<std::vector<int>> seen(static_cast<std::size_t>(topology.size()));
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const int col = c.colour[i];
    if (col < 0 || col >= c.colours)
      return "edge " + std::to_string(i) + " has colour " + std::to_string(col) + " outside [0, " +
             std::to_string(c.colours) + ")";
    for (int v : {edges[i].a, edges[i].b}) {
      auto& s = seen[static_cast<std::size_t>(v)];
      if (std::find(s.begin(), s.end(), col) != s.end())
        return "two edges at node " + std::to_string(v) + " have colour " + std::to_string(col);
      s.push_back(col);
    }
  }
  return "";
}

}  // namespace loadlab::core
