// Node programs of TWA, CWA, MWA and DEM: the paper's examples, and exact agreement with the
// centralized implementations (core/balance) on thousands of random instances.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/twa.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "core/util/rng.h"
#include "sim/programs/balance_nodes.h"

using loadlab::core::LoadVector;
using loadlab::core::Topology;
using loadlab::core::Transfer;
using loadlab::sim::NodeBalanceRun;
using loadlab::sim::run_balance_nodes;

namespace {

std::vector<Transfer> canonical(std::vector<Transfer> t) {
  std::sort(t.begin(), t.end(), [](const Transfer& a, const Transfer& b) {
    if (a.step != b.step) return a.step < b.step;
    if (a.from != b.from) return a.from < b.from;
    return a.to < b.to;
  });
  return t;
}

// (from, to, count) triples, ignoring steps: what the paper's examples list.
std::vector<std::vector<std::int64_t>> moves(const std::vector<Transfer>& t) {
  std::vector<std::vector<std::int64_t>> out;
  for (const Transfer& x : t) out.push_back({x.from, x.to, x.count});
  std::sort(out.begin(), out.end());
  return out;
}

std::int64_t hops(const std::vector<Transfer>& t) {
  std::int64_t s = 0;
  for (const Transfer& x : t) s += x.count;
  return s;
}

loadlab::core::BalanceResult balance_crosscheck_central(const std::string& algo,
                                                        const Topology& topo,
                                                        const LoadVector& loads) {
  if (algo == "twa") return loadlab::core::twa(topo, loads);
  if (algo == "cwa") return loadlab::core::cwa(topo, loads);
  if (algo == "mwa") return loadlab::core::mwa(topo, loads);
  return loadlab::core::dem(topo, loads);
}

// Runs both engines and checks they agree exactly; returns the node run.
NodeBalanceRun balance_crosscheck_check_same(const std::string& algo, const Topology& topo,
                                             const LoadVector& loads, int threads = 1) {
  const auto ref = balance_crosscheck_central(algo, topo, loads);
  NodeBalanceRun run = run_balance_nodes(algo, topo, loads, threads);
  REQUIRE(run.status == loadlab::sim::RunStatus::Finished);
  CHECK(run.result.final_loads == ref.final_loads);
  CHECK(run.result.transfers == canonical(ref.transfers));
  CHECK(run.result.steps == ref.steps);
  CHECK(run.result.info_steps == ref.info_steps);
  CHECK(run.result.algorithm == ref.algorithm);
  CHECK(run.tasks_moved == hops(ref.transfers));
  return run;
}

LoadVector random_loads(loadlab::util::Rng& rng, int n, bool divisible) {
  const std::int64_t mean = rng.uniform_int(0, 12);
  LoadVector w =
      loadlab::core::generate_loads(loadlab::core::LoadGenerator::Multinomial, n, mean, rng);
  if (rng.bernoulli(0.3)) {  // hot spots and empty nodes
    for (auto& x : w) x = rng.bernoulli(0.2) ? rng.uniform_int(0, 40 * (mean + 1)) : 0;
  }
  std::int64_t total = 0;
  for (auto x : w) total += x;
  if (divisible) {
    w[0] += (n - total % n) % n;
  } else if (n > 1 && total % n == 0) {
    w[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))] += 1;
  }
  return w;
}

}  // namespace

