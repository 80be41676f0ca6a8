// METIS k-way, the partition kind's baseline (native builds only).
#include <doctest/doctest.h>

#include "core/partition/generators.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/verify/partition_verify.h"

using namespace loadlab::core;

TEST_CASE("PartitionMetis.Available.AndVerifiedOnGenerators") {
  REQUIRE(metis_available());
  for (const Mesh& m :
       {grid_mesh(40, 40), random_points_mesh(2000, 4), with_holes_mesh(40, 40, 4)}) {
    PartitionParams p;
    const auto part = run_partition_method("metis", m, 8, p);
    const auto metrics = compute_partition_metrics(m, part, 8);
    CHECK(verify_partition(m, 8, part, metrics).ok);
    CHECK(metrics.imbalance <= 1.03 + 1e-9);
    // Same seed, same result.
    CHECK(run_partition_method("metis", m, 8, p) == part);
  }
}

TEST_CASE("PartitionMetis.Grid.BisectionIsNearTheMinimum") {
  // The minimum balanced bisection of a 16 x 40 grid cuts one column of 16 edges: METIS (a
  // heuristic) can never go below it, and stays within 2x of it.
  const Mesh g = grid_mesh(16, 40);
  PartitionParams p;
  p.imbalance = 0.001;
  const auto cut = compute_partition_metrics(g, run_partition_method("metis", g, 2, p), 2).edge_cut;
  CHECK(cut >= 16);
  CHECK(cut <= 32);
}
