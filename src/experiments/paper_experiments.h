// Every paper's evaluation as one on-demand run: the judged claims (ClaimResult) and the plotted
// series, for the playground's experiments panel. The same functions `loadlab reproduce <paper>`
// prints from (flb_experiments.h, wu_experiments.h + wu_claims.h, loop_claims.h, dlt_claims.h,
// os_claims.h, notes_claims.h),
// with the CLI's --quick sizes as the quick set.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "experiments/svg_plot.h"
#include "experiments/verdict.h"

namespace loadlab::experiments {

struct PaperExperimentInfo {
  const char* id;         ///< the `reproduce` command's name: "flb", "wu", "loops", "dlt", "os",
                          ///< "notes"
  const char* citation;   ///< authors, title and year
  const char* scope;      ///< which sections and figures
  const char* run_label;  ///< the panel's button: "Run the FLB paper's experiments"
};
/// The papers whose evaluations are judged, in menu order.
const std::vector<PaperExperimentInfo>& paper_experiment_list();
/// nullptr when `id` is not one of paper_experiment_list().
const PaperExperimentInfo* find_paper_experiment(const std::string& id);

/// A plot of a paper's run. `categories` non-empty: a bar chart (series[s].y[c] is category c's
/// bar; x is unused); else a line plot.
struct PaperPlot {
  Plot plot;
  std::vector<std::string> categories;
  std::vector<std::string> claim_ids;  ///< the claims the plot illustrates
};

struct PaperRun {
  std::string paper;
  bool quick = true;
  std::uint64_t seed = 1;
  std::vector<ClaimResult> claims;  ///< in the order `loadlab reproduce <paper>` prints them
  std::vector<PaperPlot> plots;
  bool cancelled = false;
};

struct PaperRunOptions {
  std::string paper;
  bool quick = true;  ///< `reproduce --quick`'s sizes; false: the paper's
  std::uint64_t seed = 1;
  std::function<void(double)> progress;       ///< fraction done (may be empty)
  const std::atomic<bool>* cancel = nullptr;  ///< checked between cases or runs
};

/// Runs one paper's experiments. Throws std::invalid_argument naming `paper` when it is unknown.
PaperRun run_paper_experiments(const PaperRunOptions& options);

/// The axis label of a claim's bar chart (a claim stated without a plotted series): what its bars
/// measure, e.g. "mean response, time / space sharing"; "" where only a unit symbol is known.
std::string claim_bar_axis_label(const ClaimResult& c);

/// "MCP up to 23 % better than ETF on LU - measured 19 %: HOLDS" style line: the claim, what we
/// measured and the verdict.
std::string claim_verdict_line(const ClaimResult& claim);

/// Number of claims that hold.
int claims_holding(const std::vector<ClaimResult>& claims);

}  // namespace loadlab::experiments
