// The iterative-balancing views' model (src/app/balance/model_iterative.h): the sweeps
// replayed for the network view, checked against the notes' worked examples (ERRATA.md 003) and
// against the run's own final loads and history; the Dijkstra-Scholten tree.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "app/balance/model_iterative.h"
#include "app/balance/model_scene.h"
#include "io/kinds/balance.h"
#include "io/presets.h"
#include "io/scenario.h"
#include "iterative_state.h"

using namespace loadlab;
using namespace loadlab::app;
using io::Json;
using testing::first_iterative;
using testing::run_state;

namespace {

double spread(const std::vector<double>& w) {
  return *std::max_element(w.begin(), w.end()) - *std::min_element(w.begin(), w.end());
}

}  // namespace

TEST_CASE("IterativeView.Problem2.EveryNodeHolds7500AfterTheReplayedSweep") {
  const AppState st = run_state(io::find_preset("notes_problem2").scenario);
  const core::IterativeResult& r = first_iterative(st);
  const IterativeReplay rp =
      replay_iterative(*balance_scene(st).topology, balance_scene(st).loads, st.scenario, r);
  REQUIRE(rp.every_sweep);
  REQUIRE(rp.sweeps == std::vector<int>{0, 1});
  for (std::size_t v = 0; v < 16; ++v) {
    CHECK(rp.loads[0][v] == 1000.0 * static_cast<double>(v));  // the notes' initial loads
    CHECK(rp.loads[1][v] == 7500.0);                           // ERRATA 003, Problem 2
  }
}

TEST_CASE("IterativeView.Problem3.ReplayMatchesTheRunSweepBySweep") {
  const AppState st = run_state(io::find_preset("notes_problem3").scenario);
  const core::IterativeResult& r = first_iterative(st);
  CHECK(r.sweeps == 22);  // ERRATA 003, Problem 3
  const IterativeReplay rp =
      replay_iterative(*balance_scene(st).topology, balance_scene(st).loads, st.scenario, r);
  REQUIRE(rp.every_sweep);
  REQUIRE(rp.sweeps.size() == 23);
  CHECK(rp.loads.back() == r.final_loads);  // bit for bit
  // Each replayed snapshot has the max - min the run recorded after that sweep.
  for (std::size_t s = 1; s < rp.loads.size(); ++s)
    CHECK(spread(rp.loads[s]) == r.history_max_minus_min[s - 1]);
  CHECK(spread(rp.loads[21]) >= 1.0);
  CHECK(spread(rp.loads[22]) < 1.0);
  // Loads are conserved in every snapshot (sum 100,000 = 25 x 4000).
  for (const auto& w : rp.loads) {
    double sum = 0;
    for (double x : w) sum += x;
    CHECK(std::abs(sum - 100000.0) < 1e-6);
  }
}

TEST_CASE("IterativeView.Budget.ThinnedSnapshotsStillEndOnTheFinalLoads") {
  const AppState st = run_state(io::find_preset("notes_problem3").scenario);
  const core::IterativeResult& r = first_iterative(st);
  const double per_sweep = 25 + 40;  // nodes + edges of the 5 x 5 mesh
  const IterativeReplay rp = replay_iterative(*balance_scene(st).topology, balance_scene(st).loads,
                                              st.scenario, r, per_sweep * 22 * 5);
  CHECK_FALSE(rp.every_sweep);
  CHECK_FALSE(rp.note.empty());
  REQUIRE(rp.sweeps.size() >= 2);
  CHECK(rp.sweeps.front() == 0);
  CHECK(rp.sweeps.back() == 22);
  CHECK(std::is_sorted(rp.sweeps.begin(), rp.sweeps.end()));
  CHECK(rp.loads.back() == r.final_loads);
  // A thinned snapshot is still the exact state after its sweep.
  for (std::size_t i = 1; i + 1 < rp.sweeps.size(); ++i)
    CHECK(spread(rp.loads[i]) ==
          r.history_max_minus_min[static_cast<std::size_t>(rp.sweeps[i] - 1)]);
}

TEST_CASE("IterativeView.Termination.TreeIsBreadthFirstAndCollapsesWhenDetected") {
  Json sc = io::find_preset("notes_problem3").scenario;
  sc["params"]["gde"]["termination"] = "dijkstra_scholten";
  const AppState st = run_state(sc);
  const core::IterativeResult& r = first_iterative(st);
  REQUIRE(r.termination.detected);
  const IterativeReplay rp =
      replay_iterative(*balance_scene(st).topology, balance_scene(st).loads, st.scenario, r);
  REQUIRE(rp.every_sweep);
  REQUIRE(rp.ds_parent.size() == 25);
  CHECK(rp.ds_parent[0] == -1);
  const core::Topology& t = *balance_scene(st).topology;
  for (int u = 1; u < 25; ++u) {
    const int p = rp.ds_parent[static_cast<std::size_t>(u)];
    REQUIRE(p >= 0);
    CHECK(t.has_link(u, p));
    CHECK(t.distance(0, p) == t.distance(0, u) - 1);  // breadth-first from the root
  }
  REQUIRE(rp.ds_in_tree.size() == rp.loads.size());
  // Before any sweep every node is in the tree; at the detected sweep only the root is left.
  CHECK(std::count(rp.ds_in_tree[0].begin(), rp.ds_in_tree[0].end(), 1) == 25);
  const auto& at = rp.ds_in_tree[static_cast<std::size_t>(r.termination.detected_at_sweep)];
  CHECK(at[0] == 1);
  CHECK(std::count(at.begin() + 1, at.end(), 1) == 0);
}

