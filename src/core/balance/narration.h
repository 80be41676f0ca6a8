// The step-by-step narration of a balance run (core/common/narration.h): what each communication
// step of TWA, CWA, DEM, MWA and the min-cost-flow optimum does and why, and what each sweep (GDE:
// each colour class of a sweep) of the iterative methods does, with the step's own numbers.
// Sources: M.-Y. Wu, "On Runtime Parallel Scheduling for Processor Load Balancing", IEEE TPDS,
// 1997 (Figs 4, 5, 7, 10, 12 and Section 2) for the first five; the course notes "Task Scheduling
// & Load Balancing" (Overview of Techniques) for gde, diffusion and gradient.
//
// The captions are built from the run's step records (transfers, per-sweep history) plus what the
// records lack and the algorithm derived in its information phase (subtree sums and quotas,
// subcube and row prefix counts), recomputed here from the topology and the initial loads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/balance/iterative.h"
#include "core/common/narration.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// The short pseudo-code of a balance algorithm (static per algorithm: the help panel shows the
/// same lines the captions point into); empty for an unknown name.
std::vector<std::string> balance_pseudocode(std::string_view algorithm);

/// Authors, title, venue and year of the algorithm's source ("" for an unknown name).
std::string balance_citation(std::string_view algorithm);

/// Narration of a twa / cwa / dem / mwa / optimal run on `topology` (either engine: the node
/// programs produce the same transfer records). One caption per view step 0..result.steps: step
/// k < steps describes the transfers of communication step k (the view draws them as arrows over
/// the loads before them), the last one the outcome. Throws std::invalid_argument for another
/// algorithm.
Narration narrate_balance(const Topology& topology, const BalanceResult& result);

/// Narration of a gde / diffusion / gradient run: step 0 is the initial loads, then one caption
/// per sweep (gde: per colour class of each sweep, step (s - 1) * classes + c + 1 for class c of
/// sweep s), the way the Sweeps view shows them.
Narration narrate_iterative(const Topology& topology, const IterativeResult& result);

/// The narration step of the Sweeps view's sweep `sweep` (0 = the initial loads) and GDE class
/// `cls` within it (-1 = the whole sweep, i.e. its last class).
int iterative_narration_step(const IterativeResult& result, int sweep, int cls);

}  // namespace loadlab::core
