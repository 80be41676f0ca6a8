// RIPS system phases, replayed for the "System phases" tab (paper 000 Sections 1 and 5,
// ../shared/seeds/000_ace8fcde3218dd88.txt: a system phase balances the ready tasks with a walking
// algorithm, then a user phase runs them). The simulator keeps per phase only the ready loads and
// totals (core::PhaseRecord); the tab re-runs the phase's walking algorithm on those loads (the
// same deterministic core::run_balance the strategy called) to show its steps, and cross-checks the
// replay against the run's migration log. Headless (no ImGui), tested in tests/app.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "io/kinds/dynamic.h"

namespace loadlab::app {

struct RipsPhaseReplay {
  int phase = -1;
  std::string inner;             ///< the walking algorithm (or "optimal")
  core::BalanceResult balance;   ///< its run on the phase's ready loads
  std::int64_t ready_tasks = 0;  ///< Σ loads at the phase's start
  /// The run's migrations that departed inside the phase, summed per (from, to), equal the replay's
  /// transfers summed the same way, and the phase record's steps and task hops equal the replay's.
  bool matches_run = false;
  std::string mismatch;  ///< why not, when !matches_run
  std::string error;     ///< the replay could not run (then balance is empty)
};

/// Replays phase `phase` of a rips result of `sc` (throws nothing: errors go to .error).
RipsPhaseReplay rips_phase_replay(const io::DynamicScenario& sc, const io::DynamicResult& r,
                                  int phase);

/// max - min of a load vector (0 when empty).
std::int64_t load_spread(const core::LoadVector& loads);

}  // namespace loadlab::app
