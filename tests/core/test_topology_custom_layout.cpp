// Custom processor networks are drawn with the graph layout beyond a dozen nodes: a grid given as
// custom edges must come out as a grid (linked nodes close, random pairs far), small graphs keep
// the circle, disconnected graphs work, and the drawing is deterministic.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

#include "core/model/topology.h"
#include "core/util/graph_layout.h"
#include "core/util/rng.h"

using namespace loadlab::core;

namespace {

// rows x cols grid whose node ids are a seeded random permutation of the row-major ids, and whose
// edge list is in random order too (so nothing about the numbering hints at the grid).
std::vector<Edge> shuffled_grid_edges(int rows, int cols, std::uint64_t seed, int id_base = 0,
                                      std::vector<int>* id_of = nullptr) {
  const int n = rows * cols;
  loadlab::util::Rng rng(seed);
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  for (int i = n - 1; i > 0; --i)
    std::swap(perm[i], perm[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  std::vector<Edge> edges;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = r * cols + c;
      if (c + 1 < cols) edges.push_back({id_base + perm[v], id_base + perm[v + 1]});
      if (r + 1 < rows) edges.push_back({id_base + perm[v], id_base + perm[v + cols]});
    }
  for (std::size_t i = edges.size() - 1; i > 0; --i) std::swap(edges[i], edges[rng.below(i + 1)]);
  if (id_of) *id_of = perm;
  return edges;
}

double point_distance(Point a, Point b) {
  return std::hypot(double(a.x) - b.x, double(a.y) - b.y);
}

// Mean length of the links over the mean distance of all node pairs: about 1 when the drawing
// ignores the links (as on a circle with shuffled ids), far below 1 for a drawing of the graph.
double link_to_pair_ratio(const std::vector<Point>& p, const std::vector<Edge>& edges) {
  double link = 0, pair = 0;
  for (const Edge& e : edges) link += point_distance(p[e.a], p[e.b]);
  link /= static_cast<double>(edges.size());
  std::int64_t pairs = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j, ++pairs) pair += point_distance(p[i], p[j]);
  return link / (pair / static_cast<double>(pairs));
}

std::vector<Point> circle_points(int n) {
  std::vector<Point> out(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) {
    const double a = 2.0 * std::numbers::pi * v / n - std::numbers::pi / 2;
    out[v] = {float(0.5 + 0.5 * std::cos(a)), float(0.5 + 0.5 * std::sin(a))};
  }
  return out;
}

void check_in_unit_square(const std::vector<Point>& pts) {
  for (const Point& p : pts) {
    REQUIRE(p.x >= 0.0f);
    REQUIRE(p.x <= 1.0f);
    REQUIRE(p.y >= 0.0f);
    REQUIRE(p.y <= 1.0f);
  }
}

}  // namespace

TEST_CASE("Topology.CustomLayout.ShuffledGridLinksAreShort") {
  const auto edges = shuffled_grid_edges(20, 20, 7);
  const auto t = Topology::custom(400, edges);
  const auto pts = t.layout();
  REQUIRE(pts.size() == 400u);
  check_in_unit_square(pts);
  // A 20 x 20 grid drawn as a grid in the unit square: links about 1/19 long, pairs about 0.52 ×
  // the side apart on average (mean distance of two uniform points in a square), ratio ≈ 0.1.
  const double ratio = link_to_pair_ratio(pts, edges);
  CHECK(ratio < 0.25);
  // The same check fails for the circle, so it tells the two drawings apart.
  CHECK(link_to_pair_ratio(circle_points(400), edges) > 0.7);
  // Uniform scaling fills the unit square on the long side.
  float lo = 1, hi = 0;
  for (const Point& p : pts) lo = std::min(lo, p.x), hi = std::max(hi, p.x);
  float lo_y = 1, hi_y = 0;
  for (const Point& p : pts) lo_y = std::min(lo_y, p.y), hi_y = std::max(hi_y, p.y);
  CHECK(std::max(hi - lo, hi_y - lo_y) == doctest::Approx(1.0).epsilon(1e-5));
  // No two nodes drawn on top of each other.
  for (std::size_t i = 0; i < pts.size(); ++i)
    for (std::size_t j = i + 1; j < pts.size(); ++j) REQUIRE(point_distance(pts[i], pts[j]) > 1e-3);
}

