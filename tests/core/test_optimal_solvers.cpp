// The optimum's fast solvers (primal-dual, unit_transshipment.h, and its multilevel start on grids,
// multilevel_transshipment.h, also forced to coarsen small grids) against the reference formulation
// (LEMON's network simplex on the graph of Wu's Section 2) on 240 seeded instances of every family,
// plus an independent closed form on trees and lines: the optimal task-hops on a tree is the sum
// over its links of |tasks the subtree below the link must export|, since every such task crosses
// that link and nothing else has to. Each returned schedule is also checked on its own: transfers
// only on links, positive counts, final loads exactly the quotas (or the given target), task-hops =
// sum of the counts, no link used in both directions. Supplies and potentials beyond 2^30 check
// the solver's 64-bit path against the same reference.
#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/balance/multilevel_transshipment.h"
#include "core/balance/optimal.h"
#include "core/balance/quota.h"
#include "core/balance/unit_transshipment.h"
#include "core/metrics/balance_metrics.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "core/verify/balance_verify.h"

using namespace loadlab;
using namespace loadlab::core;

namespace {

constexpr int kBranchFreeSearchNodesForTests = 1 << 17;  // unit_transshipment.cpp's threshold

std::int64_t optimal_solvers_hops(const BalanceResult& r) {
  std::int64_t h = 0;
  for (const Transfer& t : r.transfers) h += t.count;
  return h;
}

// Supplies met, flow on links only, non-negative, cost = sum of counts.
void optimal_solvers_check_schedule(const Topology& topo, const LoadVector& w,
                                    const LoadVector& target, const BalanceResult& r) {
  std::set<std::pair<int, int>> used;
  LoadVector final_loads = w;
  for (const Transfer& t : r.transfers) {
    CHECK(t.count > 0);
    CHECK(topo.has_link(t.from, t.to));
    CHECK(used.insert({t.from, t.to}).second);
    CHECK(used.count({t.to, t.from}) == 0);
    final_loads[t.from] -= t.count;
    final_loads[t.to] += t.count;
  }
  CHECK(final_loads == target);
  CHECK(r.final_loads == target);
  CHECK(compute_balance_metrics(r).task_hops == optimal_solvers_hops(r));
  if (target != quotas(average_load(w))) return;  // the verifier expects "optimal" to reach quotas
  const BalanceVerification v = verify_balance(topo, w, r);
  CHECK_MESSAGE(v.ok, (v.errors.empty() ? std::string() : v.errors.front()));
}

// Sum over tree links of |subtree load - subtree target| (children have larger preorder indices).
std::int64_t optimal_solvers_tree_closed_form(const Topology& tree, const LoadVector& w,
                                              const LoadVector& target) {
  const std::vector<int>& parent = tree.parents();
  std::vector<std::int64_t> surplus(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) surplus[i] = w[i] - target[i];
  std::int64_t hops = 0;
  for (int v = tree.size() - 1; v > 0; --v) {
    hops += surplus[v] < 0 ? -surplus[v] : surplus[v];
    surplus[parent[v]] += surplus[v];
  }
  return hops;
}

Topology optimal_solvers_random_connected(int n, int extra, util::Rng& rng) {
  std::vector<Edge> edges;
  std::set<std::pair<int, int>> have;
  for (int v = 1; v < n; ++v) {
    const int u = static_cast<int>(rng.below(static_cast<std::uint64_t>(v)));
    edges.push_back({u, v});
    have.insert({u, v});
  }
  for (int k = 0; k < extra; ++k) {
    int a = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    int b = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    if (have.insert({a, b}).second) edges.push_back({a, b});
  }
  return Topology::custom(n, edges);
}

Topology optimal_solvers_topology(int family, util::Rng& rng) {
  auto in = [&](int lo, int hi) { return static_cast<int>(rng.uniform_int(lo, hi)); };
  switch (family) {
    case 0:
      return Topology::mesh(in(1, 14), in(1, 14));
    case 1:
      return Topology::torus(in(3, 12), in(3, 12));
    case 2:
      return Topology::hypercube(in(0, 8));
    case 3:
      return Topology::random_tree(in(1, 150), rng);
    case 4:
      return Topology::ring(in(3, 120));
    case 5:
      return Topology::line(in(1, 120));
    case 6:
      return Topology::complete(in(1, 24));
    default: {
      const int n = in(2, 150);
      return optimal_solvers_random_connected(n, in(0, 2 * n), rng);
    }
  }
}

LoadVector optimal_solvers_loads(int kind, int n, util::Rng& rng) {
  switch (kind) {
    case 0:
      return generate_loads(LoadGenerator::Multinomial, n, rng.uniform_int(0, 30), rng);
    case 1:
      return generate_loads(LoadGenerator::Uniform, n, rng.uniform_int(1, 50), rng);
    case 2:
      return generate_loads(LoadGenerator::HotSpot, n, rng.uniform_int(1, 20), rng,
                            static_cast<int>(rng.below(static_cast<std::uint64_t>(n))));
    default: {  // a few heavy nodes in a sea of light ones
      LoadVector w(static_cast<std::size_t>(n));
      for (auto& x : w) x = rng.bernoulli(0.1) ? rng.uniform_int(50, 500) : rng.uniform_int(0, 3);
      return w;
    }
  }
}

}  // namespace

