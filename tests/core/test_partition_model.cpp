// Mesh model, generators (Delaunay against a brute-force empty-circle check), the independent
// verifier on hand-made partitions, and the allocation phase against brute force (survey 002 §2.2,
// objective (2)).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>

#include "core/model/topology.h"
#include "core/partition/generators.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/verify/partition_verify.h"

using namespace loadlab::core;

TEST_CASE("Partition.Grid.RowMajorNumberingAndEdgeCounts") {
  const Mesh g = grid_mesh(3, 4);
  CHECK(g.size() == 12);
  CHECK(g.edge_count() == 3 * 3 + 2 * 4);  // rows*(cols-1) + (rows-1)*cols
  // Vertex 5 = row 1, col 1: neighbours 1 (up), 4 (left), 6 (right), 9 (down).
  const auto nb = g.neighbours(5);
  CHECK(std::vector<int>(nb.begin(), nb.end()) == std::vector<int>{1, 4, 6, 9});
  CHECK(g.coord(5, 0) == 1.0);
  CHECK(g.coord(7, 1) == 1.0);
  const Mesh c = grid_mesh(3, 4, 2);
  CHECK(c.edge_count() == 2 * 17 + 12);
  CHECK(l_shape_mesh(10, 10).size() == 75);
  CHECK(annulus_mesh(4, 10).edge_count() == 4 * 10 + 3 * 10);
  CHECK_THROWS_AS(grid_mesh(2000, 2000), std::invalid_argument);  // above MeshLimits
}

TEST_CASE("Partition.Delaunay.EdgesHaveEmptyCircumcircles") {
  // Brute force: an edge is Delaunay if it belongs to a triangle whose circumcircle holds no other
  // point. Our triangulation may drop a few hull-adjacent edges (super-triangle removal) but must
  // never contain a non-Delaunay edge.
  const int n = 40;
  const Mesh m = random_points_mesh(n, 2024);
  auto P = [&](int v) { return std::pair<double, double>{m.coord(v, 0), m.coord(v, 1)}; };
  std::set<std::pair<int, int>> brute;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int c = b + 1; c < n; ++c) {
        const auto [ax, ay] = P(a);
        const auto [bx, by] = P(b);
        const auto [cx, cy] = P(c);
        const double d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
        if (d == 0) continue;
        const double ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) +
                           (cx * cx + cy * cy) * (ay - by)) /
                          d;
        const double uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) +
                           (cx * cx + cy * cy) * (bx - ax)) /
                          d;
        const double r2 = (ax - ux) * (ax - ux) + (ay - uy) * (ay - uy);
        bool empty = true;
        for (int q = 0; q < n && empty; ++q) {
          if (q == a || q == b || q == c) continue;
          const auto [qx, qy] = P(q);
          empty = (qx - ux) * (qx - ux) + (qy - uy) * (qy - uy) > r2 * (1 + 1e-12);
        }
        if (empty) brute.insert({a, b}), brute.insert({a, c}), brute.insert({b, c});
      }
  int ours = 0;
  for (int v = 0; v < n; ++v)
    for (int u : m.neighbours(v))
      if (v < u) {
        CHECK(brute.count({v, u}) == 1);
        ++ours;
      }
  CHECK(ours >= static_cast<int>(brute.size()) * 9 / 10);
  CHECK(m.edge_count() <= 3 * n - 6);  // planar
}

