// The notes' optimal lambda / alpha judged by a sweep of the predicted rate (notes_claims.h).
// Holds when no grid point converges noticeably faster than the notes' value: its rate is within
// 2e-3 of the grid's least (the tolerance of the unit test tests/core/
// test_notes_optimal_parameters.cpp, where the same grids are checked against eigenvalue optima).
// On meshes the notes' diffusion alpha = 1/4 is the large-mesh limit of 1 / (3 + cos(pi/k1)), so a
// small mesh is expected to differ, by about 0.02 for k1 = 4.
#include "experiments/notes_claims.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/model/edge_colouring.h"

namespace loadlab::experiments {

namespace {

constexpr double kNotesRateTolerance = 2e-3;

struct NotesTopology {
  const char* name;
  core::Topology topology;
  const char* formula;     ///< the notes' value as printed for this kind
  bool full_only = false;  ///< swept only without --quick
};

// The notes' value of a parameter on one topology and the predicted rate at any value of it.
struct NotesRate {
  double notes_value;
  std::function<double(double)> rate;
};

// One of the notes' parameters, swept on each of its topologies.
struct NotesParameter {
  const char* id;       ///< the claim id's middle part: "gde_lambda"
  const char* subject;  ///< "GDE's optimal lambda"
  const char* where;
  const char* symbol;  ///< the plot's x label
  double step;         ///< the grid: step, 2 step, ..., 200 step
  std::vector<NotesTopology> topologies;
  std::function<NotesRate(const core::Topology&)> prepare;
};

std::string notes_fmt(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

// "ring 12" -> "ring_12", "hypercube d=4" -> "hypercube_d4": a claim id's last part.
std::string notes_id_part(const std::string& name) {
  std::string id;
  for (char ch : name)
    if (ch == ' ')
      id += '_';
    else if (ch != '=')
      id += ch;
  return id;
}

// Sweeps `rate` over grid points step, 2 step, ..., points * step; adds the claim and its plot.
void notes_judge_sweep(NotesParameterClaims& out, const std::string& id, const std::string& claim,
                       const char* where, const char* symbol, double notes_value,
                       double rate_at_notes, double step, int points,
                       const std::function<double(double)>& rate) {
  PlotSeries curve{"predicted rate", {}, {}};
  double best = 2, best_at = 0;
  for (int i = 1; i <= points; ++i) {
    const double p = step * i;
    const double r = rate(p);
    curve.x.push_back(p);
    curve.y.push_back(r);
    if (r < best) best = r, best_at = p;
  }
  const bool holds = rate_at_notes <= best + kNotesRateTolerance;
  const std::string measured = std::string("grid best ") + symbol + " " +
                               notes_fmt("%.4f", best_at) + " (rate " + notes_fmt("%.4f", best) +
                               "); at the notes' " + notes_fmt("%.4f", notes_value) +
                               " the rate is " + notes_fmt("%.4f", rate_at_notes) + " (" +
                               notes_fmt("%+.4f", rate_at_notes - best) + ")";
  out.claims.push_back(make_claim(
      id, claim, notes_paper(where), measured, notes_value, best_at, "", holds,
      "holds when the rate at the notes' value is within 2e-3 of the least rate on the grid " +
          notes_fmt("%g", step) + ", " + notes_fmt("%g", 2 * step) + ", ... " +
          notes_fmt("%g", step * points)));
  const double lo = *std::min_element(curve.y.begin(), curve.y.end());
  const double hi = *std::max_element(curve.y.begin(), curve.y.end());
  Plot plot;
  plot.title = claim;
  plot.x_label = symbol;
  plot.y_label = "rate per sweep (second-largest eigenvalue modulus)";
  plot.series.push_back(std::move(curve));
  plot.series.push_back({"the notes' value", {notes_value, notes_value}, {lo, hi}});
  out.plots.push_back(std::move(plot));
}

}  // namespace

NotesParameterClaims judge_notes_parameter_claims(bool quick) {
  using core::Topology;
  NotesParameterClaims out;
  // Enough power iterations for the rate to settle on these sizes (the unit test's setting).
  const core::RateOptions ro{400, 400};
  const std::vector<NotesParameter> parameters = {
      {"gde_lambda",
       "GDE's optimal lambda",
       "Overview of Techniques, GDE",
       "lambda",
       0.005,
       {{"hypercube d=4", Topology::hypercube(4), "1/2"},
        {"ring 12", Topology::ring(12), "1 / (1 + sin(2 pi / k))"},
        {"line 8", Topology::line(8), "1 / (1 + sin(pi / k))"},
        {"torus 4x8", Topology::torus(4, 8), "1 / (1 + sin(2 pi / k_max))"},
        {"mesh 4x6", Topology::mesh(4, 6), "1 / (1 + sin(pi / k_max))"},
        {"hypercube d=6", Topology::hypercube(6), "1/2", true},
        {"ring 32", Topology::ring(32), "1 / (1 + sin(2 pi / k))", true},
        {"mesh 8x8", Topology::mesh(8, 8), "1 / (1 + sin(pi / k_max))", true},
        {"torus 16x16", Topology::torus(16, 16), "1 / (1 + sin(2 pi / k_max))", true}},
       [&](const Topology& t) {
         return NotesRate{core::notes_gde_lambda(t),
                          [&t, colouring = core::natural_edge_colouring(t), &ro](double lambda) {
                            return core::gde_predicted_rate(t, colouring, lambda, ro);
                          }};
       }},
      {"diffusion_alpha",
       "diffusion's optimal alpha",
       "Overview of Techniques, diffusion",
       "alpha",
       0.0025,
       {{"hypercube d=4", Topology::hypercube(4), "the averaging rule, 1 / (d + 1)"},
        {"ring 12", Topology::ring(12), "1 / (3 - cos(2 pi / k))"},
        {"line 9", Topology::line(9), "1/2"},
        {"torus 4x8", Topology::torus(4, 8), "1 / (5 - cos(2 pi / k_max))"},
        {"mesh 4x6", Topology::mesh(4, 6), "1/4"},
        {"mesh 16x16", Topology::mesh(16, 16), "1/4"},
        {"hypercube d=6", Topology::hypercube(6), "the averaging rule, 1 / (d + 1)", true},
        {"ring 32", Topology::ring(32), "1 / (3 - cos(2 pi / k))", true},
        {"mesh 8x8", Topology::mesh(8, 8), "1/4", true},
        {"torus 16x16", Topology::torus(16, 16), "1 / (5 - cos(2 pi / k_max))", true}},
       [&](const Topology& t) {
         bool averaging = false;
         const double alpha = core::notes_diffusion_alpha(t, averaging);
         // The sweep uses the averaging rule the notes' value was chosen under.
         return NotesRate{alpha, [&t, averaging, &ro](double a) {
                            return core::diffusion_predicted_rate(t, a, averaging, ro);
                          }};
       }},
  };
  for (const NotesParameter& parameter : parameters)
    for (const NotesTopology& t : parameter.topologies) {
      if (quick && t.full_only) continue;
      const NotesRate r = parameter.prepare(t.topology);
      notes_judge_sweep(out, std::string("notes.") + parameter.id + "." + notes_id_part(t.name),
                        std::string(parameter.subject) + " on a " + t.name + " is " + t.formula +
                            " = " + notes_fmt("%.4f", r.notes_value),
                        parameter.where, parameter.symbol, r.notes_value, r.rate(r.notes_value),
                        parameter.step, 200, r.rate);
    }
  return out;
}

}  // namespace loadlab::experiments
