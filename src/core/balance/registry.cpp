#include "core/balance/registry.h"

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"

namespace loadlab::core {

const std::vector<std::string>& balance_algorithm_names() {
  static const std::vector<std::string> names = {"twa", "cwa", "mwa", "dem", "optimal"};
  return names;
}

std::string balance_unsupported_reason(const std::string& algorithm, const Topology& topology) {
  const TopologyKind kind = topology.kind();
  const std::string have = std::string("the topology is a ") + topology_kind_name(kind);
  if (algorithm == "twa")
    return kind == TopologyKind::Tree || kind == TopologyKind::Line
               ? ""
               : "twa (Tree Walking Algorithm) needs a tree or a line; " + have;
  if (algorithm == "cwa" || algorithm == "dem")
    return kind == TopologyKind::Hypercube
               ? ""
               : algorithm + (algorithm == "cwa" ? " (Cube Walking Algorithm)" : " (Dimension Exchange)") +
                     " needs a hypercube; " + have;
  if (algorithm == "mwa")
    return kind == TopologyKind::Mesh ? "" : "mwa (Mesh Walking Algorithm) needs a mesh; " + have;
  if (algorithm == "optimal")
    return topology.connected() ? ""
                                : "optimal needs a connected topology: tasks cannot move between "
                                  "components";
  throw std::invalid_argument("unknown balance algorithm '" + algorithm + "'");
}

BalanceResult run_balance(const std::string& algorithm, const Topology& topology,
                          const LoadVector& loads) {
  const std::string reason = balance_unsupported_reason(algorithm, topology);
  if (!reason.empty()) throw UnsupportedTopology(reason);
  if (algorithm == "twa") return twa(topology, loads);
  if (algorithm == "cwa") return cwa(topology, loads);
  if (algorithm == "mwa") return mwa(topology, loads);
  if (algorithm == "dem") return dem(topology, loads);
  return optimal(topology, loads);
}

}  // namespace loadlab::core
