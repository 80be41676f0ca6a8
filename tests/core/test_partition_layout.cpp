// The layout of graphs without coordinates (pivot MDS + sparse stress): neighbours end up close
// compared with random pairs, an annulus keeps its hole, disconnected and tiny graphs are placed
// without overlap, the result is deterministic, progress and cancellation work, and the geometric
// partitioning methods run on it.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <vector>

#include "core/partition/generators.h"
#include "core/partition/layout.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/util/rng.h"
#include "core/verify/partition_verify.h"

using namespace loadlab::core;

namespace {

Mesh layout_test_strip(const Mesh& m) {
  return Mesh::from_csr(m.offsets(), m.adjacency(), 0, {});
}

double layout_test_dist(const std::vector<double>& xy, int a, int b) {
  const double dx = xy[2 * a] - xy[2 * b], dy = xy[2 * a + 1] - xy[2 * b + 1];
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace

TEST_CASE("Partition.Layout.NeighboursCloseOnAGrid") {
  const Mesh g = layout_test_strip(grid_mesh(30, 30));
  const std::vector<double> xy = compute_mesh_layout(g);
  REQUIRE(xy.size() == 2u * 900);
  double edge = 0;
  for (int v = 0; v < g.size(); ++v)
    for (int u : g.neighbours(v)) edge += layout_test_dist(xy, v, u);
  edge /= static_cast<double>(2 * g.edge_count());
  loadlab::util::Rng rng(1);
  double random = 0;
  for (int i = 0; i < 2000; ++i)
    random +=
        layout_test_dist(xy, static_cast<int>(rng.below(900)), static_cast<int>(rng.below(900)));
  random /= 2000;
  // On the true 30 x 30 grid the ratio is about 1 / 15.6 (mean distance of random pairs ≈ 0.52 ·
  // 30).
  CHECK(edge / random < 0.12);
  // The four corners of the grid are its four extreme points: pairwise far apart.
  CHECK(layout_test_dist(xy, 0, 899) > 25);
  CHECK(layout_test_dist(xy, 29, 870) > 25);
}

TEST_CASE("Partition.Layout.AnnulusKeepsItsHole") {
  // 6 rings of 80 sectors: the inner ring is about 80 edges around, so a drawing that respects
  // graph distances leaves a hole of radius ≈ 12 against a ring width of ≈ 5.
  const Mesh a = layout_test_strip(annulus_mesh(6, 80));
  const std::vector<double> xy = compute_mesh_layout(a);
  double cx = 0, cy = 0;
  for (int v = 0; v < a.size(); ++v) {
    cx += xy[2 * v];
    cy += xy[2 * v + 1];
  }
  cx /= a.size();
  cy /= a.size();
  double nearest = 1e300, farthest = 0;
  for (int v = 0; v < a.size(); ++v) {
    const double d = std::hypot(xy[2 * v] - cx, xy[2 * v + 1] - cy);
    nearest = std::min(nearest, d);
    farthest = std::max(farthest, d);
  }
  CHECK(nearest > 0.4 * farthest);
}

TEST_CASE("Partition.Layout.DeterministicDisconnectedAndTiny") {
  const Mesh g = layout_test_strip(random_points_mesh(800, 9));
  CHECK(compute_mesh_layout(g) == compute_mesh_layout(g));
  CHECK(mesh_graph_hash(g) == mesh_graph_hash(layout_test_strip(random_points_mesh(800, 9))));
  CHECK(mesh_graph_hash(g) != mesh_graph_hash(layout_test_strip(random_points_mesh(800, 10))));

  // Two 8 x 8 grids, a path of 3 and an isolated vertex: components do not overlap.
  std::vector<MeshEdge> e;
  for (int k = 0; k < 2; ++k)
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        const int v = k * 64 + r * 8 + c;
        if (c + 1 < 8) e.push_back({v, v + 1});
        if (r + 1 < 8) e.push_back({v, v + 8});
      }
  e.push_back({128, 129});
  e.push_back({129, 130});
  const Mesh parts = Mesh::from_edges(132, e);
  const std::vector<double> xy = compute_mesh_layout(parts);
  for (double c : xy) CHECK(std::isfinite(c));
  struct Box {
    double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  };
  const std::vector<std::vector<int>> comps = {{0, 64}, {64, 128}, {128, 131}, {131, 132}};
  std::vector<Box> boxes(comps.size());
  for (std::size_t c = 0; c < comps.size(); ++c)
    for (int v = comps[c][0]; v < comps[c][1]; ++v)
      for (int a = 0; a < 2; ++a) {
        boxes[c].lo[a] = std::min(boxes[c].lo[a], xy[2 * v + a]);
        boxes[c].hi[a] = std::max(boxes[c].hi[a], xy[2 * v + a]);
      }
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      CAPTURE(i);
      CAPTURE(j);
      const bool apart = boxes[i].hi[0] < boxes[j].lo[0] || boxes[j].hi[0] < boxes[i].lo[0] ||
                         boxes[i].hi[1] < boxes[j].lo[1] || boxes[j].hi[1] < boxes[i].lo[1];
      CHECK(apart);
    }
  // The path of three is drawn straight with unit edges.
  CHECK(layout_test_dist(xy, 128, 130) == doctest::Approx(2.0).epsilon(0.01));

