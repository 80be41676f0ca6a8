// The "balance" kind: reads topology and loads, runs the network load-balancing algorithms of paper
// 000 (../shared/seeds/000_ace8fcde3218dd88.txt): twa, cwa, mwa, dem and the min-cost-flow optimum.
// Every result entry carries the independent verifier's verdict. Format: docs/scenario-balance.md.
#include "io/kinds/balance.h"

#include <algorithm>
#include <tuple>
#include <stdexcept>

#include "core/balance/registry.h"
#include "core/metrics/balance_metrics.h"
#include "core/verify/balance_verify.h"
#include "io/kinds/kinds.h"
#include "io/kinds/legacy_adapter.h"
#include "io/topology_json.h"
#include "sim/programs/balance_nodes.h"

namespace loadlab::io {

namespace {

/// The optimum uses LEMON's network simplex: fine for thousands of nodes, too slow for millions.
constexpr int kMaxOptimalNodes = 1 << 16;
/// A per-step load trace is included when (steps + 1) * nodes stays below this many numbers.
constexpr std::int64_t kMaxTraceEntries = 200'000;

std::vector<std::string> balance_algorithms() { return core::balance_algorithm_names(); }

// Empty if the algorithm can run on this topology, else why not.
std::string unsupported(const std::string& algorithm, const core::Topology& topo) {
  std::string reason = core::balance_unsupported_reason(algorithm, topo);
  if (reason.empty() && algorithm == "optimal" && topo.size() > kMaxOptimalNodes)
    reason = "optimal (min-cost flow) is limited to " + std::to_string(kMaxOptimalNodes) +
             " nodes; this topology has " + std::to_string(topo.size());
  return reason;
}

// Transfers within one step are independent, so output order is canonical (step, from, to): both
// engines then print byte-identical JSON.
Json transfers_json(std::vector<core::Transfer> transfers) {
  std::stable_sort(transfers.begin(), transfers.end(), [](const auto& a, const auto& b) {
    return std::tie(a.step, a.from, a.to) < std::tie(b.step, b.from, b.to);
  });
  Json out = Json::array();
  for (const auto& t : transfers)
    out.push_back({{"step", t.step}, {"from", t.from}, {"to", t.to}, {"count", t.count}});
  return out;
}

Json run_one(const BalanceScenario& sc, const std::string& algorithm, std::size_t index,
             const RunContext& ctx) {
  core::BalanceResult r;
  Json engine_info;
  try {
    // --engine nodes: the per-node programs on the BSP engine (src/sim). The optimum is a
    // centralized min-cost flow with no node program; it runs centrally and says so.
    if (ctx.engine == "nodes" && algorithm != "optimal") {
      sim::NodeBalanceRun run = sim::run_balance_nodes(algorithm, sc.topology, sc.loads,
                                                       ctx.threads, ctx.cancel, {});
      r = std::move(run.result);
      engine_info = {{"engine", "nodes"},
                     {"threads", ctx.threads},
                     {"supersteps", run.supersteps},
                     {"messages", run.messages}};
    } else {
      r = core::run_balance(algorithm, sc.topology, sc.loads);
      engine_info = {{"engine", "central"}};
    }
  } catch (const core::UnsupportedTopology& e) {
    throw ScenarioError("/algorithms/" + std::to_string(index), e.what());
  } catch (const std::invalid_argument& e) {
    throw ScenarioError("/loads", e.what());
  }
  const core::BalanceVerification v = core::verify_balance(sc.topology, sc.loads, r);
  const core::BalanceMetrics m = core::compute_balance_metrics(r);
  Json out = {{"algorithm", algorithm}, {"verified", v.ok}};
  if (!v.ok) out["errors"] = v.errors;
  for (auto it = engine_info.begin(); it != engine_info.end(); ++it) out[it.key()] = *it;
  out["steps"] = r.steps;
  out["final_loads"] = r.final_loads;
  out["transfers"] = transfers_json(r.transfers);
  out["metrics"] = {{"task_hops", m.task_hops},
                    {"non_local_tasks", m.non_local_tasks},
                    {"min_non_local_tasks", core::min_non_local_tasks(sc.loads)},
                    {"comm_steps", m.comm_steps},
                    {"exchange_steps", m.exchange_steps},
                    {"max_minus_min", m.max_minus_min},
                    {"fully_balanced", m.fully_balanced},
                    {"messages", m.messages}};
  const std::int64_t trace_size = (std::int64_t{r.steps} + 1) * sc.topology.size();
  if (trace_size <= kMaxTraceEntries) out["trace"] = core::load_trace(sc.loads, r.transfers, r.steps);
  return out;
}

void validate(const JsonReader& s, const RunContext&) { read_balance_scenario(s); }

Json run(const JsonReader& s, const RunContext& ctx) {
  const BalanceScenario sc = read_balance_scenario(s);
  Json results = Json::array();
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    results.push_back(run_one(sc, sc.algorithms[i], i, ctx));
    if (ctx.progress) ctx.progress(static_cast<double>(i + 1) / sc.algorithms.size());
  }
  return results;
}

}  // namespace

BalanceScenario read_balance_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"topology", "loads"});
  const std::uint64_t seed = read_seed(s);
  core::Topology topo = read_topology(s.object("topology"), seed);
  core::LoadVector loads = read_loads(s.at("loads"), s.pointer("loads"), topo.size(), seed);
  std::vector<std::string> algorithms = read_algorithms(s, balance_algorithms());
  for (std::size_t i = 0; i < algorithms.size(); ++i) {
    const std::string reason = unsupported(algorithms[i], topo);
    if (!reason.empty()) throw ScenarioError("/algorithms/" + std::to_string(i), reason);
  }
  if (algorithms.empty())  // none named: every algorithm this topology supports
    for (const auto& a : balance_algorithms())
      if (unsupported(a, topo).empty()) algorithms.push_back(a);
  return {std::move(topo), std::move(loads), std::move(algorithms), seed};
}

KindHandler balance_kind() {
  return {"balance", "Network load balancing", legacy::table<balance_algorithms>,
          legacy::parse<validate>, legacy::run<run>};
}

}  // namespace loadlab::io
