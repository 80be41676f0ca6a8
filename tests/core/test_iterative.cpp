// GDE, diffusion and the gradient model (course notes 003): the notes' Problems 2 and 3 and the
// 5 x 5 pressure grid (expected values from ../shared/seeds/003 and ERRATA.md 003), and properties
// on random topologies checked by the independent verifier.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/balance/gradient.h"
#include "core/verify/iterative_verify.h"

using namespace loadlab::core;

namespace {

LoadVector problem3_loads() {
  LoadVector w;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) w.push_back(1000 * (i + j));
  return w;
}

IterativeOptions with(double parameter, StopRule::Kind kind = StopRule::Kind::MaxMinusMin,
                      double value = 1.0) {
  IterativeOptions o;
  o.parameter = parameter;
  o.stop.kind = kind;
  o.stop.value = value;
  return o;
}

Topology random_graph(loadlab::util::Rng& rng, int n) {
  std::vector<Edge> edges;
  for (int v = 1; v < n; ++v) edges.push_back({static_cast<int>(rng.below(v)), v});  // connected
  for (int k = 0; k < n; ++k) {
    int a = static_cast<int>(rng.below(n)), b = static_cast<int>(rng.below(n));
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    bool dup = false;
    for (const Edge& e : edges) dup = dup || (std::min(e.a, e.b) == a && std::max(e.a, e.b) == b);
    if (!dup) edges.push_back({a, b});
  }
  return Topology::custom(n, edges);
}

int max_degree(const Topology& t) {
  int d = 0;
  for (int v = 0; v < t.size(); ++v) d = std::max(d, t.degree(v));
  return d;
}

}  // namespace

TEST_CASE("Gde.Problem2.EveryProcessor7500AfterOneSweep") {
  const Topology cube = Topology::hypercube(4);
  LoadVector w;
  for (int i = 0; i < 16; ++i) w.push_back(1000 * i);
  for (IterativeModel model : {IterativeModel::Real, IterativeModel::Tasks}) {
    IterativeOptions o = with(0.5);
    o.model = model;
    o.max_sweeps = 1;
    o.stop.value = 0;  // never: exactly one sweep
    const IterativeResult r = gde(cube, w, o);
    CHECK(r.sweeps_run == 1);
    for (double x : r.final_loads) CHECK(x == 7500.0);
    CHECK(verify_iterative(cube, w, r).ok);
  }
}

TEST_CASE("Gde.Problem3.ErrataColouring") {
  const Topology mesh = Topology::mesh(5, 5);
  const EdgeColouring c = natural_edge_colouring(mesh);
  CHECK(c.colours == 4);
  const std::vector<Edge> edges = mesh.edges();
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const int a = edges[e].a, b = edges[e].b;
    const int expected = b == a + 1 ? (a % 5) % 2 : 2 + (a / 5) % 2;
    CHECK(c.colour[e] == expected);
  }
}

TEST_CASE("Gde.Problem3.TwentyTwoSweeps") {
  const Topology mesh = Topology::mesh(5, 5);
  const LoadVector w = problem3_loads();
  CHECK(gde(mesh, w, with(0.5)).sweeps == 22);
  CHECK(gde(mesh, w, with(0.5, StopRule::Kind::Relative, 0.01)).sweeps == 13);
  const double opt = 1 / (1 + std::sin(std::numbers::pi / 5));
  const IterativeResult r = gde(mesh, w, with(opt));
  CHECK(r.sweeps == 9);
  CHECK(gde(mesh, w, with(opt, StopRule::Kind::Relative, 0.01)).sweeps == 6);
  CHECK(r.stop_rule_met);
  CHECK(verify_iterative(mesh, w, r).ok);
}

TEST_CASE("Gradient.NotesPressureGrid") {
  // Light nodes where the notes' grid has pressure 0: (1,0), (2,3), (4,3).
  const Topology mesh = Topology::mesh(5, 5);
  LoadVector w(25, 10);
  for (int v : {5, 13, 23}) w[static_cast<std::size_t>(v)] = 0;
  IterativeOptions o;
  o.max_sweeps = 1;
  const IterativeResult r = gradient(mesh, w, o);
  const std::vector<int> notes = {1, 2, 3, 2, 3, 0, 1, 2, 1, 2, 1, 2, 1,
                                  0, 1, 2, 3, 2, 1, 2, 3, 2, 1, 0, 1};
  CHECK(r.pressure == notes);
  CHECK(verify_iterative(mesh, w, r).ok);
}

TEST_CASE("EdgeColouring.ProperWithAtMostMaxDegreePlusOneColours") {
  loadlab::util::Rng rng(42);
  std::vector<Topology> tops = {Topology::hypercube(5), Topology::ring(7),
                                Topology::ring(8),      Topology::line(9),
                                Topology::mesh(3, 6),   Topology::torus(5, 7),
                                Topology::torus(4, 6),  Topology::complete(7),
                                Topology::complete(8),  Topology::kary_tree(3, 4)};
  for (int i = 0; i < 20; ++i)
    tops.push_back(random_graph(rng, 5 + static_cast<int>(rng.below(60))));
  for (int i = 0; i < 5; ++i) tops.push_back(Topology::random_tree(50, rng));
  for (const Topology& t : tops) {
    const EdgeColouring c = natural_edge_colouring(t);
    CHECK(check_edge_colouring(t, c) == "");
    // An odd cycle needs a third colour: the torus colouring adds one class per odd dimension,
    // Δ + 2 when both are odd.
    const bool odd_torus =
        t.kind() == TopologyKind::Torus && t.rows() % 2 == 1 && t.cols() % 2 == 1;
    CHECK(c.colours <= max_degree(t) + (odd_torus ? 2 : 1));
    const EdgeColouring mg = misra_gries_colouring(t);
    CHECK(check_edge_colouring(t, mg) == "");
    CHECK(mg.colours <= max_degree(t) + 1);
  }
}