TEST_CASE("Nodes.Twa.Example1" * doctest::timeout(30)) {
  // ERRATA.md 000 "Example 1": children 0:{1,4,6}, 1:{2,3}, 4:{5}, 6:{7,8}.
  const Topology tree = Topology::tree({-1, 0, 1, 1, 0, 4, 0, 6, 6});
  const LoadVector w{1, 4, 5, 11, 7, 2, 3, 3, 5};
  for (int threads : {1, 2, 4, 8}) {
    const NodeBalanceRun run = run_balance_nodes("twa", tree, w, threads);
    CHECK(run.result.final_loads == LoadVector{5, 5, 5, 5, 5, 4, 4, 4, 4});
    CHECK(moves(run.result.transfers) ==
          std::vector<std::vector<std::int64_t>>{
              {0, 6, 1}, {1, 0, 5}, {3, 1, 6}, {4, 5, 2}, {6, 7, 1}, {8, 6, 1}});
    CHECK(hops(run.result.transfers) == 16);
    // By hand (depth m = 2): the reduction reaches the root in superstep 2, the broadcast the
    // leaves in 4; leaf 3 sends in 4, then 1 -> 0 in 5, 0 -> 6 in 6, 6 -> 7 in 7: 8 = 4m.
    CHECK(run.supersteps == 8);
    CHECK(run.result.steps == 4);  // data-flow steps 3->1, 1->0, 0->6, 6->7
  }
}

TEST_CASE("Nodes.Cwa.Example3" * doctest::timeout(30)) {
  // ERRATA.md 000 "Figure 1 / Example 3 loads" and the CWA transfers listed there (21 task-hops).
  const Topology cube = Topology::hypercube(3);
  const LoadVector w{19, 11, 2, 9, 0, 9, 10, 4};
  for (int threads : {1, 2, 4, 8}) {
    const NodeBalanceRun run = run_balance_nodes("cwa", cube, w, threads);
    CHECK(run.result.final_loads == LoadVector(8, 8));
    const std::vector<Transfer> expected{{0, 0, 4, 6}, {0, 1, 5, 3}, {1, 0, 2, 5}, {1, 5, 7, 2},
                                         {2, 3, 2, 1}, {2, 5, 4, 2}, {2, 6, 7, 2}};
    CHECK(run.result.transfers == expected);
    CHECK(hops(run.result.transfers) == 21);
    CHECK(run.supersteps == 6);  // 2d: d for the w vectors, d for the exchange
  }
}

TEST_CASE("Nodes.Dem.Example2" * doctest::timeout(30)) {
  // ERRATA.md 000: DEM on the Example 3 loads: 14 + 11 + 8 = 33 task-hops.
  const Topology cube = Topology::hypercube(3);
  const LoadVector w{19, 11, 2, 9, 0, 9, 10, 4};
  for (int threads : {1, 3}) {
    const NodeBalanceRun run = run_balance_nodes("dem", cube, w, threads);
    CHECK(run.result.final_loads == LoadVector{8, 9, 8, 8, 7, 8, 8, 8});
    std::int64_t per_dim[3] = {0, 0, 0};
    for (const Transfer& t : run.result.transfers) per_dim[t.step] += t.count;
    CHECK(per_dim[0] == 14);
    CHECK(per_dim[1] == 11);
    CHECK(per_dim[2] == 8);
    CHECK(run.supersteps == 6);
    CHECK(run.messages == 8 * 3 + static_cast<std::int64_t>(run.result.transfers.size()));
  }
}

TEST_CASE("Nodes.Mwa.Example4" * doctest::timeout(30)) {
  // ERRATA.md 000 "Fig 12" Example 4: 4x4 mesh, 48 task-hops.
  const Topology mesh = Topology::mesh(4, 4);
  const LoadVector w{7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12};
  for (int threads : {1, 2, 4, 8}) {
    const NodeBalanceRun run = run_balance_nodes("mwa", mesh, w, threads);
    CHECK(run.result.final_loads == LoadVector(16, 8));
    CHECK(moves(run.result.transfers) == std::vector<std::vector<std::int64_t>>{{1, 0, 1},
                                                                                {1, 5, 3},
                                                                                {3, 2, 2},
                                                                                {3, 7, 6},
                                                                                {4, 8, 9},
                                                                                {6, 5, 2},
                                                                                {7, 6, 10},
                                                                                {7, 11, 3},
                                                                                {8, 12, 3},
                                                                                {9, 10, 3},
                                                                                {9, 13, 2},
                                                                                {15, 14, 4}});
    CHECK(hops(run.result.transfers) == 48);
    CHECK(run.supersteps <= 3 * (4 + 4));
  }
}