TEST_CASE("OptimalSolvers.PrimalDualAndMultilevelEqualNetworkSimplexOn240SeededInstances") {
  int instances = 0, with_remainder = 0;
  for (int family = 0; family < 8; ++family)
    for (int i = 0; i < 30; ++i) {
      util::Rng rng(1000u * static_cast<std::uint64_t>(family) + static_cast<std::uint64_t>(i));
      const Topology topo = optimal_solvers_topology(family, rng);
      const LoadVector w = optimal_solvers_loads(i % 4, topo.size(), rng);
      CAPTURE(family);
      CAPTURE(i);
      CAPTURE(topo.size());
      const LoadVector q = quotas(average_load(w));
      const BalanceResult fast = optimal(topo, w, OptimalSolver::PrimalDual);
      const BalanceResult ref = optimal(topo, w, OptimalSolver::NetworkSimplex);
      const BalanceResult multilevel = optimal(topo, w, OptimalSolver::Multilevel);
      CHECK(optimal_solvers_hops(fast) == optimal_solvers_hops(ref));
      CHECK(optimal_solvers_hops(multilevel) == optimal_solvers_hops(ref));
      CHECK(optimal_solvers_hops(optimal(topo, w)) == optimal_solvers_hops(ref));  // Auto
      optimal_solvers_check_schedule(topo, w, q, fast);
      optimal_solvers_check_schedule(topo, w, q, multilevel);
      optimal_solvers_check_schedule(topo, w, q, ref);
      // Multilevel with coarsening down to 2 nodes, so that these small grids take every path.
      std::vector<std::int64_t> supply(w.size());
      for (std::size_t k = 0; k < w.size(); ++k) supply[k] = w[k] - q[k];
      std::int64_t coarsened = 0;
      for (std::int64_t f : multilevel_transshipment(topo, supply, nullptr, 2))
        coarsened += f < 0 ? -f : f;
      CHECK(coarsened == optimal_solvers_hops(ref));
      if (topo.kind() == TopologyKind::Tree)
        CHECK(optimal_solvers_hops(fast) == optimal_solvers_tree_closed_form(topo, w, q));
      with_remainder += average_load(w).remainder > 0 ? 1 : 0;
      ++instances;
    }
  CHECK(instances == 240);
  CHECK(with_remainder > 60);  // the Fig 4 quotas with R > 0 are exercised, not just N | T
}

TEST_CASE("OptimalSolvers.ArbitraryTargetsAgree") {
  // optimal_to_target with a random target of the same total (DEM's final loads are such targets).
  for (int i = 0; i < 40; ++i) {
    util::Rng rng(77000u + static_cast<std::uint64_t>(i));
    const Topology topo = optimal_solvers_topology(i % 8, rng);
    const int n = topo.size();
    const LoadVector w = optimal_solvers_loads(1, n, rng);
    LoadVector target(static_cast<std::size_t>(n), 0);
    for (std::int64_t t = total_load(w); t > 0; --t)
      ++target[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))];
    CAPTURE(i);
    const BalanceResult fast = optimal_to_target(topo, w, target, OptimalSolver::PrimalDual);
    const BalanceResult ref = optimal_to_target(topo, w, target, OptimalSolver::NetworkSimplex);
    const BalanceResult multilevel = optimal_to_target(topo, w, target, OptimalSolver::Multilevel);
    CHECK(optimal_solvers_hops(fast) == optimal_solvers_hops(ref));
    CHECK(optimal_solvers_hops(multilevel) == optimal_solvers_hops(ref));
    optimal_solvers_check_schedule(topo, w, target, fast);
    optimal_solvers_check_schedule(topo, w, target, multilevel);
  }
}