TEST_CASE("Iterative.RandomTopologies.ConservedAndVerified") {
  loadlab::util::Rng rng(7);
  for (int i = 0; i < 12; ++i) {
    const Topology t = random_graph(rng, 4 + static_cast<int>(rng.below(40)));
    const LoadVector w = generate_loads(LoadGenerator::Uniform, t.size(), 50, rng);
    for (IterativeModel model : {IterativeModel::Real, IterativeModel::Tasks}) {
      IterativeOptions o;
      o.model = model;
      o.max_sweeps = 60;
      o.parameter = 0.3 + 0.1 * static_cast<double>(rng.below(7));
      const IterativeResult g = gde(t, w, o);
      CHECK(verify_iterative(t, w, g).ok);
      o.parameter = 1.0 / (max_degree(t) + 1);
      const IterativeResult d = diffusion(t, w, o);
      CHECK(verify_iterative(t, w, d).ok);
      o.averaging = true;
      CHECK(verify_iterative(t, w, diffusion(t, w, o)).ok);
      o.averaging = false;
      const IterativeResult gr = gradient(t, w, o);
      CHECK(verify_iterative(t, w, gr).ok);
      if (model == IterativeModel::Tasks) {
        CHECK(g.transfers_truncated == false);
      }
    }
  }
}

TEST_CASE("Diffusion.MaxMinusMinNeverIncreasesForSmallAlpha") {
  loadlab::util::Rng rng(11);
  for (int i = 0; i < 10; ++i) {
    const Topology t = random_graph(rng, 5 + static_cast<int>(rng.below(40)));
    const LoadVector w = generate_loads(LoadGenerator::HotSpot, t.size(), 100, rng,
                                        static_cast<int>(rng.below(t.size())));
    IterativeOptions o;
    o.parameter = 1.0 / (max_degree(t) + 1);
    o.max_sweeps = 200;
    o.stop.value = 0;
    const IterativeResult r = diffusion(t, w, o);
    double prev = r.initial_max_minus_min;
    for (double h : r.history_max_minus_min) {
      CHECK(h <= prev + 1e-9);
      prev = h;
    }
  }
}

TEST_CASE("Iterative.MeasuredRateWithinFivePercentOfPredicted") {
  const Topology tops[] = {Topology::ring(16), Topology::ring(13), Topology::torus(8, 8),
                           Topology::torus(6, 10)};
  loadlab::util::Rng rng(5);
  for (const Topology& t : tops) {
    const LoadVector w = generate_loads(LoadGenerator::Uniform, t.size(), 1000, rng);
    IterativeOptions o;
    o.stop.value = 0;
    o.max_sweeps = 400;
    for (double p : {0.5, std::numeric_limits<double>::quiet_NaN()}) {
      o.parameter = p;
      const IterativeResult g = gde(t, w, o);
      CAPTURE(t.size());
      CAPTURE(p);
      CHECK(g.measured_rate == doctest::Approx(g.predicted_rate).epsilon(0.05));
    }
    o.parameter = 0.2;
    const IterativeResult d = diffusion(t, w, o);
    CHECK(d.measured_rate == doctest::Approx(d.predicted_rate).epsilon(0.05));
  }
}

TEST_CASE("Diffusion.PredictedRateAt65536Nodes") {
  // Independent value: the torus's diffusion eigenvalues are 1 - alpha (4 - 2cos(2 pi a/k) -
  // 2cos(2 pi b/k)); the largest modulus besides a = b = 0 is at (1, 0) or (k/2, k/2).
  const int k = 256;
  const Topology t = Topology::torus(k, k);
  const double alpha = 0.2;
  const double c = std::cos(2 * std::numbers::pi / k);
  const double expected = std::max(std::abs(1 - alpha * (2 - 2 * c)), std::abs(1 - 8 * alpha));
  CHECK(diffusion_predicted_rate(t, alpha, false, {200, 200}) ==
        doctest::Approx(expected).epsilon(1e-3));
}

TEST_CASE("Termination.DetectedNeverBeforeStopRule") {
  loadlab::util::Rng rng(3);
  const Topology tops[] = {Topology::mesh(5, 5), Topology::ring(12), Topology::hypercube(4),
                           random_graph(rng, 30)};
  for (const Topology& t : tops) {
    const LoadVector w = generate_loads(LoadGenerator::Uniform, t.size(), 1000, rng);
    IterativeOptions o;
    o.parameter = 0.5;
    o.termination = true;
    o.max_sweeps = 5000;
    for (int alg = 0; alg < 2; ++alg) {
      const IterativeResult r = alg == 0 ? gde(t, w, o) : diffusion(t, w, [&] {
        IterativeOptions d = o;
        d.parameter = 1.0 / (max_degree(t) + 1);
        return d;
      }());
      CAPTURE(t.size());
      REQUIRE(r.termination.detected);
      CHECK(r.stop_rule_met);
      CHECK(r.termination.detected_at_sweep >= r.sweeps);
      CHECK(r.termination.control_messages > 0);
      CHECK(verify_iterative(t, w, r).ok);
    }
  }
}