TEST_CASE("Nodes.CrossCheck.Trees" * doctest::timeout(300)) {
  loadlab::util::Rng rng(1001);
  for (int trial = 0; trial < 1500; ++trial) {
    const int n = 1 + static_cast<int>(rng.below(trial < 1000 ? 24 : 200));
    const Topology topo = trial % 10 == 9 ? Topology::line(n) : Topology::random_tree(n, rng);
    const LoadVector w = random_loads(rng, n, trial % 2 == 0);
    CAPTURE(trial);
    const NodeBalanceRun run =
        balance_crosscheck_check_same("twa", topo, w, trial % 7 == 0 ? 2 : 1);
    int m = 0;
    if (topo.kind() == loadlab::core::TopologyKind::Tree)
      for (int d : topo.depths()) m = std::max(m, d);
    else
      m = n - 1;
    CHECK(run.supersteps <= 4 * m);
  }
}

TEST_CASE("Nodes.CrossCheck.Cubes" * doctest::timeout(300)) {
  loadlab::util::Rng rng(2002);
  for (int trial = 0; trial < 1500; ++trial) {
    const int d = static_cast<int>(rng.below(trial < 1000 ? 5 : 8));
    const Topology topo = Topology::hypercube(d);
    const LoadVector w = random_loads(rng, topo.size(), trial % 2 == 0);
    CAPTURE(trial);
    const int threads = trial % 7 == 0 ? 2 : 1;
    const NodeBalanceRun c = balance_crosscheck_check_same("cwa", topo, w, threads);
    CHECK(c.supersteps <= 2 * d);
    const NodeBalanceRun e = balance_crosscheck_check_same("dem", topo, w, threads);
    CHECK(e.supersteps <= 2 * d);
    if (d > 0) CHECK(e.supersteps >= 2 * d - 1);  // load values are always exchanged
  }
}

TEST_CASE("Nodes.CrossCheck.Meshes" * doctest::timeout(300)) {
  loadlab::util::Rng rng(3003);
  for (int trial = 0; trial < 1500; ++trial) {
    const int n1 = 1 + static_cast<int>(rng.below(trial < 1000 ? 6 : 12));
    const int n2 = 1 + static_cast<int>(rng.below(trial < 1000 ? 6 : 12));
    const Topology topo = Topology::mesh(n1, n2);
    const LoadVector w = random_loads(rng, topo.size(), trial % 2 == 0);
    CAPTURE(trial);
    const NodeBalanceRun run =
        balance_crosscheck_check_same("mwa", topo, w, trial % 7 == 0 ? 2 : 1);
    // Scans and spreads take 2(n1-1) + 2(n2-1), task chains at most (n1-1) + (n2-1) more.
    CHECK(run.supersteps <= 3 * (n1 + n2) - 6);
  }
}

TEST_CASE("Nodes.SameResultsForAnyThreadCount" * doctest::timeout(300)) {
  loadlab::util::Rng rng(4004);
  const Topology tree = Topology::random_tree(3000, rng);
  const Topology cube = Topology::hypercube(10);
  const Topology mesh = Topology::mesh(30, 41);
  struct Case {
    const char* algo;
    const Topology* topo;
  };
  for (const Case& cs :
       {Case{"twa", &tree}, Case{"cwa", &cube}, Case{"dem", &cube}, Case{"mwa", &mesh}}) {
    CAPTURE(cs.algo);
    const LoadVector w = random_loads(rng, cs.topo->size(), false);
    const NodeBalanceRun one = balance_crosscheck_check_same(cs.algo, *cs.topo, w, 1);
    for (int threads : {2, 4, 8}) {
      const NodeBalanceRun many = run_balance_nodes(cs.algo, *cs.topo, w, threads);
      CHECK(many.result.transfers == one.result.transfers);
      CHECK(many.result.final_loads == one.result.final_loads);
      CHECK(many.supersteps == one.supersteps);
      CHECK(many.messages == one.messages);
      REQUIRE(many.trace.size() == one.trace.size());
      for (std::size_t s = 0; s < one.trace.size(); ++s)
        CHECK(many.trace[s].transfers == one.trace[s].transfers);
    }
  }
}

