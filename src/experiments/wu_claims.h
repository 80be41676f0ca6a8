// The evaluation claims of Min-You Wu, "On Runtime Parallel Scheduling for Processor Load
// Balancing" (1997), Section 5 (Table I, Figs 14-17) and Section 3 (Fig 9), judged on the tables
// run_wu_experiments returns, plus the plots of those figures.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/loads.h"
#include "experiments/svg_plot.h"
#include "experiments/verdict.h"
#include "experiments/wu_experiments.h"

namespace loadlab::experiments {

/// One claim per stated trend, for the tables present in `results` (missing tables are skipped).
std::vector<ClaimResult> judge_wu_claims(const WuResults& results);

/// Fig 9 reconstructed (the figure is lost): loads on a 4-cube after which DEM leaves
/// max - min = 4, the bound d. Node i holds popcount(i) tasks: neighbours differ by exactly one, so
/// no exchange moves a task and the difference between nodes 0 and 15 stays d.
core::LoadVector wu_fig9_instance();

/// The claim that Fig 9's instance exists (DEM's difference reaches d = 4 on the 4-cube).
ClaimResult judge_wu_fig9(const core::LoadVector& instance);

/// Table I (paper and ours) and Figs 14-17 as line plots over the average weight, one series per
/// network size, with the judged claims as captions.
std::vector<std::pair<std::string, Plot>> wu_plots(const WuResults& results,
                                                   const std::vector<ClaimResult>& claims);

}  // namespace loadlab::experiments
