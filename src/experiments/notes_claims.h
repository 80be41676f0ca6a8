// The course notes' optimal parameters ("Task Scheduling & Load Balancing", Overview of Techniques:
// GDE's exchange parameter lambda and diffusion's alpha per topology) judged by a sweep: the
// convergence rate (second-largest eigenvalue modulus of one sweep, as our GDE and diffusion run
// it) over a fine grid of the parameter, against the rate at the notes' value. `loadlab reproduce
// notes` prints them and the playground's experiments panel plots the sweeps.
#pragma once

#include <vector>

#include "experiments/svg_plot.h"
#include "experiments/verdict.h"

namespace loadlab::experiments {

struct NotesParameterClaims {
  std::vector<ClaimResult> claims;  ///< GDE's lambda per topology, then diffusion's alpha
  std::vector<Plot> plots;          ///< one rate-over-parameter sweep per claim, in claim order
};

/// quick: the topologies of the unit test (hypercube 4, ring 12, line 8 / 9, torus 4x8, mesh 4x6,
/// mesh 16x16); otherwise also hypercube 6, ring 32, mesh 8x8 and torus 16x16.
NotesParameterClaims judge_notes_parameter_claims(bool quick);

}  // namespace loadlab::experiments
