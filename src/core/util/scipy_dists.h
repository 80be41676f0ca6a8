// The scipy.stats families that WfCommons' recipes fit task costs with, sampled with our own
// generator so that a seed gives the same draws natively and in WebAssembly.
//
// WfCommons (Coleman et al., "WfCommons: A Framework for Enabling Scientific Workflow Research
// and Development", FGCS 2022) stores per task type a scipy distribution name and its parameters
// (shape..., loc, scale) in wfcommons/wfchef/recipes/<app>/task_type_stats.json and draws a value
// in wfcommons/utils.py generate_rvs as max(0.1, rvs(shape..., loc, scale)) * max: the draw is
// floored at 0.1 and multiplied by the type's maximum (its "min" is not used).
//
// Families (scipy's standard forms, then loc + scale * x):
//   rdist(c):        density ∝ (1 − x²)^(c/2 − 1) on [−1, 1]; 2·Beta(c/2, c/2) − 1.
//   trapezoid(c, d): rises on [0, c], flat on [c, d], falls on [d, 1]; inverse CDF.
//   dweibull(c):     density c/2 |x|^(c−1) exp(−|x|^c); a random sign times E^(1/c), E ~ Exp(1).
//   argus(chi):      density ∝ x √(1 − x²) exp(−chi² (1 − x²) / 2) on [0, 1]; with u = 1 − x²
//                    the density of u is ∝ √u exp(−chi² u / 2): u = V^(2/3) (the √u part by
//                    inverse CDF) accepted with probability exp(−chi² u / 2), exact for any chi
//                    and fast for the recipes' chi (all below 0.01).
//   norm:            standard normal (util/normal.h).
//   arcsine:         density 1 / (π √(x (1 − x))) on [0, 1], which is Beta(1/2, 1/2).
//   beta(a, b):      Ga / (Ga + Gb) with Gamma draws by Marsaglia & Tsang ("A Simple Method for
//                    Generating Gamma Variables", ACM TOMS 26(3), 2000), shapes below 1 boosted
//                    as G(a) = G(a + 1) · U^(1/a) in log space so tiny shapes do not underflow.
#pragma once

#include <string>

#include "core/util/rng.h"

namespace loadlab::util {

enum class ScipyFamily { rdist, trapezoid, dweibull, beta, argus, norm, arcsine };

struct ScipyDist {
  ScipyFamily family = ScipyFamily::rdist;
  double a = 1, b = 1;  ///< shapes: a (c, chi or beta's a), b (trapezoid's d, beta's b)
  double loc = 0, scale = 1;
};

/// exp(x) from +, *, floor and ldexp only (the same bits on every target); within a few ulp.
double det_exp(double x);

/// One draw of the family in its standard form (loc 0, scale 1).
double scipy_standard_sample(const ScipyDist& d, Rng& rng);
/// loc + scale * scipy_standard_sample.
double scipy_sample(const ScipyDist& d, Rng& rng);
/// WfCommons' generate_rvs: max(0.1, scipy_sample) * max_value.
double wfcommons_rvs(const ScipyDist& d, double max_value, Rng& rng);

/// Standard-form density (for tests and documentation); 0 outside the support.
double scipy_standard_pdf(const ScipyDist& d, double x);

}  // namespace loadlab::util