TEST_CASE("OptimalSolvers.LineClosedForm") {
  // On a line 0 - 1 - ... - n-1 the link (i, i+1) carries |prefix load - prefix target| tasks.
  util::Rng rng(5);
  for (int n : {1, 2, 3, 10, 200}) {
    const Topology line = Topology::line(n);
    const LoadVector w = generate_loads(LoadGenerator::Uniform, n, 40, rng);
    const LoadVector q = quotas(average_load(w));
    std::int64_t prefix = 0, expected = 0;
    for (int i = 0; i + 1 < n; ++i) {
      prefix += w[i] - q[i];
      expected += prefix < 0 ? -prefix : prefix;
    }
    CHECK(optimal_solvers_hops(optimal(line, w, OptimalSolver::PrimalDual)) == expected);
  }
}

TEST_CASE("OptimalSolvers.BadInputIsRefused") {
  const Topology mesh = Topology::mesh(2, 2);
  CHECK_THROWS_AS(unit_transshipment(mesh, {1, -1, 0}), std::invalid_argument);
  CHECK_THROWS_AS(unit_transshipment(mesh, {1, 0, 0, 0}), std::invalid_argument);
  const Topology split = Topology::custom(4, {{0, 1}, {2, 3}});
  CHECK_THROWS_AS(unit_transshipment(split, {1, 0, 0, -1}), std::logic_error);
  CHECK_THROWS_AS(optimal(split, {4, 0, 0, 0}, OptimalSolver::PrimalDual), std::invalid_argument);
  CHECK_THROWS_AS(multilevel_transshipment(mesh, {1, -1, 0}, nullptr, 1), std::invalid_argument);
  CHECK_THROWS_AS(multilevel_transshipment(mesh, {1, 0, 0, 0}, nullptr, 1), std::invalid_argument);
  CHECK(multilevel_transshipment(mesh, {0, 0, 0, 0}, nullptr, 1) ==
        std::vector<std::int64_t>(4, 0));
  // Potentials that differ by 2 across a link are not a feasible start.
  const std::vector<std::int64_t> steep{0, 2, 0, 0};
  CHECK_THROWS_AS(unit_transshipment(mesh, {1, 0, 0, -1}, nullptr, &steep), std::invalid_argument);
  // Nothing to move: no flow, no phases.
  UnitTransshipmentStats stats;
  const auto flow = unit_transshipment(mesh, {0, 0, 0, 0}, &stats);
  CHECK(flow == std::vector<std::int64_t>(4, 0));
  CHECK(stats.phases == 0);
}

TEST_CASE("OptimalSolvers.MediumInstancesAgree") {
  // Large enough for many phases, relabels and gaps (the bench sizes stay out of the ASan run).
  util::Rng rng(2026);
  // The 70 x 90 mesh and 72 x 64 torus exceed kMultilevelDirectNodes: Auto solves coarser grids
  // first; the 2 x 2100 mesh has a side too short to halve and is solved directly.
  const Topology topos[] = {Topology::mesh(40, 40),
                            Topology::torus(32, 32),
                            Topology::mesh(70, 90),
                            Topology::torus(72, 64),
                            Topology::mesh(2, 2100),
                            Topology::hypercube(10),
                            optimal_solvers_random_connected(2000, 1000, rng)};
  for (const Topology& topo : topos)
    for (LoadGenerator g : {LoadGenerator::Multinomial, LoadGenerator::Uniform}) {
      CAPTURE(topo.size());
      const LoadVector w = generate_loads(g, topo.size(), 100, rng);
      const BalanceResult fast = optimal(topo, w, OptimalSolver::PrimalDual);
      const BalanceResult ref = optimal(topo, w, OptimalSolver::NetworkSimplex);
      const BalanceResult multilevel = optimal(topo, w, OptimalSolver::Multilevel);
      CHECK(optimal_solvers_hops(fast) == optimal_solvers_hops(ref));
      CHECK(optimal_solvers_hops(multilevel) == optimal_solvers_hops(ref));
      optimal_solvers_check_schedule(topo, w, quotas(average_load(w)), fast);
      optimal_solvers_check_schedule(topo, w, quotas(average_load(w)), multilevel);
    }
}

