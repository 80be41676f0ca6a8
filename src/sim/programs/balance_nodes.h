// Paper 000's load-balancing algorithms (TWA, CWA, MWA, DEM) as per-node programs on the BSP engine.
//
// This is the entry point the CLI/io layer calls for `loadlab run <scenario> --engine nodes
// --threads N`. It returns the same core::BalanceResult the centralized functions in
// core/balance/ return (transfers per communication step + final loads; identical values, see
// tests/sim/test_balance_crosscheck.cpp), plus what the node simulation measured.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "sim/bsp_engine.h"

namespace loadlab::sim {

struct NodeBalanceRun {
  /// Same fields and values as the centralized algorithm's result (transfers sorted by step, then
  /// from, then to). Incomplete when status != Finished.
  core::BalanceResult result;
  /// Communication supersteps (compare with the paper's communication steps; docs/simulation.md).
  std::int64_t supersteps = 0;
  /// Supersteps executed, including the final one that only receives.
  std::int64_t executed_supersteps = 0;
  /// Every message: reductions, scans, broadcasts and task transfers.
  std::int64_t messages = 0;
  /// Tasks carried by messages (= task-hops of the result when finished).
  std::int64_t tasks_moved = 0;
  RunStatus status = RunStatus::Finished;
  /// Per-superstep totals and task transfers (for the UI's animation).
  std::vector<SuperstepStats> trace;
};

/// Names accepted by run_balance_nodes: "twa", "cwa", "mwa", "dem".
const std::vector<std::string>& node_balance_algorithms();

/// Runs `algorithm` as node programs on `threads` threads. Throws std::invalid_argument for an
/// unknown algorithm, a topology the algorithm does not support, or bad loads (the same checks as
/// the centralized functions). `cancel` is polled between supersteps (status Cancelled);
/// `progress` receives a fraction in [0, 1] after every superstep, on the calling thread.
/// Thread-safe in the sense that independent calls may run concurrently; one call blocks its
/// caller until done or cancelled.
NodeBalanceRun run_balance_nodes(const std::string& algorithm, const core::Topology& topology,
                                 const core::LoadVector& loads, int threads,
                                 const std::atomic<bool>* cancel = nullptr,
                                 const std::function<void(double)>& progress = {});

}  // namespace loadlab::sim
