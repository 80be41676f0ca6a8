// What the iterative-balancing views (view_iterative.cpp) draw beyond the typed result
// (io::IterativeRunResult): the loads after each sweep, so the network view can play the sweeps,
// the Dijkstra-Scholten tree and which nodes are still in it after each sweep. Headless, tested in
// tests/app. Paper: course notes 003 (../shared/seeds/003_6046837c8e4c81af.txt), "Overview of
// Techniques" and "Termination Detection".
//
// The result keeps only the final loads and the max - min / std-dev history, so the sweeps are
// replayed here by running the same core algorithm with the same options for s sweeps (stop rule
// and termination off, the parameter fixed to the value the run used): a run of s sweeps is a
// prefix of the longer run, so the snapshot after the last sweep equals the result's final loads
// (a test checks it bit for bit).
#pragma once

#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "io/kinds/balance_iterative.h"

namespace loadlab::app {

struct IterativeReplay {
  std::vector<int> sweeps;  ///< sweep of each snapshot (0 = the initial loads), ascending
  std::vector<std::vector<double>> loads;  ///< loads after that sweep
  bool every_sweep = false;                ///< snapshots for every sweep 0..sweeps_run
  std::string note;                        ///< why snapshots are thinned or missing
  /// The Dijkstra-Scholten tree (parent per node, -1 for the root), empty for a disconnected graph.
  std::vector<int> ds_parent;
  /// Per snapshot (every_sweep and termination on only): 1 where the node is still in the tree.
  std::vector<std::vector<char>> ds_in_tree;
};

/// Work budget of a replay in node-updates (sum over runs of sweeps x (nodes + edges)).
constexpr double kIterativeReplayBudget = 3e7;

/// Replays `r` (a result of `algorithm` for `loads` on `topology`; `scenario` the balance scenario
/// document whose params/<algorithm> the run used). Never throws: problems end up in `note`.
IterativeReplay replay_iterative(const core::Topology& topology, const core::LoadVector& loads,
                                 const io::Json& scenario, const core::IterativeResult& r,
                                 double budget = kIterativeReplayBudget);

/// GDE within one sweep: the loads after colour classes 0..cls of sweep `sweep` (>= 1), computed on
/// demand from the replay's snapshot of sweep - 1 (one load vector, whatever the network size).
/// After the last class they are the replay's loads after `sweep` (a test checks it bit for bit).
struct GdeClassStep {
  int sweep = -1;
  int cls = -1;
  std::vector<double> loads;  ///< empty when not available (see note)
  std::vector<char> changed;  ///< per node: its load changed in class `cls` (1)
  std::string note;
};

/// Class steps exist for GDE results whose replay has sweep - 1 (every_sweep replays do).
GdeClassStep gde_class_step(const core::Topology& topology, const core::IterativeResult& r,
                            const IterativeReplay& replay, int sweep, int cls);

/// The iterative results of the state (indices into typed_results), in order.
std::vector<int> iterative_result_indices(const AppState& st);

/// Predicted max - min after sweep s, anchored at the measured value after sweep `anchor`:
/// history[anchor] * rate^(s - anchor) (history index s - 1 = after sweep s; anchor >= 1).
double predicted_spread(const core::IterativeResult& r, int anchor, int s);

}  // namespace loadlab::app
