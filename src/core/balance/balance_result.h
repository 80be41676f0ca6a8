// The common result of every network load-balancing algorithm (paper 000 and relatives).
//
// A result is a schedule of transfers grouped into communication steps plus the final loads. Steps
// are executed in order; within one step every transfer reads the sender's load at the start of the
// step (a node never forwards in step s what it receives in step s). Algorithms whose task exchange
// is a chain (TWA, MWA, the optimum) therefore number their transfers in data-flow order, which is
// the order ERRATA.md 000 "Execution order" prescribes. Metrics (task-hops, non-local tasks, ...)
// are computed from this schedule by core/metrics/balance_metrics.h, checked by
// core/verify/balance_verify.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/loads.h"

namespace loadlab::core {

/// `count` tasks move across the link from -> to in communication step `step` (0-based).
struct Transfer {
  int step = 0;
  int from = 0;
  int to = 0;
  std::int64_t count = 0;
  friend bool operator==(const Transfer&, const Transfer&) = default;
};

struct BalanceResult {
  std::string algorithm;
  LoadVector initial_loads;
  LoadVector final_loads;
  /// Sorted by step (stable within a step).
  std::vector<Transfer> transfers;
  /// Task-exchange communication steps; steps without transfers still count (CWA and DEM use one
  /// step per dimension whether or not anything moves there).
  int steps = 0;
  /// Communication steps the paper charges for collecting and spreading load information before the
  /// exchange (TWA 2m, CWA and DEM 2d, MWA 2(n1+n2), optimum 0).
  int info_steps = 0;
};

/// Loads after executing all transfers (no checks: the verifier does those).
LoadVector apply_transfers(const LoadVector& initial, const std::vector<Transfer>& transfers);

}  // namespace loadlab::core