TEST_CASE("OptimalSolvers.FewSourcesManyDeficitsAgree") {
  // Deficits outnumbering the sources fifty times make the maximum flow search from the sources
  // (the other direction of Dinic's layering): hot spots and a few heavy nodes, against the
  // reference, with the count of such rounds checked so that the path is known to run.
  util::Rng rng(4242);
  const Topology topos[] = {Topology::mesh(30, 30), Topology::torus(24, 20), Topology::line(400),
                            Topology::hypercube(9),
                            optimal_solvers_random_connected(600, 300, rng)};
  for (const Topology& topo : topos)
    for (int kind = 0; kind < 3; ++kind) {
      CAPTURE(topo.size());
      CAPTURE(kind);
      LoadVector w(static_cast<std::size_t>(topo.size()), 0);
      if (kind == 0) {  // one hot spot
        w[rng.below(static_cast<std::uint64_t>(topo.size()))] = 20 * topo.size() + 7;
      } else {  // a few heavy nodes over light ones (kind 2: light loads of 0 to 3)
        for (auto& x : w) x = kind == 2 ? rng.uniform_int(0, 3) : 0;
        for (int h = 0; h < 4; ++h)
          w[rng.below(static_cast<std::uint64_t>(topo.size()))] += rng.uniform_int(100, 3000);
      }
      const LoadVector q = quotas(average_load(w));
      std::vector<std::int64_t> supply(w.size());
      for (std::size_t k = 0; k < w.size(); ++k) supply[k] = w[k] - q[k];
      UnitTransshipmentStats stats;
      std::int64_t hops = 0;
      for (std::int64_t f : unit_transshipment(topo, supply, &stats)) hops += f < 0 ? -f : f;
      const BalanceResult ref = optimal(topo, w, OptimalSolver::NetworkSimplex);
      CHECK(hops == optimal_solvers_hops(ref));
      // A lone hot spot is served by its shortest-path forest alone, with no maximum flow.
      if (kind > 0) CHECK(stats.rounds_from_sources > 0);
      const BalanceResult fast = optimal(topo, w);
      CHECK(optimal_solvers_hops(fast) == optimal_solvers_hops(ref));
      optimal_solvers_check_schedule(topo, w, q, fast);
      std::int64_t coarsened = 0;
      for (std::int64_t f : multilevel_transshipment(topo, supply, nullptr, 2))
        coarsened += f < 0 ? -f : f;
      CHECK(coarsened == optimal_solvers_hops(ref));
    }
}

TEST_CASE("OptimalSolvers.LargeTreeMatchesClosedForm") {
  // Above kBranchFreeSearchNodes the breadth-first search takes its branching form: a random tree
  // of 140,000 nodes against the closed form (the reference would take too long here).
  util::Rng rng(515);
  const Topology tree = Topology::random_tree(140000, rng);
  REQUIRE(tree.size() > kBranchFreeSearchNodesForTests);
  const LoadVector w = optimal_solvers_loads(3, tree.size(), rng);
  const LoadVector q = quotas(average_load(w));
  const BalanceResult fast = optimal(tree, w, OptimalSolver::PrimalDual);
  CHECK(optimal_solvers_hops(fast) == optimal_solvers_tree_closed_form(tree, w, q));
  optimal_solvers_check_schedule(tree, w, q, fast);
}

TEST_CASE("OptimalSolvers.SixtyFourBitPathAgrees") {
  // The solver keeps flows and potentials in 32 bits when they fit: supplies beyond 2^30 tasks and
  // potentials beyond 2^30 take the 64-bit path, which must give the same optimum.
  util::Rng rng(31);
  const Topology topos[] = {Topology::mesh(6, 7), Topology::torus(8, 8), Topology::hypercube(5),
                            optimal_solvers_random_connected(40, 30, rng)};
  for (const Topology& topo : topos) {
    CAPTURE(topo.size());
    LoadVector w(static_cast<std::size_t>(topo.size()));
    for (auto& x : w) x = rng.uniform_int(0, 3) * (std::int64_t{1} << 31) + rng.uniform_int(0, 100);
    const LoadVector q = quotas(average_load(w));
    const BalanceResult ref = optimal(topo, w, OptimalSolver::NetworkSimplex);
    const BalanceResult fast = optimal(topo, w, OptimalSolver::PrimalDual);
    CHECK(optimal_solvers_hops(fast) == optimal_solvers_hops(ref));
    optimal_solvers_check_schedule(topo, w, q, fast);
    std::vector<std::int64_t> supply(w.size());
    for (std::size_t k = 0; k < w.size(); ++k) supply[k] = w[k] - q[k];
    std::int64_t coarsened = 0;
    for (std::int64_t f : multilevel_transshipment(topo, supply, nullptr, 2))
      coarsened += f < 0 ? -f : f;
    CHECK(coarsened == optimal_solvers_hops(ref));
    // Small supplies, potentials shifted by 2^40 (any constant shift is as feasible as none).
    const LoadVector small = optimal_solvers_loads(1, topo.size(), rng);
    const LoadVector sq = quotas(average_load(small));
    for (std::size_t k = 0; k < small.size(); ++k) supply[k] = small[k] - sq[k];
    const std::vector<std::int64_t> shifted(small.size(), std::int64_t{1} << 40);
    std::int64_t hops = 0;
    for (std::int64_t f : unit_transshipment(topo, supply, nullptr, &shifted))
      hops += f < 0 ? -f : f;
    CHECK(hops == optimal_solvers_hops(optimal(topo, small, OptimalSolver::NetworkSimplex)));
  }
}
