// The "balance" kind: reads topology and loads, runs the network load-balancing algorithms.
#include "io/kinds/balance.h"

#include "io/kinds/kinds.h"
#include "io/topology_json.h"

namespace loadlab::io {

namespace {

std::vector<std::string> balance_algorithms() { return {}; }

void validate(const JsonReader& s, const RunContext&) { read_balance_scenario(s); }

Json run(const JsonReader& s, const RunContext&) {
  BalanceScenario sc = read_balance_scenario(s);
  Json results = Json::array();
  return results;
}

}  // namespace

BalanceScenario read_balance_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"topology", "loads"});
  const std::uint64_t seed = read_seed(s);
  core::Topology topo = read_topology(s.object("topology"), seed);
  core::LoadVector loads = read_loads(s.at("loads"), s.pointer("loads"), topo.size(), seed);
  return {std::move(topo), std::move(loads), read_algorithms(s, balance_algorithms()), seed};
}

KindHandler balance_kind() { return {"balance", validate, run, balance_algorithms}; }

}  // namespace loadlab::io
