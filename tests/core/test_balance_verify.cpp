// The verifier must reject corrupted results; metrics and the registry behave as documented.
#include <doctest/doctest.h>

#include <string>

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/registry.h"
#include "core/balance/twa.h"
#include "core/metrics/balance_metrics.h"
#include "core/verify/balance_verify.h"
#include "wu_examples.h"

using namespace loadlab::core;
using loadlab::test::example1_tree;
using loadlab::test::kExample1Loads;
using loadlab::test::kFigure1Loads;

namespace {

bool balance_verify_mentions(const BalanceVerification& v, const std::string& word) {
  for (const auto& e : v.errors)
    if (e.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("BalanceVerify.AcceptsValidResults") {
  const Topology cube = Topology::hypercube(3);
  CHECK(verify_balance(cube, kFigure1Loads, cwa(cube, kFigure1Loads)).ok);
  CHECK(verify_balance(cube, kFigure1Loads, dem(cube, kFigure1Loads)).ok);
}

TEST_CASE("BalanceVerify.CatchesCorruptedResults") {
  const Topology cube = Topology::hypercube(3);
  const BalanceResult good = cwa(cube, kFigure1Loads);
  REQUIRE(good.transfers.size() == 7);

  SUBCASE("count changed") {
    BalanceResult r = good;
    r.transfers[0].count += 1;
    const auto v = verify_balance(cube, kFigure1Loads, r);
    CHECK_FALSE(v.ok);
    CHECK(balance_verify_mentions(v, "transfers give"));
  }
  SUBCASE("transfer not along a link") {
    BalanceResult r = good;
    r.transfers[0].to = r.transfers[0].from ^ 3;  // two dimensions away
    r.final_loads = apply_transfers(kFigure1Loads, r.transfers);
    const auto v = verify_balance(cube, kFigure1Loads, r);
    CHECK_FALSE(v.ok);
    CHECK(balance_verify_mentions(v, "not along a link"));
  }
  SUBCASE("final loads edited (conserved but not what the transfers give)") {
    BalanceResult r = good;
    r.final_loads[0] += 1;
    r.final_loads[1] -= 1;
    CHECK_FALSE(verify_balance(cube, kFigure1Loads, r).ok);
  }
  SUBCASE("tasks created") {
    BalanceResult r = good;
    r.final_loads[0] += 1;
    const auto v = verify_balance(cube, kFigure1Loads, r);
    CHECK_FALSE(v.ok);
    CHECK(balance_verify_mentions(v, "not conserved"));
  }
  SUBCASE("quota missed by a consistent schedule") {
    BalanceResult r = good;
    r.transfers.pop_back();
    r.final_loads = apply_transfers(kFigure1Loads, r.transfers);
    const auto v = verify_balance(cube, kFigure1Loads, r);
    CHECK_FALSE(v.ok);
    CHECK(balance_verify_mentions(v, "quota"));
  }
  SUBCASE("non-positive count") {
    BalanceResult r = good;
    r.transfers[1].count = -r.transfers[1].count;
    r.final_loads = apply_transfers(kFigure1Loads, r.transfers);
    CHECK_FALSE(verify_balance(cube, kFigure1Loads, r).ok);
  }
  SUBCASE("step out of range") {
    BalanceResult r = good;
    r.transfers.back().step = r.steps;
    CHECK_FALSE(verify_balance(cube, kFigure1Loads, r).ok);
  }
  SUBCASE("steps out of order") {
    BalanceResult r = good;
    std::swap(r.transfers.front(), r.transfers.back());
    CHECK_FALSE(verify_balance(cube, kFigure1Loads, r).ok);
  }
  SUBCASE("node outside the topology") {
    BalanceResult r = good;
    r.transfers[0].to = 8;
    CHECK_FALSE(verify_balance(cube, kFigure1Loads, r).ok);
  }
  SUBCASE("wrong initial loads") {
    LoadVector other = kFigure1Loads;
    other[7] += 8;
    CHECK_FALSE(verify_balance(cube, other, good).ok);
  }
}

TEST_CASE("BalanceVerify.CatchesSendBeforeReceive") {
  // TWA Example 1: node 1 holds 4 tasks and must forward 5 to node 0 after receiving 6 from node 3.
  // Squashing every transfer into step 0 makes node 1 send what it does not yet hold.
  const Topology tree = example1_tree();
  BalanceResult r = twa(tree, kExample1Loads);
  REQUIRE(verify_balance(tree, kExample1Loads, r).ok);
  for (Transfer& t : r.transfers) t.step = 0;
  const auto v = verify_balance(tree, kExample1Loads, r);
  CHECK_FALSE(v.ok);
  CHECK(balance_verify_mentions(v, "holds only"));
}

TEST_CASE("BalanceMetrics.ForeignTasksLeaveFirst") {
  // Line 0 - 1 - 2: node 0 sends 2 tasks to node 1, which then forwards 2 tasks to node 2. The
  // forwarded tasks are node 0's, so node 1's own 5 tasks all stay local: 2 non-local tasks.
  const LoadVector w = {2, 5, 0};
  const std::vector<Transfer> t = {{0, 0, 1, 2}, {1, 1, 2, 2}};
  CHECK(non_local_tasks(w, t) == 2);
  // If node 1 forwards 3, one of them is its own: 3 non-local.
  CHECK(non_local_tasks(w, {{0, 0, 1, 2}, {1, 1, 2, 3}}) == 3);
  // A task that goes away and comes back is local again.
  CHECK(non_local_tasks({1, 0}, {{0, 0, 1, 1}, {1, 1, 0, 1}}) == 0);
  // Within one step a node cannot forward what it receives in that step: node 1 sends its own.
  CHECK(non_local_tasks(w, {{0, 0, 1, 2}, {0, 1, 2, 2}}) == 4);
}

TEST_CASE("BalanceMetrics.TraceFollowsSteps") {
  const Topology cube = Topology::hypercube(3);
  const BalanceResult r = cwa(cube, kFigure1Loads);
  const auto trace = load_trace(r.initial_loads, r.transfers, r.steps);
  REQUIRE(trace.size() == 4);
  CHECK(trace[0] == kFigure1Loads);
  // After k = 2 (0 -> 4 x6, 1 -> 5 x3): Example 3's second table has w_0 = 13, w_1 = 8, w_4 = 6,
  // w_5 = 12.
  CHECK(trace[1] == LoadVector{13, 8, 2, 9, 6, 12, 10, 4});
  CHECK(trace[3] == LoadVector(8, 8));
}

TEST_CASE("BalanceRegistry.UnsupportedTopologyIsAClearError") {
  const Topology mesh = Topology::mesh(4, 4);
  const LoadVector w(16, 1);
  CHECK_THROWS_AS(run_balance("cwa", mesh, w), UnsupportedTopology);
  try {
    run_balance("cwa", mesh, w);
  } catch (const UnsupportedTopology& e) {
    CHECK(std::string(e.what()).find("hypercube") != std::string::npos);
    CHECK(std::string(e.what()).find("mesh") != std::string::npos);
  }
  CHECK_THROWS_AS(run_balance("dem", mesh, w), UnsupportedTopology);
  CHECK_THROWS_AS(run_balance("twa", mesh, w), UnsupportedTopology);
  CHECK_THROWS_AS(run_balance("mwa", Topology::hypercube(4), w), UnsupportedTopology);
  CHECK_THROWS_AS(run_balance("optimal", Topology::custom(2, {}), LoadVector{1, 1}),
                  UnsupportedTopology);
  CHECK_THROWS_AS(run_balance("nope", mesh, w), std::invalid_argument);
  CHECK_THROWS_AS(run_balance("mwa", mesh, LoadVector(15, 1)), std::invalid_argument);
  CHECK_THROWS_AS(run_balance("mwa", mesh, LoadVector(16, -1)), std::invalid_argument);
  // Every name runs on a topology it supports, and the optimum runs everywhere.
  CHECK(run_balance("twa", Topology::line(5), LoadVector{9, 0, 0, 0, 1}).final_loads ==
        LoadVector{2, 2, 2, 2, 2});
  // Paper 000's five come first (notes 003's gde, diffusion, gradient follow:).
  const auto& names = balance_algorithm_names();
  CHECK(std::vector<std::string>(names.begin(), names.begin() + 5) ==
        std::vector<std::string>{"twa", "cwa", "mwa", "dem", "optimal"});
  CHECK(run_balance("optimal", Topology::ring(4), LoadVector{4, 0, 0, 0}).final_loads ==
        LoadVector{1, 1, 1, 1});
}

TEST_CASE("Balance.DegenerateInputs") {
  // Single node, all-zero loads, very large loads.
  CHECK(cwa(Topology::hypercube(0), {7}).transfers.empty());
  CHECK(mwa(Topology::mesh(1, 1), {7}).transfers.empty());
  CHECK(twa(Topology::tree({-1}), {7}).transfers.empty());
  CHECK(dem(Topology::hypercube(0), {7}).transfers.empty());
  const Topology cube = Topology::hypercube(4);
  CHECK(cwa(cube, LoadVector(16, 0)).transfers.empty());
  LoadVector big(16, 0);
  big[5] = 1'000'000'000;
  const BalanceResult r = cwa(cube, big);
  CHECK(verify_balance(cube, big, r).ok);
  CHECK(compute_balance_metrics(r).max_minus_min == 0);
}

TEST_CASE("BalanceMetrics.FastReplayAgreesWithTrackedOrigins") {
  // non_local_tasks skips storing origins when no task can return home; the tracked replay stores
  // them always. Both must agree on every algorithm's schedules, including DEM's, where tasks go
  // further than needed, and on hand-made schedules with cycles.
  loadlab::util::Rng rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const Topology cube = Topology::hypercube(1 + int(rng.below(6)));
    LoadVector w(cube.size());
    for (auto& x : w) x = rng.uniform_int(0, 40);
    for (const BalanceResult& r : {cwa(cube, w), dem(cube, w), optimal(cube, w)})
      CHECK(non_local_tasks(w, r.transfers) == non_local_tasks_tracked(w, r.transfers));
    const Topology mesh = Topology::mesh(1 + int(rng.below(7)), 1 + int(rng.below(7)));
    LoadVector wm(mesh.size());
    for (auto& x : wm) x = rng.uniform_int(0, 40);
    const BalanceResult r = mwa(mesh, wm);
    CHECK(non_local_tasks(wm, r.transfers) == non_local_tasks_tracked(wm, r.transfers));
  }
  // Ring 0 -> 1 -> 2 -> 0 over three steps: node 0's task comes home.
  const std::vector<Transfer> cycle = {{0, 0, 1, 1}, {1, 1, 2, 1}, {2, 2, 0, 1}};
  CHECK(non_local_tasks({1, 0, 0}, cycle) == 0);
  CHECK(non_local_tasks_tracked({1, 0, 0}, cycle) == 0);
}
