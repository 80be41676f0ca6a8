// Runs a load-balancing algorithm by name: "twa", "cwa", "mwa", "dem", "optimal".
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt (each algorithm's own file cites its section).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// An algorithm was asked for on a topology it does not handle (e.g. CWA on a mesh).
class UnsupportedTopology : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Names accepted by run_balance, in the order the UI lists them.
const std::vector<std::string>& balance_algorithm_names();

/// Empty if `algorithm` runs on `topology`, else the reason it does not (throws
/// std::invalid_argument for an unknown name).
std::string balance_unsupported_reason(const std::string& algorithm, const Topology& topology);

/// Runs the named algorithm. Throws UnsupportedTopology with the reason, std::invalid_argument for
/// an unknown name or bad loads.
BalanceResult run_balance(const std::string& algorithm, const Topology& topology,
                          const LoadVector& loads);

}  // namespace loadlab::core
