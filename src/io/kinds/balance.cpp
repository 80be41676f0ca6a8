// The "balance" kind: reads topology and loads, runs the network load-balancing algorithms of paper
// 000 (../shared/seeds/000_ace8fcde3218dd88.txt): twa, cwa, mwa, dem and the min-cost-flow optimum.
// Every result entry carries the independent verifier's verdict. Format: docs/scenario-balance.md.
#include "io/kinds/balance.h"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "core/balance/narration.h"
#include "core/balance/registry.h"
#include "core/metrics/balance_metrics.h"
#include "io/kinds/balance_iterative.h"
#include "io/kinds/kinds.h"
#include "io/topology_json.h"
#include "sim/programs/balance_nodes.h"

namespace loadlab::io {

namespace {

/// The optimum uses LEMON's network simplex: fine for thousands of nodes, too slow for millions.
constexpr int kMaxOptimalNodes = 1 << 16;
/// A per-step load trace is included when (steps + 1) * nodes stays below this many numbers.
constexpr std::int64_t kMaxTraceEntries = 200'000;

// Empty if the algorithm can run on this topology, else why not.
std::string balance_unsupported(const std::string& algorithm, const core::Topology& topo) {
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

bool has_node_program(const std::string& algorithm) {
  const auto& names = sim::node_balance_algorithms();
  return std::find(names.begin(), names.end(), algorithm) != names.end();
}

// params/<algorithm>: none of today's algorithms has settings, so every key is refused (the error
// names "/params/<algorithm>/<key>"). An algorithm with settings reads them here into the scenario.
void balance_read_params(const JsonReader& s, BalanceScenario& sc) {
  if (s.has("params")) sc.params = s.at("params");
  for (const auto& a : core::balance_algorithms()) {
    if (is_iterative_balance_algorithm(a.info.name)) {  // course notes 003: params validated here
      const bool named =
          std::find(sc.algorithms.begin(), sc.algorithms.end(), a.info.name) != sc.algorithms.end();
      if (named || sc.params.contains(a.info.name))
        read_iterative_params(s, a.info.name, sc.topology);
    } else
      reject_algorithm_params(s, a.info.name);
  }
}

std::shared_ptr<TypedScenario> parse_balance_kind(const JsonReader& s, const RunContext&) {
  return std::make_shared<BalanceScenario>(read_balance_scenario(s));
}

std::vector<ResultPtr> run_balance_kind(const TypedScenario& scenario, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const BalanceScenario&>(scenario);
  std::vector<ResultPtr> results;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    const std::string& name = sc.algorithms[i];
    if (is_iterative_balance_algorithm(name))
      results.push_back(run_one_algorithm<IterativeRunResult>(
          name, i, ctx.cancel, [&] { return run_iterative_algorithm(sc, name, i, ctx); }));
    else
      results.push_back(run_one_algorithm<BalanceRunResult>(name, i, ctx.cancel, [&] {
        return std::make_shared<BalanceRunResult>(run_balance_algorithm(sc, name, i, ctx));
      }));
    if (ctx.progress) ctx.progress(static_cast<double>(i + 1) / sc.algorithms.size());
  }
  return results;
}

// The captions of one result (the walking algorithms, DEM and the optimum from their transfers,
// the iterative methods from their sweep records); either engine narrates the same way.
core::Narration explain_balance_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const BalanceScenario&>(scenario);
  if (const auto* it = dynamic_cast<const IterativeRunResult*>(&result))
    return core::narrate_iterative(sc.topology, it->result);
  return core::narrate_balance(sc.topology, dynamic_cast<const BalanceRunResult&>(result).result);
}

}  // namespace

