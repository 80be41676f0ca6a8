// The balance kind's descriptor table (one row per algorithm) and dispatch by name.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt (each algorithm's own file cites its section).
//
// Adding a balance algorithm = its own file + one BalanceAlgorithm row in registry.cpp (+ its
// test). A new row joins the default set (what runs when a scenario names no algorithm) only if its
// `default_set` is true: keep it false for new algorithms so existing scenarios' outputs stay the
// same.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/common/algorithm_info.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// An algorithm was asked for on a topology it does not handle (e.g. CWA on a mesh).
class UnsupportedTopology : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// One row of the balance table: the descriptor plus what io/sim need to run it.
struct BalanceAlgorithm {
  AlgorithmInfo info;
  /// Runs when a scenario names no algorithm (and the topology supports it). Today's set:
  /// twa, cwa, mwa, dem, optimal. New rows default to false (outputs of existing scenarios
  /// must not change).
  bool default_set = false;
  /// Empty if the algorithm runs on `topology`, else why not (names the algorithm and the
  /// topology).
  std::string (*unsupported)(const Topology& topology) = nullptr;
  /// The centralized algorithm with no settings; nullptr if it needs settings (params/<name>)
  /// and is run by the balance kind itself.
  BalanceResult (*run)(const Topology& topology, const LoadVector& loads) = nullptr;
  /// sim has per-node programs of it (src/sim/programs/<name>_nodes.cpp): engine "nodes" and the
  /// playground's node simulation offer it. sim::node_balance_algorithms() reads this flag.
  bool node_program = false;
};

/// Every balance algorithm, in display order.
const std::vector<BalanceAlgorithm>& balance_algorithms();
/// The row called `name`, or nullptr.
const BalanceAlgorithm* find_balance_algorithm(std::string_view name);

/// The balance kind's descriptor table (the `info` of balance_algorithms(), same order).
const std::vector<AlgorithmInfo>& balance_algorithm_table();

/// Names accepted by run_balance, in the order the UI lists them (from the table).
const std::vector<std::string>& balance_algorithm_names();

/// Empty if `algorithm` runs on `topology`, else the reason it does not (throws
/// std::invalid_argument for an unknown name).
std::string balance_unsupported_reason(const std::string& algorithm, const Topology& topology);

/// Runs the named algorithm. Throws UnsupportedTopology with the reason, std::invalid_argument for
/// an unknown name, an algorithm that needs settings, or bad loads.
BalanceResult run_balance(const std::string& algorithm, const Topology& topology,
                          const LoadVector& loads);

}  // namespace loadlab::core