TEST_CASE("Topology.CustomLayout.KeepsProportions") {
  // A 10 x 30 grid: one scale for both axes, so the drawing is about three times as long as wide.
  const auto t = Topology::custom(300, shuffled_grid_edges(10, 30, 11));
  const auto pts = t.layout();
  check_in_unit_square(pts);
  float lo[2] = {1, 1}, hi[2] = {0, 0};
  for (const Point& p : pts) {
    lo[0] = std::min(lo[0], p.x), hi[0] = std::max(hi[0], p.x);
    lo[1] = std::min(lo[1], p.y), hi[1] = std::max(hi[1], p.y);
  }
  const double w = hi[0] - lo[0], h = hi[1] - lo[1];
  const double aspect = std::max(w, h) / std::min(w, h);
  CHECK(aspect > 2.0);
  CHECK(aspect < 4.5);
}

TEST_CASE("Topology.CustomLayout.SmallGraphsStayOnTheCircle") {
  for (int n : {3, 8, Topology::kCustomCircleMaxNodes}) {
    std::vector<Edge> ring;
    for (int v = 0; v < n; ++v) ring.push_back({v, (v + 1) % n});
    const auto pts = Topology::custom(n, ring).layout();
    const auto expect = circle_points(n);
    for (int v = 0; v < n; ++v) {
      CHECK(pts[v].x == doctest::Approx(expect[v].x));
      CHECK(pts[v].y == doctest::Approx(expect[v].y));
    }
  }
}

TEST_CASE("Topology.CustomLayout.Deterministic") {
  const auto edges = shuffled_grid_edges(12, 15, 3);
  const auto a = Topology::custom(180, edges).layout();
  const auto b = Topology::custom(180, edges).layout();
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].x == b[i].x);
    REQUIRE(a[i].y == b[i].y);
  }
  // The uncached computation gives the same coordinates, bit for bit, every time.
  const auto t = Topology::custom(180, edges);
  std::vector<std::int64_t> off{0};
  std::vector<int> adj;
  for (int v = 0; v < t.size(); ++v) {
    for (int u : t.neighbours(v)) adj.push_back(u);
    off.push_back(static_cast<std::int64_t>(adj.size()));
  }
  const auto x1 = compute_graph_layout(off, adj), x2 = compute_graph_layout(off, adj);
  REQUIRE(x1.size() == 360u);
  for (std::size_t i = 0; i < x1.size(); ++i) REQUIRE(x1[i] == x2[i]);
  CHECK(*cached_graph_layout(off, adj) == x1);
}

TEST_CASE("Topology.CustomLayout.Disconnected") {
  // Two 6 x 6 grids with interleaved ids (0..35 and 36..71, each shuffled) and 3 isolated nodes.
  auto edges = shuffled_grid_edges(6, 6, 21);
  const auto second = shuffled_grid_edges(6, 6, 22, 36);
  edges.insert(edges.end(), second.begin(), second.end());
  const auto t = Topology::custom(75, edges);
  REQUIRE_FALSE(t.connected());
  const auto pts = t.layout();
  REQUIRE(pts.size() == 75u);
  check_in_unit_square(pts);
  CHECK(link_to_pair_ratio(pts, edges) < 0.35);
  // The components do not overlap: their bounding boxes are disjoint.
  auto box = [&](int first, int count) {
    std::array<float, 4> b{1, 1, 0, 0};
    for (int v = first; v < first + count; ++v) {
      b[0] = std::min(b[0], pts[v].x), b[1] = std::min(b[1], pts[v].y);
      b[2] = std::max(b[2], pts[v].x), b[3] = std::max(b[3], pts[v].y);
    }
    return b;
  };
  const auto b1 = box(0, 36), b2 = box(36, 36);
  CHECK((b1[2] < b2[0] || b2[2] < b1[0] || b1[3] < b2[1] || b2[3] < b1[1]));
  for (int i = 72; i < 75; ++i)
    for (int j = 0; j < 75; ++j)
      if (j != i) CHECK(point_distance(pts[i], pts[j]) > 1e-3);
}
