// gde, diffusion and gradient in the balance kind (see balance_iterative.h).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination
// Detection".
#include "io/kinds/balance_iterative.h"

#include <cmath>
#include <limits>
#include <memory>

#include "core/balance/diffusion.h"
#include "core/balance/gde.h"
#include "core/balance/gradient.h"
#include "core/verify/iterative_verify.h"
#include "sim/programs/iterative_nodes.h"

namespace loadlab::io {

namespace {

/// predicted_rate runs ~3000 sweeps of power iteration: computed up to this many nodes.
constexpr int kMaxPredictNodes = 1 << 18;
/// "optimal" without a value in the notes minimizes numerically (~20,000 sweeps).
constexpr int kMaxNumericalOptimumNodes = 1 << 16;
/// Transfers (tasks model) are written out when there are at most this many.
constexpr std::size_t kMaxTransfersJson = 200'000;

Json number_or_null(double x) {
  return std::isfinite(x) ? Json(x) : Json(nullptr);
}

}  // namespace

bool is_iterative_balance_algorithm(const std::string& a) {
  return a == "gde" || a == "diffusion" || a == "gradient";
}

core::IterativeOptions read_iterative_params(const JsonReader& s, const std::string& algorithm,
                                             const core::Topology& topology) {
  const JsonReader p = algorithm_params(s, algorithm);
  core::IterativeOptions o;
  if (algorithm == "gde")
    p.reject_unknown({"lambda", "max_sweeps", "stop", "model", "termination", "termination_k"});
  else if (algorithm == "diffusion")
    p.reject_unknown({"alpha", "max_sweeps", "stop", "model", "termination", "termination_k"});
  else
    p.reject_unknown({"threshold", "max_sweeps", "stop", "model", "termination", "termination_k"});
  const std::string key = algorithm == "gde" ? "lambda" : "alpha";
  if (algorithm != "gradient") {
    o.parameter = std::numeric_limits<double>::quiet_NaN();  // default: optimal
    if (p.has(key) && p.at(key).is_string()) {
      const std::string v = p.get_string(key);
      if (v == "averaging" && algorithm == "diffusion")
        o.averaging = true;
      else if (v != "optimal")
        throw ScenarioError(p.pointer(key),
                            algorithm == "diffusion"
                                ? "expected a number in (0, 1], \"optimal\" or \"averaging\""
                                : "expected a number in (0, 1] or \"optimal\"");
    } else if (p.has(key)) {
      o.parameter = p.get_number(key, 0, 1);
      if (!(o.parameter > 0)) throw ScenarioError(p.pointer(key), "must be in (0, 1], not 0");
    }
    bool notes_averaging = false;
    const bool notes_given =
        algorithm == "gde" ? !std::isnan(core::notes_gde_lambda(topology))
                           : !std::isnan(core::notes_diffusion_alpha(topology, notes_averaging));
    if (std::isnan(o.parameter) && !o.averaging && !notes_given &&
        topology.size() > kMaxNumericalOptimumNodes)
      throw ScenarioError(p.pointer(key),
                          "the notes give no optimal value for this topology and the numerical "
                          "minimization is limited to " +
                              std::to_string(kMaxNumericalOptimumNodes) + " nodes: give a number");
  } else if (p.has("threshold")) {
    o.threshold = p.get_number("threshold", 0, 1e18);
  }
  o.max_sweeps =
      static_cast<int>(p.get_int_or("max_sweeps", 1000, 0, core::IterativeLimits::max_sweeps));
  if (p.has("stop")) {
    const JsonReader stop = p.object("stop");
    stop.reject_unknown({"max_minus_min", "relative"});
    if (stop.has("max_minus_min") == stop.has("relative"))
      throw ScenarioError(p.pointer("stop"),
                          "expected exactly one of \"max_minus_min\" or \"relative\"");
    if (stop.has("max_minus_min")) {
      o.stop.value = stop.get_number("max_minus_min", 0, 1e18);
    } else {
      o.stop.kind = core::StopRule::Kind::Relative;
      o.stop.value = stop.get_number("relative", 0, 1e6);
    }
  }
  o.model = p.get_enum_or("model", "real", {"real", "tasks"}) == "tasks"
                ? core::IterativeModel::Tasks
                : core::IterativeModel::Real;
  o.termination =
      p.get_enum_or("termination", "none", {"none", "dijkstra_scholten"}) == "dijkstra_scholten";
  o.termination_k = static_cast<int>(p.get_int_or("termination_k", 3, 1, 1000));
  if (o.termination && !topology.connected())
    throw ScenarioError(p.pointer("termination"),
                        "termination detection needs a connected topology");
  if (algorithm == "gde" && topology.kind() == core::TopologyKind::Custom) {
    double work = 0;
    for (int v = 0; v < topology.size(); ++v)
      work += static_cast<double>(topology.degree(v)) * topology.degree(v);
    if (work > core::EdgeColouringLimits::max_misra_gries_work)
      throw ScenarioError("/topology",
                          "gde: the graph's degrees are too large for the Misra-Gries colouring");
  }
  o.predict = topology.size() <= kMaxPredictNodes;
  return o;
}

Json IterativeRunResult::to_json() const {
  if (failed()) return failure_json();
  const core::IterativeResult& r = result;
  Json out = {{"algorithm", algorithm}, {"verified", verified}};
  if (!verified) out["errors"] = errors;
  out["engine"] = engine;
  if (engine == "nodes") {
    out["threads"] = threads;
    out["supersteps"] = supersteps;
    out["messages"] = messages;
  }
  out["model"] = r.model == core::IterativeModel::Real ? "real" : "tasks";
  const char* pname = r.algorithm == "gde"         ? "lambda"
                      : r.algorithm == "diffusion" ? "alpha"
                                                   : "threshold";
  out["parameter"] = {
      {"name", pname}, {"value", number_or_null(r.parameter)}, {"source", r.parameter_source}};
  out["sweeps"] = r.sweeps;
  out["sweeps_run"] = r.sweeps_run;
  out["steps"] = r.sweeps_run;
  out["stop_rule_met"] = r.stop_rule_met;
  out["stalled"] = r.stalled;
  out["history"] = {{"max_minus_min", r.history_max_minus_min},
                    {"std_dev", r.history_std_dev},
                    {"initial_max_minus_min", r.initial_max_minus_min},
                    {"initial_std_dev", r.initial_std_dev}};
  out["final_loads"] = r.final_loads;
  if (r.algorithm == "gde")
    out["colouring"] = {{"colours", r.colouring.colours},
                        {"method", r.colouring.method},
                        {"colour", r.colouring.colour}};
  if (r.algorithm == "gradient") out["pressure"] = r.pressure;
  out["predicted_rate"] = number_or_null(r.predicted_rate);
  if (!no_prediction.empty()) out["predicted_rate_note"] = no_prediction;
  out["measured_rate"] = number_or_null(r.measured_rate);
  if (r.termination.enabled) {
    out["termination"] = {
        {"detected_at_sweep",
         r.termination.detected ? Json(r.termination.detected_at_sweep) : Json(nullptr)},
        {"stopped_at_sweep",
         r.termination.detected ? Json(r.termination.stopped_at_sweep) : Json(nullptr)},
        {"control_messages", r.termination.control_messages},
        {"epsilon", r.termination.epsilon},
        {"k", r.termination.k}};
  }
  if (r.model == core::IterativeModel::Tasks) {
    std::int64_t hops = 0;
    for (const auto& t : r.transfers) hops += t.count;
    if (!r.transfers_truncated && r.transfers.size() <= kMaxTransfersJson) {
      Json tr = Json::array();
      for (const auto& t : r.transfers)
        tr.push_back({{"step", t.step}, {"from", t.from}, {"to", t.to}, {"count", t.count}});
      out["transfers"] = std::move(tr);
      out["metrics"] = {
          {"task_hops", hops},
          {"max_minus_min", r.history_max_minus_min.empty() ? r.initial_max_minus_min
                                                            : r.history_max_minus_min.back()}};
    } else {
      out["transfers_omitted"] = true;
    }
  }
  return out;
}

std::shared_ptr<IterativeRunResult> run_iterative_algorithm(const BalanceScenario& sc,
                                                            const std::string& algorithm,
                                                            std::size_t index,
                                                            const RunContext& ctx) {
  const Json doc = {{"params", sc.params}};
  const JsonReader s(doc, "");
  const core::IterativeOptions o = read_iterative_params(s, algorithm, sc.topology);
  auto out = std::make_shared<IterativeRunResult>();
  out->algorithm = algorithm;
  try {
    if (ctx.engine == "nodes") {
      // The MPI transport (loadlab-mpi) comes in through the seam; empty = the thread engine.
      sim::NodeIterativeRun run = ctx.iterative_nodes
                                      ? ctx.iterative_nodes(algorithm, sc.topology, sc.loads, o)
                                      : sim::run_iterative_nodes(algorithm, sc.topology, sc.loads,
                                                                 o, ctx.threads, ctx.cancel);
      out->result = std::move(run.result);
      out->engine = "nodes";
      out->threads = ctx.threads;
      out->supersteps = run.supersteps;
      out->messages = run.messages;
    } else if (algorithm == "gde") {
      out->result = core::gde(sc.topology, sc.loads, o);
    } else if (algorithm == "diffusion") {
      out->result = core::diffusion(sc.topology, sc.loads, o);
    } else {
      out->result = core::gradient(sc.topology, sc.loads, o);
    }
  } catch (const std::invalid_argument& e) {
    throw ScenarioError("/algorithms/" + std::to_string(index), e.what());
  }
  if (algorithm == "gradient")
    out->no_prediction = "the gradient model is not linear";
  else if (!o.predict && std::isnan(out->result.predicted_rate))
    out->no_prediction = "computed for at most " + std::to_string(kMaxPredictNodes) + " nodes";
  const core::IterativeVerification v = core::verify_iterative(sc.topology, sc.loads, out->result);
  out->verified = v.ok;
  out->errors = v.errors;
  return out;
}

}  // namespace loadlab::io
