// Topology facts checked against closed forms and brute-force BFS.
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>

#include "core/model/topology.h"

using namespace loadlab::core;

namespace {

// Diameter by BFS from every node: independent of the closed forms in Topology::diameter().
int brute_diameter(const Topology& t) {
  int best = 0;
  for (int s = 0; s < t.size(); ++s) {
    auto d = t.distances_from(s);
    best = std::max(best, *std::max_element(d.begin(), d.end()));
  }
  return best;
}

void check_distances_match_bfs(const Topology& t) {
  for (int s = 0; s < t.size(); ++s) {
    auto d = t.distances_from(s);
    for (int v = 0; v < t.size(); ++v) REQUIRE(t.distance(s, v) == d[v]);
  }
}

}  // namespace

TEST_CASE("Topology.Hypercube.EdgeCountIsDTimesTwoToDMinusOne") {
  for (int d = 0; d <= 10; ++d) {
    auto t = Topology::hypercube(d);
    CHECK(t.size() == (1 << d));
    CHECK(t.edge_count() == (d == 0 ? 0 : static_cast<std::int64_t>(d) << (d - 1)));
    CHECK(t.diameter() == d);
    for (int v = 0; v < t.size(); ++v) REQUIRE(t.degree(v) == d);
  }
}

TEST_CASE("Topology.Hypercube.NeighboursDifferInOneBit") {
  auto t = Topology::hypercube(5);
  for (int v = 0; v < t.size(); ++v)
    for (int w : t.neighbours(v)) REQUIRE(__builtin_popcount(unsigned(v ^ w)) == 1);
  CHECK(t.has_link(0b10110, 0b10010));
  CHECK_FALSE(t.has_link(0b10110, 0b10001));
}

TEST_CASE("Topology.ClosedFormDistancesMatchBfs") {
  check_distances_match_bfs(Topology::hypercube(6));
  check_distances_match_bfs(Topology::mesh(5, 7));
  check_distances_match_bfs(Topology::torus(5, 6));
  check_distances_match_bfs(Topology::ring(9));
  check_distances_match_bfs(Topology::ring(10));
  check_distances_match_bfs(Topology::line(6));
  check_distances_match_bfs(Topology::complete(6));
}

TEST_CASE("Topology.ClosedFormDiametersMatchBfs") {
  for (auto t : {Topology::hypercube(5), Topology::mesh(4, 7), Topology::torus(5, 6),
                 Topology::torus(4, 4), Topology::ring(7), Topology::ring(8), Topology::line(5),
                 Topology::complete(5), Topology::kary_tree(3, 3)})
    CHECK(t.diameter() == brute_diameter(t));
}

TEST_CASE("Topology.MeshAndTorus.EdgeCounts") {
  CHECK(Topology::mesh(4, 4).edge_count() == 24);  // 2*r*c - r - c
  CHECK(Topology::mesh(3, 5).edge_count() == 22);
  CHECK(Topology::torus(4, 5).edge_count() == 40);  // 2*r*c
  CHECK(Topology::ring(12).edge_count() == 12);
  CHECK(Topology::complete(7).edge_count() == 21);
  CHECK(Topology::line(7).edge_count() == 6);
}

TEST_CASE("Topology.Tree.Example1ParentsInPreorder") {
  // Paper 000, Example 1 (ERRATA): children 0:{1,4,6}, 1:{2,3}, 4:{5}, 6:{7,8}.
  auto t = Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6});
  CHECK(t.size() == 9);
  CHECK(t.edge_count() == 8);
  CHECK(t.depths() == std::vector<int>{0, 1, 2, 2, 1, 2, 1, 2, 2});
  CHECK(t.distance(2, 8) == 4);
  CHECK(t.diameter() == 4);
}

TEST_CASE("Topology.Tree.RejectsNonPreorderParents") {
  // Node 3's parent 1 was closed when node 2 (child of 0) started a new subtree.
  CHECK_THROWS_AS(Topology::tree({-1, 0, 0, 1}), std::invalid_argument);
  CHECK_THROWS_AS(Topology::tree({0, 0}), std::invalid_argument);
  CHECK_THROWS_AS(Topology::tree({-1, 5}), std::invalid_argument);
}

TEST_CASE("Topology.KaryTree.SizeAndPreorder") {
  auto t = Topology::kary_tree(2, 3);  // 1 + 2 + 4 + 8
  CHECK(t.size() == 15);
  CHECK(t.parents()[1] == 0);
  CHECK(t.parents()[2] == 1);
  CHECK(t.parents()[8] == 0);  // second child of the root comes after the first's 7-node subtree
}

TEST_CASE("Topology.RandomTree.IsValidPreorderAndSeeded") {
  loadlab::util::Rng a(5), b(5);
  auto t1 = Topology::random_tree(500, a);
  auto t2 = Topology::random_tree(500, b);
  CHECK(t1.parents() == t2.parents());
  CHECK(t1.edge_count() == 499);
  CHECK(t1.connected());
}

TEST_CASE("Topology.Limits.RefuseAbsurdSizes") {
  CHECK_THROWS_AS(Topology::hypercube(40), std::invalid_argument);
  CHECK_THROWS_AS(Topology::mesh(1 << 16, 1 << 16), std::invalid_argument);
  CHECK_THROWS_AS(Topology::complete(100000), std::invalid_argument);
  CHECK_THROWS_AS(Topology::ring(2), std::invalid_argument);
}

TEST_CASE("Topology.Custom.RejectsSelfLoopsAndDuplicates") {
  CHECK_THROWS_AS(Topology::custom(3, {{0, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(Topology::custom(3, {{0, 1}, {1, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(Topology::custom(3, {{0, 3}}), std::invalid_argument);
  auto t = Topology::custom(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}});
  CHECK(t.diameter() == 2);
}

TEST_CASE("Topology.Layout.InUnitSquareAndDistinctForCube") {
  for (auto t : {Topology::hypercube(3), Topology::hypercube(6), Topology::hypercube(8),
                 Topology::mesh(3, 4), Topology::kary_tree(3, 2)}) {
    auto pts = t.layout();
    REQUIRE(pts.size() == static_cast<std::size_t>(t.size()));
    for (auto p : pts) {
      CHECK(p.x >= 0.0f);
      CHECK(p.x <= 1.0f);
      CHECK(p.y >= 0.0f);
      CHECK(p.y <= 1.0f);
    }
    for (std::size_t i = 0; i < pts.size(); ++i)
      for (std::size_t j = i + 1; j < pts.size(); ++j)
        REQUIRE_FALSE((pts[i].x == pts[j].x && pts[i].y == pts[j].y));
  }
}
