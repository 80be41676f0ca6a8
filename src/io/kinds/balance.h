// The "balance" scenario kind: a processor network with an initial load per node.
#pragma once

#include <string>
#include <vector>

#include "core/model/loads.h"
#include "core/model/topology.h"
#include "io/scenario.h"

namespace loadlab::io {

struct BalanceScenario {
  core::Topology topology;
  core::LoadVector loads;
  std::vector<std::string> algorithms;
  std::uint64_t seed = 1;
};

/// Reads and validates a balance scenario (throws ScenarioError naming the field).
BalanceScenario read_balance_scenario(const JsonReader& scenario);

}  // namespace loadlab::io