TEST_CASE("Nodes.SuperstepCounts" * doctest::timeout(120)) {
  // Hot spot on node 0 of a 6-cube: every iteration of CWA moves tasks, so all 2d supersteps send.
  LoadVector hot(64, 0);
  hot[0] = 64 * 5;
  CHECK(run_balance_nodes("cwa", Topology::hypercube(6), hot, 2).supersteps == 12);
  // A complete binary tree of depth 4 with all load on the deepest leftmost leaf (node 4): the
  // reduction takes m = 4, the broadcast reaches that leaf at 2m = 8, its tasks climb to the root
  // (4 supersteps) and descend to the deepest rightmost leaf (4 more): 16 = 4m sending supersteps.
  const Topology tree = Topology::kary_tree(2, 4);
  LoadVector w(static_cast<std::size_t>(tree.size()), 0);
  w[4] = 31 * 3;
  CHECK(run_balance_nodes("twa", tree, w, 2).supersteps == 16);
  // Balanced input: only steps 1-2 communicate (2m).
  CHECK(run_balance_nodes("twa", tree, LoadVector(31, 3), 2).supersteps == 8);
}

TEST_CASE("Nodes.UnsupportedTopologyAndCancel" * doctest::timeout(60)) {
  const Topology mesh = Topology::mesh(2, 4);
  CHECK_THROWS_AS(run_balance_nodes("cwa", mesh, LoadVector(8, 1), 1), std::invalid_argument);
  CHECK_THROWS_AS(run_balance_nodes("optimal", mesh, LoadVector(8, 1), 1), std::invalid_argument);
  CHECK_THROWS_AS(run_balance_nodes("mwa", mesh, LoadVector(7, 1), 1), std::invalid_argument);
  std::atomic<bool> cancel{true};
  const NodeBalanceRun run =
      run_balance_nodes("mwa", mesh, LoadVector{9, 0, 0, 0, 0, 0, 0, 0}, 2, &cancel);
  CHECK(run.status == loadlab::sim::RunStatus::Cancelled);
  CHECK(run.executed_supersteps == 0);
  // Progress reaches 1 and never decreases.
  std::vector<double> seen;
  run_balance_nodes("mwa", mesh, LoadVector{9, 0, 0, 0, 0, 0, 0, 0}, 2, nullptr,
                    [&](double f) { seen.push_back(f); });
  REQUIRE(!seen.empty());
  CHECK(seen.back() == 1.0);
  CHECK(std::is_sorted(seen.begin(), seen.end()));
}

TEST_CASE("Nodes.Session.SingleStepConservesTasks" * doctest::timeout(60)) {
  const Topology cube = Topology::hypercube(3);
  const LoadVector w{19, 11, 2, 9, 0, 9, 10, 4};
  loadlab::sim::NodeBalanceSession session("cwa", cube, w, 2);
  CHECK(session.expected_supersteps() == 6);
  int steps = 0;
  while (session.step()) {
    ++steps;
    std::int64_t total = 0;
    for (auto x : session.loads()) total += x;
    for (const auto& m : session.engine().in_flight()) total += m.tasks;
    CHECK(total == 64);  // tasks are on a node or on a link, never lost
  }
  CHECK(steps == 7);  // 6 communication supersteps + the final receive
  CHECK(session.loads() == LoadVector(8, 8));
  const NodeBalanceRun a = session.result();
  const NodeBalanceRun b = run_balance_nodes("cwa", cube, w, 1);
  CHECK(a.result.transfers == b.result.transfers);
  CHECK(a.messages == b.messages);
}