TEST_CASE("IterativeView.PredictedSpread.FollowsTheRateFromTheAnchor") {
  core::IterativeResult r;
  r.history_max_minus_min = {8, 4, 2};
  r.predicted_rate = 0.5;
  CHECK(predicted_spread(r, 3, 3) == 2.0);
  CHECK(predicted_spread(r, 3, 5) == 0.5);
  CHECK(predicted_spread(r, 2, 0) == 16.0);
  CHECK(std::isnan(predicted_spread(r, 4, 1)));
}

namespace {

// GDE's colour classes stepped one at a time (gde_class_step): after the last class of sweep s the
// loads are the replay's loads after sweep s, bit for bit, and in step c only endpoints of class-c
// edges change load.
void check_class_steps(const AppState& st) {
  const core::IterativeResult& r = first_iterative(st);
  REQUIRE(r.algorithm == "gde");
  const core::Topology& t = *balance_scene(st).topology;
  const IterativeReplay rp = replay_iterative(t, balance_scene(st).loads, st.scenario, r);
  REQUIRE(rp.every_sweep);
  const int classes = r.colouring.colours;
  REQUIRE(classes >= 2);
  const std::vector<core::Edge> edges = t.edges();
  int steps_that_moved = 0;
  for (int s = 1; s <= r.sweeps_run; ++s) {
    std::vector<double> prev = rp.loads[static_cast<std::size_t>(s - 1)];
    for (int c = 0; c < classes; ++c) {
      CAPTURE(s);
      CAPTURE(c);
      const GdeClassStep step = gde_class_step(t, r, rp, s, c);
      REQUIRE(step.loads.size() == prev.size());
      std::vector<char> endpoint(prev.size(), 0);
      for (std::size_t e = 0; e < edges.size(); ++e)
        if (r.colouring.colour[e] == c)
          endpoint[static_cast<std::size_t>(edges[e].a)] =
              endpoint[static_cast<std::size_t>(edges[e].b)] = 1;
      bool moved = false;
      for (std::size_t v = 0; v < prev.size(); ++v) {
        const bool changed = step.loads[v] != prev[v];
        CHECK(static_cast<char>(changed) == step.changed[v]);
        if (changed) CHECK(endpoint[v] == 1);
        moved = moved || changed;
      }
      steps_that_moved += moved ? 1 : 0;
      prev = step.loads;
    }
    CHECK(prev == rp.loads[static_cast<std::size_t>(s)]);  // bit for bit
  }
  CHECK(steps_that_moved > r.sweeps_run);  // several classes move load in a sweep
}

}  // namespace

TEST_CASE("IterativeView.GdeClassSteps.LastClassIsTheSweepAndOnlyItsEdgesMove") {
  SUBCASE("Problem 3, real model (4 classes)") {
    check_class_steps(run_state(io::find_preset("notes_problem3").scenario));
  }
  SUBCASE("odd torus, tasks model (an extra class where a side is odd)") {
    check_class_steps(run_state(Json::parse(R"json({"loadlab":1,"kind":"balance","seed":4,
        "topology":{"type":"torus","rows":5,"cols":4},
        "loads":[90,0,3,47,12,88,5,61,0,0,77,34,9,100,2,56,71,18,40,6],
        "algorithms":["gde"],"params":{"gde":{"lambda":0.5,"model":"tasks","max_sweeps":12,"stop":{"max_minus_min":0}}}})json")));
  }
  SUBCASE("thinned replay: no class steps, and a note") {
    const AppState st = run_state(io::find_preset("notes_problem3").scenario);
    const core::IterativeResult& r = first_iterative(st);
    const IterativeReplay rp = replay_iterative(
        *balance_scene(st).topology, balance_scene(st).loads, st.scenario, r, 65.0 * 22 * 5);
    REQUIRE_FALSE(rp.every_sweep);
    int missing = -1;
    for (int s = 1; s <= r.sweeps_run && missing < 0; ++s)
      if (std::find(rp.sweeps.begin(), rp.sweeps.end(), s - 1) == rp.sweeps.end()) missing = s;
    REQUIRE(missing > 0);
    const GdeClassStep step = gde_class_step(*balance_scene(st).topology, r, rp, missing, 0);
    CHECK(step.loads.empty());
    CHECK_FALSE(step.note.empty());
  }
}
