// The experiment panel (paper 000's evaluation: worked examples, Table I, Figs 14-17 as plots, run
// on a worker thread with progress and cancel) and the "beside the optimum" view of balance
// results. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 5; the numbers come from
// experiments::run_wu_experiments (src/experiments/wu_experiments.h), the same code as `loadlab
// reproduce wu`.
#pragma once

namespace loadlab::app {

struct App;

/// Whether the floating experiments window is open (a View menu item toggles it).
bool& experiments_window_open(App& app);

/// Polls the experiments' worker and draws the floating window when open. Call once per frame,
/// after the docked panels so the window floats on top. Setting LOADLAB_OPEN_EXPERIMENTS=1 (or an
/// experiment id such as "fig15") opens it and starts a quick run once (for screenshots).
void draw_experiments_window(App& app);

/// Height draw_balance_comparison needs (0 when the results are not balance results), so the
/// results table can leave room for it.
float balance_comparison_height(const App& app);

/// Each balance algorithm of the last run beside the optimum: task-hops / optimal task-hops as a
/// ratio bar, non-local tasks against Lemma 4's minimum, fully balanced. Uses the "optimal" result
/// when the run has one, else computes the optimum once for networks up to 1,024 nodes.
void draw_balance_comparison(App& app);

}  // namespace loadlab::app
