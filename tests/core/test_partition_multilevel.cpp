// The multilevel partitioner (Karypis & Kumar 1998; Hendrickson & Leland 1995): every vertex in a
// part, parts within the imbalance cap, the optimum on graphs small enough to enumerate, and
// METIS k-way (an independent implementation) as the reference cut on a real Walshaw mesh.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/partition/generators.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/verify/partition_verify.h"
#include "io/mesh_formats/metis_graph.h"

#ifndef LOADLAB_SHARED_DIR
#define LOADLAB_SHARED_DIR "/work/shared"
#endif

using namespace loadlab::core;

namespace {

Mesh multilevel_test_read(const char* name) {
  const auto path = std::filesystem::path(LOADLAB_SHARED_DIR) / "data" / "walshaw" / name;
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return loadlab::io::read_metis_graph(ss.str());
}

// The least cut over all bisections with sides of n/2 (n even, n <= 20): brute force.
std::int64_t brute_force_bisection_cut(const Mesh& m) {
  const int n = m.size();
  std::int64_t best = INT64_MAX;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    if (__builtin_popcount(mask) != n / 2 || (mask & 1u) == 0) continue;  // vertex 0 on side 1
    std::int64_t cut = 0;
    for (int v = 0; v < n; ++v)
      for (int u : m.neighbours(v))
        if (u > v && (((mask >> v) ^ (mask >> u)) & 1u)) ++cut;
    best = std::min(best, cut);
  }
  return best;
}

}  // namespace

TEST_CASE("Partition.Multilevel.ValidAndWithinTheImbalanceCap") {
  const std::vector<Mesh> meshes = {grid_mesh(40, 40), random_points_mesh(3000, 5),
                                    with_holes_mesh(50, 50, 4), grid_mesh(12, 12, 12)};
  for (const Mesh& m : meshes)
    for (int parts : {2, 3, 7, 16, 33}) {
      CAPTURE(m.size());
      CAPTURE(parts);
      PartitionParams p;
      const auto part = run_partition_method("multilevel", m, parts, p);
      const auto metrics = compute_partition_metrics(m, part, parts);
      CHECK(verify_partition(m, parts, part, metrics).ok);
      CHECK(metrics.empty_parts == 0);
      CHECK(metrics.imbalance <= 1.03 + 1e-12);
    }
}

TEST_CASE("Partition.Multilevel.BisectionMatchesBruteForceOnSmallGraphs") {
  // 4 x 4 grid: the best balanced cut is 4 (a straight line); a 4 x 5 grid: 4 (across the long
  // side).
  for (const auto& rc : {std::pair{4, 4}, std::pair{4, 5}, std::pair{2, 9}}) {
    const int r = rc.first, c = rc.second;  // plain names: clang 14 cannot capture bindings
    const Mesh g = grid_mesh(r, c);
    CAPTURE(r);
    CAPTURE(c);
    PartitionParams p;
    p.imbalance = 0.0;  // sides of exactly n/2
    const auto part = run_partition_method("multilevel", g, 2, p);
    CHECK(compute_partition_metrics(g, part, 2).edge_cut == brute_force_bisection_cut(g));
  }
  // Random Delaunay meshes of 20 points: within one edge of the optimum.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Mesh g = random_points_mesh(20, seed);
    CAPTURE(seed);
    PartitionParams p;
    p.imbalance = 0.0;
    const auto part = run_partition_method("multilevel", g, 2, p);
    const auto metrics = compute_partition_metrics(g, part, 2);
    CHECK(metrics.part_weights[0] == 10);
    CHECK(metrics.edge_cut <= brute_force_bisection_cut(g) + 1);
  }
}

TEST_CASE("Partition.Multilevel.DeterministicAndSeeded") {
  const Mesh m = random_points_mesh(2000, 3);
  PartitionParams p;
  p.seed = 7;
  const auto a = run_partition_method("multilevel", m, 8, p);
  CHECK(a == run_partition_method("multilevel", m, 8, p));
  // Disconnected input: two grids side by side, no edge between them.
  std::vector<MeshEdge> e;
  for (int k = 0; k < 2; ++k)
    for (int r = 0; r < 10; ++r)
      for (int c = 0; c < 10; ++c) {
        const int v = k * 100 + r * 10 + c;
        if (c + 1 < 10) e.push_back({v, v + 1});
        if (r + 1 < 10) e.push_back({v, v + 10});
      }
  const Mesh two = Mesh::from_edges(200, e);
  const auto part = run_partition_method("multilevel", two, 2, p);
  // The two components are the zero-cut bisection.
  CHECK(compute_partition_metrics(two, part, 2).edge_cut == 0);
}

TEST_CASE("Partition.Multilevel.WithinTenPercentOfMetisOnWalshaw3elt") {
  const Mesh m = multilevel_test_read("3elt.graph");
  for (int parts : {2, 8}) {
    CAPTURE(parts);
    PartitionParams p;
    const auto part = run_partition_method("multilevel", m, parts, p);
    const auto ours = compute_partition_metrics(m, part, parts);
    CHECK(verify_partition(m, parts, part, ours).ok);
    CHECK(ours.imbalance <= 1.03 + 1e-12);
    if (!metis_available()) continue;  // WebAssembly: no METIS to compare with
    const auto ref =
        compute_partition_metrics(m, run_partition_method("metis", m, parts, p), parts);
    CAPTURE(ref.edge_cut);
    CAPTURE(ours.edge_cut);
    CHECK(static_cast<double>(ours.edge_cut) <= 1.1 * static_cast<double>(ref.edge_cut));
  }
}