Json BalanceRunResult::to_json() const {
  if (failed()) return failure_json();
  Json out = {{"algorithm", algorithm}, {"verified", verified}};
  if (!verified) out["errors"] = errors;
  out["engine"] = engine;
  if (engine == "nodes") {
    out["threads"] = threads;
    out["supersteps"] = supersteps;
    out["messages"] = messages;
  }
  out["steps"] = result.steps;
  out["final_loads"] = result.final_loads;
  out["transfers"] = transfers_json(result.transfers);
  out["metrics"] = {{"task_hops", metrics.task_hops},
                    {"non_local_tasks", metrics.non_local_tasks},
                    {"min_non_local_tasks", min_non_local_tasks},
                    {"comm_steps", metrics.comm_steps},
                    {"exchange_steps", metrics.exchange_steps},
                    {"max_minus_min", metrics.max_minus_min},
                    {"fully_balanced", metrics.fully_balanced},
                    {"messages", metrics.messages}};
  if (trace) out["trace"] = *trace;
  return out;
}

BalanceRunResult run_balance_algorithm(const BalanceScenario& sc, const std::string& algorithm,
                                       std::size_t index, const RunContext& ctx) {
  BalanceRunResult out;
  out.algorithm = algorithm;
  try {
    // --engine nodes: the per-node programs on the BSP engine (src/sim). An algorithm without a
    // node program (the optimum: a centralized min-cost flow) runs centrally and says so.
    if (ctx.engine == "nodes" && has_node_program(algorithm)) {
      sim::NodeBalanceRun run = ctx.balance_nodes
                                    ? ctx.balance_nodes(algorithm, sc.topology, sc.loads)
                                    : sim::run_balance_nodes(algorithm, sc.topology, sc.loads,
                                                             ctx.threads, ctx.cancel, {});
      out.result = std::move(run.result);
      out.engine = "nodes";
      out.threads = ctx.threads;
      out.supersteps = run.supersteps;
      out.messages = run.messages;
    } else {
      out.result = core::run_balance(algorithm, sc.topology, sc.loads);
    }
  } catch (const core::UnsupportedTopology& e) {
    throw ScenarioError("/algorithms/" + std::to_string(index), e.what());
  } catch (const std::invalid_argument& e) {
    throw ScenarioError("/loads", e.what());
  }
  out.verification = core::verify_balance(sc.topology, sc.loads, out.result);
  out.verified = out.verification.ok;
  out.errors = out.verification.errors;
  out.metrics = core::compute_balance_metrics(out.result);
  out.min_non_local_tasks = core::min_non_local_tasks(sc.loads);
  const std::int64_t trace_size = (std::int64_t{out.result.steps} + 1) * sc.topology.size();
  if (trace_size <= kMaxTraceEntries)
    out.trace = core::load_trace(sc.loads, out.result.transfers, out.result.steps);
  return out;
}

BalanceScenario read_balance_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"topology", "loads"});
  const std::uint64_t seed = read_seed(s);
  core::Topology topology = read_topology(s.object("topology"), seed);
  core::LoadVector loads = read_loads(s.at("loads"), s.pointer("loads"), topology.size(), seed);
  BalanceScenario sc(std::move(topology), std::move(loads));
  sc.kind = "balance";
  sc.seed = seed;
  sc.algorithms = read_algorithms(s, core::balance_algorithm_names());
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    const std::string reason = balance_unsupported(sc.algorithms[i], sc.topology);
    if (!reason.empty()) throw ScenarioError("/algorithms/" + std::to_string(i), reason);
  }
  if (sc.algorithms.empty())  // none named: the default set, where this topology supports it
    for (const auto& a : core::balance_algorithms())
      if (a.default_set && balance_unsupported(a.info.name, sc.topology).empty())
        sc.algorithms.emplace_back(a.info.name);
  balance_read_params(s, sc);
  return sc;
}

KindHandler balance_kind() {
  KindHandler kind{"balance", "Network load balancing", core::balance_algorithm_table,
                   parse_balance_kind, run_balance_kind};
  kind.explain = explain_balance_kind;
  kind.pseudocode = core::balance_pseudocode;
  return kind;
}

}  // namespace loadlab::io
