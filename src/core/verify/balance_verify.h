// Independent checker for load-balancing results (any algorithm in core/balance).
//
// It re-executes the transfers step by step from the initial loads it is given (not the copy inside
// the result) and checks: every transfer is well formed and runs along a link of the topology;
// steps are in order; within a step a node sends no more than it held at the start of that step, so
// loads never go negative in data-flow order (ERRATA.md 000 "Execution order"); the re-executed
// final loads equal the reported ones; tasks are conserved; and for the algorithms that promise it
// (TWA, CWA, MWA, the k-ary n-cube walk, optimum: Lemmas 1-3) the final loads equal the Fig 4
// quotas.
#pragma once

#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

struct BalanceVerification {
  bool ok = true;
  /// At most a few dozen human-readable problems (the first ones found).
  std::vector<std::string> errors;
};

/// True for the algorithms whose final loads must equal the quotas (twa, cwa, mwa, kwa, optimal).
bool balance_promises_quotas(const std::string& algorithm);

/// Checks `result` against the topology and the initial loads (see the file comment).
BalanceVerification verify_balance(const Topology& topology, const LoadVector& initial,
                                   const BalanceResult& result);

}  // namespace loadlab::core
