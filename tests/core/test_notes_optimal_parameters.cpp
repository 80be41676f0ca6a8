// The course notes' optimal exchange parameter of GDE and diffusion parameter per topology
// ("Task Scheduling & Load Balancing", Overview of Techniques), checked by sweeping lambda / alpha
// over a fine grid: at the notes' value the convergence rate (the second-largest eigenvalue
// modulus of one sweep) must be the grid's minimum. The expected values are the notes' formulas;
// the rate is measured on the sweep operator our GDE and diffusion run.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/model/edge_colouring.h"

using namespace loadlab::core;

namespace {

struct NotesCase {
  const char* name;
  Topology topology;
  double notes_value;
};

constexpr double notes_pi = std::numbers::pi;

}  // namespace

TEST_CASE("NotesOptimal.GdeLambdaIsTheSweepMinimum") {
  const NotesCase cases[] = {
      {"hypercube 4", Topology::hypercube(4), 0.5},
      {"ring 12", Topology::ring(12), 1 / (1 + std::sin(2 * notes_pi / 12))},
      {"line 8", Topology::line(8), 1 / (1 + std::sin(notes_pi / 8))},
      {"torus 4x8", Topology::torus(4, 8), 1 / (1 + std::sin(2 * notes_pi / 8))},
      {"mesh 4x6", Topology::mesh(4, 6), 1 / (1 + std::sin(notes_pi / 6))},
  };
  const RateOptions ro{400, 400};
  for (const auto& c : cases) {
    CAPTURE(c.name);
    // The library's table of the notes' values agrees with the formulas typed here.
    CHECK(notes_gde_lambda(c.topology) == doctest::Approx(c.notes_value).epsilon(1e-12));
    const EdgeColouring colouring = natural_edge_colouring(c.topology);
    const double at_notes = gde_predicted_rate(c.topology, colouring, c.notes_value, ro);
    double best = 2, best_lambda = 0;
    for (int i = 1; i <= 200; ++i) {
      const double lambda = 0.005 * i;
      const double r = gde_predicted_rate(c.topology, colouring, lambda, ro);
      if (r < best) best = r, best_lambda = lambda;
    }
    CAPTURE(best_lambda);
    CAPTURE(best);
    CAPTURE(at_notes);
    // No grid point converges noticeably faster than the notes' value ...
    CHECK(at_notes <= best + 2e-3);
    // ... and the grid's best point lies next to it.
    CHECK(std::abs(best_lambda - c.notes_value) <= 0.0125);
  }
}

TEST_CASE("NotesOptimal.DiffusionAlphaIsTheSweepMinimum") {
  // Independent optimum: diffusion's sweep is I - alpha * Laplacian, whose rate
  // max(|1 - alpha l_2|, |1 - alpha l_max|) is least at alpha = 2 / (l_2 + l_max). Ring (even k):
  // l_2 = 2 - 2cos(2 pi/k), l_max = 4. Line: 2 -+ 2cos(pi/k). Torus (even k1 <= k2):
  // 2 - 2cos(2 pi/k2) and 8. Mesh k1 <= k2: 2 - 2cos(pi/k2) and 4 + 2cos(pi/k1) + 2cos(pi/k2),
  // so alpha* = 1 / (3 + cos(pi/k1)): the notes' 1/4 is its limit for large meshes, not exact.
  struct DiffusionCase {
    const char* name;
    Topology topology;
    double notes_value;
    double eigen_optimum;
  };
  const DiffusionCase cases[] = {
      {"ring 12", Topology::ring(12), 1 / (3 - std::cos(2 * notes_pi / 12)),
       2 / (6 - 2 * std::cos(2 * notes_pi / 12))},
      {"line 9", Topology::line(9), 0.5, 2 / (4.0)},
      {"torus 4x8", Topology::torus(4, 8), 1 / (5 - std::cos(2 * notes_pi / 8)),
       2 / (10 - 2 * std::cos(2 * notes_pi / 8))},
      {"mesh 4x6", Topology::mesh(4, 6), 0.25, 1 / (3 + std::cos(notes_pi / 4))},
      {"mesh 16x16", Topology::mesh(16, 16), 0.25, 1 / (3 + std::cos(notes_pi / 16))},
  };
  const RateOptions ro{400, 400};
  for (const auto& c : cases) {
    CAPTURE(c.name);
    bool averaging = true;
    CHECK(notes_diffusion_alpha(c.topology, averaging) ==
          doctest::Approx(c.notes_value).epsilon(1e-12));
    CHECK_FALSE(averaging);
    double best = 2, best_alpha = 0;
    for (int i = 1; i <= 200; ++i) {
      const double alpha = 0.0025 * i;  // up to 1/2: beyond 1/degree the sweep diverges anyway
      const double r = diffusion_predicted_rate(c.topology, alpha, false, ro);
      if (r < best) best = r, best_alpha = alpha;
    }
    CAPTURE(best_alpha);
    CAPTURE(best);
    // The sweep finds the eigenvalue optimum (to the grid step) ...
    CHECK(std::abs(best_alpha - c.eigen_optimum) <= 0.0025);
    // ... which is the notes' value on rings, lines and tori; on meshes the notes' 1/4 is within
    // 0.02 for k1 = 4 and within 0.002 for k1 = 16 (its limit as k1 grows).
    const double tolerance = std::string(c.name).rfind("mesh", 0) == 0
                                 ? (c.topology.size() > 100 ? 0.002 : 0.02)
                                 : 1e-12;
    CHECK(std::abs(c.notes_value - c.eigen_optimum) <= tolerance);
  }
  // Hypercube: the notes' "averaging diffusion algorithm" (alpha = 1/(d+1)) beats every uniform
  // alpha on the grid.
  const Topology cube = Topology::hypercube(4);
  bool averaging = false;
  notes_diffusion_alpha(cube, averaging);
  CHECK(averaging);
  const double avg_rate = diffusion_predicted_rate(cube, 0, true, ro);
  for (int i = 1; i <= 100; ++i) {
    const double alpha = 0.0025 * i;
    CAPTURE(alpha);
    CHECK(avg_rate <= diffusion_predicted_rate(cube, alpha, false, ro) + 1e-3);
  }
}