TEST_CASE("Partition.Verifier.HandMadePartitionsOfA2x3Grid") {
  // 0 1 2 / 3 4 5 with parts [0 0 1 / 0 1 1]: cut edges (1,2), (1,4), (3,4) = 3; vertices 1, 2, 3
  // and 4 each see one other part: volume 4, boundary 4.
  const Mesh g = grid_mesh(2, 3);
  const std::vector<int> part = {0, 0, 1, 0, 1, 1};
  const PartitionMetrics m = compute_partition_metrics(g, part, 2);
  CHECK(m.edge_cut == 3);
  CHECK(m.communication_volume == 4);
  CHECK(m.boundary_vertices == 4);
  CHECK(m.imbalance == doctest::Approx(1.0));
  CHECK(m.max_neighbour_parts == 1);
  CHECK(m.disconnected_parts == 0);
  CHECK(verify_partition(g, 2, part, m).ok);

  // Checkerboard: every edge cut, both parts fall apart into 3 single vertices.
  const std::vector<int> chess = {0, 1, 0, 1, 0, 1};
  const PartitionMetrics c = compute_partition_metrics(g, chess, 2);
  CHECK(c.edge_cut == 7);
  CHECK(c.disconnected_parts == 2);
  CHECK(verify_partition(g, 2, chess, c).ok);

  // Tampered reports and malformed partitions are rejected.
  PartitionMetrics wrong = m;
  wrong.edge_cut = 2;
  CHECK_FALSE(verify_partition(g, 2, part, wrong).ok);
  wrong = m;
  wrong.communication_volume = 3;
  CHECK_FALSE(verify_partition(g, 2, part, wrong).ok);
  wrong = m;
  wrong.disconnected_parts = 1;
  CHECK_FALSE(verify_partition(g, 2, part, wrong).ok);
  wrong = m;
  wrong.imbalance = 1.5;
  CHECK_FALSE(verify_partition(g, 2, part, wrong).ok);
  CHECK_FALSE(verify_partition(g, 2, {0, 0, 2, 0, 1, 1}, m).ok);   // part 2 outside [0, 2)
  CHECK_FALSE(verify_partition(g, 2, {0, 0, -1, 0, 1, 1}, m).ok);  // negative
  CHECK_FALSE(verify_partition(g, 2, {0, 0, 1, 0, 1}, m).ok);      // a vertex missing
  CHECK_THROWS_AS(compute_partition_metrics(g, {0, 0, 7, 0, 1, 1}, 2), std::invalid_argument);
}

TEST_CASE("Partition.Allocation.SwapsReachTheBruteForceOptimumOnALine") {
  // 4 x 16 grid in 4 column strips: a path of parts with 4 cut edges between neighbours. Relabel
  // the parts [0, 2, 1, 3] so the natural map onto a 4-node line is poor.
  const Mesh g = grid_mesh(4, 16);
  std::vector<int> part = partition_strips_1xp(g, 4);
  const int relabel[4] = {0, 2, 1, 3};
  for (int& p : part) p = relabel[p];
  const Topology line = Topology::line(4);
  const Allocation a = allocate_parts(g, part, 4, line);
  // Natural map: hops 2, 1, 2 on the three part edges of 4 cut edges each.
  CHECK(a.natural_hop_cut == (2 + 1 + 2) * 4);
  // Brute force over all 24 maps.
  std::vector<int> perm = {0, 1, 2, 3};
  std::int64_t best = INT64_MAX;
  const auto graph = part_graph(g, part);
  do {
    std::int64_t s = 0;
    for (const auto& e : graph) s += e.cut * line.distance(perm[e.a], perm[e.b]);
    best = std::min(best, s);
  } while (std::next_permutation(perm.begin(), perm.end()));
  CHECK(best == 12);
  CHECK(a.hop_cut == best);
  // Objective (2): a middle part weighs 16 and talks 4 + 4 edges over one hop each.
  CHECK(a.objective_2 == 16 + 8);
  const PartitionMetrics m = compute_partition_metrics(g, part, 4);
  CHECK(verify_partition(g, 4, part, m, &a, &line).ok);
  Allocation bad = a;
  bad.processor = {0, 0, 1, 2};
  CHECK_FALSE(verify_partition(g, 4, part, m, &bad, &line).ok);
  bad = a;
  bad.objective_2 += 1;
  CHECK_FALSE(verify_partition(g, 4, part, m, &bad, &line).ok);
}
