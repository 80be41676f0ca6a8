// The experiments of Radulescu & van Gemund, "FLB: Fast Load Balancing for Distributed-Memory
// Machines" (1999), Section 6 (Figs 2-4): LU, Laplace, Stencil and FFT graphs (about 2000 tasks,
// or the quick sizes), CCR 0.2 and 5.0, P = 2..32, under MCP, ETF, DSC-LLB, FCP and FLB. Shared by
// `loadlab reproduce flb` (which may split the runs across processes) and the playground's
// experiments panel (which runs them on a worker with progress and cancel).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/dag/generators.h"
#include "experiments/svg_plot.h"
#include "experiments/verdict.h"

namespace loadlab::experiments {

struct FlbProblem {
  std::string name;  ///< "LU", "Laplace", "Stencil", "FFT"
  core::GraphShape shape;
};

/// The sweep's dimensions: quick = small graphs, P = 2 and 8, one graph per cell; else the paper's
/// (about 2000 tasks, P = 2..32, 5 graphs per cell).
struct FlbSweep {
  bool quick = true;
  std::vector<FlbProblem> problems;
  std::vector<double> ccrs;
  std::vector<int> procs;
  std::vector<std::string> algorithms;  ///< "mcp" first: NSL is relative to it
  int graphs = 1;
};
FlbSweep flb_sweep(bool quick);

/// Independent runs: one graph (problem, CCR, k) under every algorithm and P.
std::size_t flb_run_count(const FlbSweep& sweep);
/// A run's record: total work, then (ms, makespan, verified 0/1) per (P, algorithm).
std::size_t flb_record_width(const FlbSweep& sweep);
std::vector<double> flb_run_record(const FlbSweep& sweep, std::size_t run, std::uint64_t seed);

/// The averaged figures and the judged claims of Section 6.2.
struct FlbResults {
  FlbSweep sweep;
  int runs = 0;  ///< schedules made
  int verified = 0;
  std::map<std::string, std::map<int, double>> time_ms;                    ///< [alg][P], Fig 2
  std::map<std::string, std::map<double, std::map<int, double>>> speedup;  ///< [problem][ccr][P]
  std::map<std::string, std::map<double, std::map<std::string, std::map<int, double>>>>
      nsl;                          ///< [problem][ccr][alg][P], Fig 4
  std::vector<ClaimResult> claims;  ///< Fig 3's classes first, then Section 6.2's ten
  bool cancelled = false;           ///< stopped early: no figures, no claims
};

/// Averages the records (one per run, in run order) and judges the claims.
FlbResults flb_aggregate(const FlbSweep& sweep, const std::vector<std::vector<double>>& records);

struct FlbOptions {
  bool quick = true;
  std::uint64_t seed = 1;
  std::function<void(double)> progress;       ///< fraction done, after every run (may be empty)
  const std::atomic<bool>* cancel = nullptr;  ///< checked between runs
};
FlbResults run_flb_experiments(const FlbOptions& options);

/// Figs 2, 3 (per CCR) and 4 (per problem and CCR) as plots named by their SVG file, each with
/// the claims it checks as captions.
std::vector<std::pair<std::string, Plot>> flb_plots(const FlbResults& results);

}  // namespace loadlab::experiments