  const Mesh one = Mesh::from_edges(1, {});
  CHECK(compute_mesh_layout(one).size() == 2);
  const Mesh two = Mesh::from_edges(2, {{0, 1}});
  CHECK(layout_test_dist(compute_mesh_layout(two), 0, 1) == doctest::Approx(1.0));
}

TEST_CASE("Partition.Layout.ProgressAndCancel") {
  const Mesh g = layout_test_strip(grid_mesh(40, 40));
  std::vector<double> seen;
  LayoutOptions o;
  o.progress = [&](double f) { seen.push_back(f); };
  CHECK(compute_mesh_layout(g, o).size() == 3200u);
  REQUIRE(seen.size() > 2);
  for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i] >= seen[i - 1]);
  CHECK(seen.back() == 1.0);
  std::atomic<bool> cancel{false};
  LayoutOptions c;
  c.cancel = &cancel;
  c.progress = [&](double f) {
    if (f > 0.2) cancel = true;
  };
  CHECK(compute_mesh_layout(g, c).empty());
  // The cache: a cancelled computation is not stored; a complete one is returned again as is.
  cancel = false;
  CHECK(cached_mesh_layout(g, c) == nullptr);
  const auto first = cached_mesh_layout(g);
  REQUIRE(first);
  CHECK(*first == compute_mesh_layout(g));
  CHECK(cached_mesh_layout(g) == first);
  const Mesh with = mesh_with_layout(g);
  CHECK(with.dim() == 2);
  CHECK(with.coordinates() == *first);
}

TEST_CASE("Partition.Geometric.UseTheLayoutWithoutCoordinates") {
  // A path has a straight layout, so every geometric method cuts it once into two halves.
  std::vector<MeshEdge> e;
  for (int i = 0; i + 1 < 10; ++i) e.push_back({i, i + 1});
  const Mesh path = Mesh::from_edges(10, e);
  for (const char* method : {"strips_1xp", "strips_pxq", "orb_m", "orb_i", "orb_kl", "orb_sa"}) {
    CAPTURE(method);
    const auto part = run_partition_method(method, path, 2, PartitionParams{});
    const auto metrics = compute_partition_metrics(path, part, 2);
    CHECK(metrics.edge_cut == 1);
    CHECK(metrics.part_weights[0] == 5);
  }
  // A 16 x 32 grid without coordinates: its layout's long axis is the grid's, so ORB-I cuts across
  // it near the straight cut of 16 edges (a square would leave the inertia axis undetermined).
  const Mesh g = layout_test_strip(grid_mesh(16, 32));
  const auto part = run_partition_method("orb_i", g, 2, PartitionParams{});
  const auto metrics = compute_partition_metrics(g, part, 2);
  CHECK(verify_partition(g, 2, part, metrics).ok);
  CHECK(metrics.edge_cut <= 20);
}
