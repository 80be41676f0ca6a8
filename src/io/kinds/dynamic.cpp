// The "dynamic" kind: reads topology, workload, costs and per-strategy params; runs the
// discrete-event simulator (core/dynamic) once per strategy and checks every run with the
// independent verifier (core/verify/dynamic_verify.h). Format and limits: docs/scenario-dynamic.md.
#include "io/kinds/dynamic.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/balance/registry.h"
#include "core/dynamic/narration.h"
#include "core/verify/dynamic_verify.h"
#include "io/kinds/kinds.h"
#include "io/topology_json.h"

namespace loadlab::io {

namespace {

using core::DynamicLimits;

constexpr double kMaxCost = 1e6;
constexpr double kMaxRate = 1e6;
constexpr std::size_t kMaxPhasesListed = 1000;

// Node count a topology object asks for, before anything is built (0 = not known up front).
double requested_nodes(const JsonReader& t) {
  const Json& j = t.json();
  const auto num = [&](const char* k) {
    return j.contains(k) && j[k].is_number() ? j[k].get<double>() : 0.0;
  };
  const std::string type = j.value("type", std::string());
  if (type == "hypercube") return std::ldexp(1.0, static_cast<int>(std::min(num("dim"), 60.0)));
  if (type == "mesh" || type == "torus") return num("rows") * num("cols");
  if (type == "tree" && j.contains("parents") && j["parents"].is_array())
    return double(j["parents"].size());
  if (type == "tree" && j.value("generator", std::string()) == "kary") {
    double total = 0, level = 1;
    for (int d = 0; d <= static_cast<int>(std::min(num("depth"), 64.0)); ++d, level *= num("k"))
      total += level;
    return total;
  }
  return num("nodes");
}

core::Arrivals read_arrivals(const JsonReader& a, int nodes) {
  core::Arrivals out;
  const std::string p = a.get_enum("process", {"poisson", "hot_spot", "bursts"});
  if (p == "bursts") {
    a.reject_unknown({"process", "period", "size", "nodes", "until"});
    out.process = core::ArrivalProcess::Bursts;
    out.period = a.get_number("period", 1e-6, DynamicLimits::max_time);
    out.size = a.get_int_or("size", 1, 1, DynamicLimits::max_tasks);
    out.burst_nodes = static_cast<int>(a.get_int_or("nodes", 1, 1, nodes));
    out.until = a.get_number("until", 0, DynamicLimits::max_time);
  } else {
    a.reject_unknown({"process", "rate", "until", "node", "fraction"});
    out.process = p == "poisson" ? core::ArrivalProcess::Poisson : core::ArrivalProcess::HotSpot;
    out.rate = a.get_number("rate", 1e-12, kMaxRate);
    out.until = a.get_number("until", 0, DynamicLimits::max_time);
    if (p == "hot_spot") {
      out.hot_node = static_cast<int>(a.get_int_or("node", 0, 0, nodes - 1));
      out.fraction = a.get_number_or("fraction", 0.5, 0, 1);
    } else if (a.has("node") || a.has("fraction")) {
      throw ScenarioError(a.pointer(a.has("node") ? "node" : "fraction"),
                          "only for process hot_spot");
    }
  }
  return out;
}

core::Spawn read_spawn(const JsonReader& s) {
  s.reject_unknown({"shape", "m", "q", "prune", "mean", "max_depth"});
  core::Spawn out;
  const std::string shape = s.get_enum("shape", {"fixed", "binomial", "geometric"});
  out.shape = shape == "fixed"      ? core::SpawnShape::Fixed
              : shape == "binomial" ? core::SpawnShape::Binomial
                                    : core::SpawnShape::Geometric;
  out.m = static_cast<int>(
      s.get_int_or("m", shape == "geometric" ? 8 : 2, 0, DynamicLimits::max_branching));
  out.q = s.get_number_or("q", 0.5, 0, 1);
  out.prune = s.get_number_or("prune", 0, 0, 1);
  out.mean = s.get_number_or("mean", 1, 0, DynamicLimits::max_branching);
  out.max_depth = static_cast<int>(s.get_int_or("max_depth", 4, 0, DynamicLimits::max_spawn_depth));
  return out;
}

core::DynamicWorkload read_workload(const JsonReader& w, int nodes, std::uint64_t seed) {
  w.reject_unknown({"initial", "duration", "arrivals", "spawn"});
  core::DynamicWorkload out;
  out.seed = seed;
  out.initial = w.has("initial") ? read_loads(w.at("initial"), w.pointer("initial"), nodes, seed)
                                 : core::LoadVector(static_cast<std::size_t>(nodes), 0);
  const std::int64_t initial = core::total_load(out.initial);
  if (initial > DynamicLimits::max_tasks)
    throw ScenarioError(w.pointer("initial"), std::to_string(initial) +
                                                  " initial tasks exceed the limit of " +
                                                  std::to_string(DynamicLimits::max_tasks));
  if (w.has("duration")) {
    const JsonReader d = w.object("duration");
    out.duration = read_cost_profile(d, 1);
    const auto& ok = core::dynamic_duration_profiles();
    if (std::find(ok.begin(), ok.end(), out.duration.profile) == ok.end())
      throw ScenarioError(d.pointer("profile"),
                          "per-task durations take constant, uniform, exponential "
                          "or bimodal (positional profiles need a fixed task count)");
  }
  if (w.has("arrivals")) {
    out.arrivals = read_arrivals(w.object("arrivals"), nodes);
    const double expected = core::expected_arrivals(out.arrivals, nodes);
    if (expected + static_cast<double>(initial) > static_cast<double>(DynamicLimits::max_tasks))
      throw ScenarioError(w.pointer("arrivals"), "about " + std::to_string(std::llround(expected)) +
                                                     " arrivals; the limit is " +
                                                     std::to_string(DynamicLimits::max_tasks) +
                                                     " tasks in all");
  }
  if (w.has("spawn")) out.spawn = read_spawn(w.object("spawn"));
  return out;
}

core::DynamicParams dynamic_read_params(const JsonReader& s, const core::Topology& topo) {
  core::DynamicParams p;
  {
    const JsonReader r = algorithm_params(s, "random");
    r.reject_unknown({"threshold", "transfer_limit"});
    p.random.threshold = r.get_number_or("threshold", 2, 0, 1e12);
    p.random.transfer_limit = static_cast<int>(r.get_int_or("transfer_limit", 1, 0, 64));
  }
  {
    const JsonReader r = algorithm_params(s, "sender");
    r.reject_unknown({"threshold", "probe_limit"});
    p.sender.threshold = r.get_number_or("threshold", 2, 0, 1e12);
    p.sender.probe_limit = static_cast<int>(r.get_int_or("probe_limit", 3, 0, 64));
  }
  {
    const JsonReader r = algorithm_params(s, "receiver");
    r.reject_unknown({"theta", "f", "g", "M", "period"});
    p.receiver.theta = r.get_number_or("theta", 0, 0, 1);
    p.receiver.f = r.get_number_or("f", 1, 0, kMaxCost);
    p.receiver.g = r.get_number_or("g", 1, 0, kMaxCost);
    p.receiver.M = static_cast<int>(r.get_int_or("M", 2, 2, 16));
    if (p.receiver.M % 2 != 0)
      throw ScenarioError(r.pointer("M"), "must be even (cost function (3))");
    p.receiver.period = r.get_number_or("period", 0, 0, DynamicLimits::max_time);
  }
  {
    const JsonReader r = algorithm_params(s, "work_stealing");
    r.reject_unknown({"victim", "steal", "backoff"});
    p.work_stealing.victim = r.get_enum_or("victim", "random", {"random", "round_robin"});
    p.work_stealing.amount = r.get_enum_or("steal", "half", {"half", "one"});
    p.work_stealing.backoff = r.get_number_or("backoff", 1, 1e-6, DynamicLimits::max_time);
  }
  {
    const JsonReader r = algorithm_params(s, "work_stealing_global");
    r.reject_unknown({"steal", "backoff"});
    p.work_stealing_global.victim = "global";
    p.work_stealing_global.amount = r.get_enum_or("steal", "half", {"half", "one"});
    p.work_stealing_global.backoff = r.get_number_or("backoff", 1, 1e-6, DynamicLimits::max_time);
  }
  {
    const JsonReader r = algorithm_params(s, "symmetric");
    r.reject_unknown({"threshold", "probe_limit", "backoff"});
    p.symmetric.threshold = r.get_number_or("threshold", 2, 0, 1e12);
    p.symmetric.probe_limit = static_cast<int>(r.get_int_or("probe_limit", 3, 0, 64));
    p.symmetric.backoff = r.get_number_or("backoff", 1, 1e-6, DynamicLimits::max_time);
  }
  {
    const JsonReader r = algorithm_params(s, "gradient");
    r.reject_unknown({"low_mark", "high_mark"});
    p.gradient.low_mark = r.get_int_or("low_mark", 1, 0, 1'000'000'000);
    p.gradient.high_mark = r.get_int_or("high_mark", p.gradient.low_mark + 1, 0, 1'000'000'000);
    if (p.gradient.high_mark < p.gradient.low_mark)
      throw ScenarioError(r.pointer("high_mark"), "must be >= low_mark");
  }
  {
    const JsonReader r = algorithm_params(s, "rips");
    r.reject_unknown({"inner", "trigger", "imbalance", "period"});
    p.rips.inner = r.get_enum_or("inner", core::rips_default_inner(topo),
                                 {"twa", "cwa", "mwa", "dem", "optimal"});
    if (r.has("inner")) {
      const std::string why = core::balance_unsupported_reason(p.rips.inner, topo);
      if (!why.empty()) throw ScenarioError(r.pointer("inner"), why);
    }
    p.rips.trigger =
        r.get_enum_or("trigger", "all_idle", {"all_idle", "any_idle", "imbalance", "period"});
    p.rips.imbalance = r.get_number_or("imbalance", 2, 0, 1e12);
    p.rips.period = r.get_number_or("period", 10, 1e-6, DynamicLimits::max_time);
  }
  return p;
}

// Empty if `algorithm` can run here, else why not (the pointer is chosen by the caller).
std::string dynamic_unsupported(const std::string& algorithm, const DynamicScenario& sc) {
  const int n = sc.topology.size();
  if ((algorithm == "receiver" || algorithm == "receiver_min_cost") &&
      n > DynamicLimits::max_receiver_nodes)
    return algorithm + " is limited to " + std::to_string(DynamicLimits::max_receiver_nodes) +
           " nodes";
  if (algorithm == "rips") {
    std::string r = core::balance_unsupported_reason(sc.params.rips.inner, sc.topology);
    if (r.empty() && sc.params.rips.inner == "optimal" && n > DynamicLimits::max_optimal_nodes)
      r = "rips with optimal is limited to " + std::to_string(DynamicLimits::max_optimal_nodes) +
          " nodes";
    return r;
  }
  return "";
}

std::shared_ptr<TypedScenario> parse_dynamic_kind(const JsonReader& s, const RunContext&) {
  return read_dynamic_scenario(s);
}

std::vector<ResultPtr> run_dynamic_kind(const TypedScenario& base, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const DynamicScenario&>(base);
  std::vector<ResultPtr> out;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    out.push_back(run_one_algorithm<DynamicResult>(sc.algorithms[i], i, ctx.cancel, [&] {
      return run_dynamic_strategy(sc, sc.algorithms[i], ctx.cancel);
    }));
    if (ctx.progress)
      ctx.progress(static_cast<double>(i + 1) / static_cast<double>(sc.algorithms.size()));
  }
  return out;
}

Json num(double x) {
  return std::isfinite(x) ? Json(x) : Json(nullptr);
}

}  // namespace

std::shared_ptr<DynamicScenario> read_dynamic_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"topology", "workload", "costs"});
  const std::uint64_t seed = read_seed(s);
  const JsonReader t = s.object("topology");
  if (requested_nodes(t) > DynamicLimits::max_nodes)
    throw ScenarioError(t.pointer(), "the dynamic kind is limited to " +
                                         std::to_string(DynamicLimits::max_nodes) + " nodes");
  auto sc = std::make_shared<DynamicScenario>(read_topology(t, seed));
  const int n = sc->topology.size();
  if (n > DynamicLimits::max_nodes)
    throw ScenarioError(t.pointer(), "the dynamic kind is limited to " +
                                         std::to_string(DynamicLimits::max_nodes) + " nodes");
  if (!sc->topology.connected()) throw ScenarioError(t.pointer(), "must be connected");
  sc->workload = read_workload(s.object("workload"), n, seed);
  if (s.has("costs")) {
    const JsonReader c = s.object("costs");
    c.reject_unknown({"hop", "message", "system_phase"});
    sc->costs.hop = c.get_number_or("hop", 0, 0, kMaxCost);
    sc->costs.message = c.get_number_or("message", 0, 0, kMaxCost);
    sc->costs.system_phase = c.get_number_or("system_phase", 0, 0, kMaxCost);
  }
  sc->params = dynamic_read_params(s, sc->topology);
  std::vector<std::string> names;
  for (const auto& a : core::dynamic_algorithm_table()) names.emplace_back(a.name);
  sc->algorithms = read_algorithms(s, names);
  for (std::size_t i = 0; i < sc->algorithms.size(); ++i) {
    const std::string why = dynamic_unsupported(sc->algorithms[i], *sc);
    if (!why.empty())
      throw ScenarioError(sc->algorithms[i] == "rips" && algorithm_params(s, "rips").has("inner")
                              ? "/params/rips/inner"
                              : "/algorithms/" + std::to_string(i),
                          why);
  }
  // A scenario that names no strategy runs the strategies it has always run, so its output stays
  // the same as rows are added; later rows run when named.
  // Strategies added after the default set was published run only when named, so a scenario
  // that names none keeps its results.
  static const std::vector<std::string> not_by_default = {"receiver_min_cost", "symmetric",
                                                          "work_stealing_global"};
  if (sc->algorithms.empty())
    for (const auto& a : names)
      if (dynamic_unsupported(a, *sc).empty() &&
          std::find(not_by_default.begin(), not_by_default.end(), a) == not_by_default.end())
        sc->algorithms.push_back(a);
  return sc;
}

std::shared_ptr<DynamicResult> run_dynamic_strategy(const DynamicScenario& sc,
                                                    const std::string& algorithm,
                                                    const std::atomic<bool>* cancel) {
  auto r = std::make_shared<DynamicResult>();
  r->algorithm = algorithm;
  if (algorithm == "rips") r->inner = sc.params.rips.inner;
  core::DynamicRunOptions opt;
  opt.cancel = cancel;
  try {
    r->run = core::run_dynamic(algorithm, sc.topology, sc.workload, sc.costs, sc.params, opt);
  } catch (const core::DynamicLimitError& e) {
    throw ScenarioError(e.field, e.what());
  }
  const core::DynamicVerification v = core::verify_dynamic(
      sc.topology, sc.workload, sc.costs.hop, r->run.task_log, core::executions_of(r->run.task_log),
      r->run.migration_log, {r->run.completion_time, r->run.migrations, r->run.task_hops});
  r->verified = v.ok;
  r->errors = v.errors;
  return r;
}

Json dynamic_timeline_json(const core::DynamicRunResult& run) {
  const auto& tl = run.timeline;
  std::size_t total = 0;
  for (const auto& node : tl) total += node.size();
  Json nodes = Json::array();
  const bool decimate = total > kDynamicTimelineIntervals && run.completion_time > 0;
  const std::size_t bins = decimate
                               ? std::max<std::size_t>(1, kDynamicTimelineIntervals /
                                                              std::max<std::size_t>(1, tl.size()))
                               : 0;
  const double width = decimate ? run.completion_time / static_cast<double>(bins) : 0;
  for (const auto& node : tl) {
    Json arr = Json::array();
    if (!decimate) {
      for (const auto& iv : node)
        arr.push_back({core::node_state_name(iv.state), iv.start, iv.end});
    } else {
      // Dominant state per bin (time spent in each state), equal neighbours merged.
      std::size_t k = 0;
      std::string last;
      for (std::size_t b = 0; b < bins; ++b) {
        const double lo = width * static_cast<double>(b),
                     hi = b + 1 == bins ? run.completion_time : lo + width;
        double spent[4] = {0, 0, 0, 0};
        while (k < node.size() && node[k].end <= lo) ++k;
        for (std::size_t j = k; j < node.size() && node[j].start < hi; ++j)
          spent[static_cast<int>(node[j].state)] +=
              std::min(hi, node[j].end) - std::max(lo, node[j].start);
        const int best = static_cast<int>(std::max_element(spent, spent + 4) - spent);
        const std::string name = core::node_state_name(static_cast<core::NodeState>(best));
        if (name == last)
          arr.back()[2] = hi;
        else
          arr.push_back({name, lo, hi});
        last = name;
      }
    }
    nodes.push_back(std::move(arr));
  }
  return {{"decimated", decimate}, {"bin_width", width}, {"nodes", std::move(nodes)}};
}

Json DynamicResult::to_json() const {
  if (failed()) return failure_json();
  Json out = {{"algorithm", algorithm}, {"verified", verified}};
  if (!verified) out["errors"] = errors;
  if (!inner.empty()) out["inner"] = inner;
  out["completion_time"] = num(run.completion_time);
  out["efficiency"] = num(run.efficiency);
  out["total_work"] = num(run.total_work);
  out["tasks"] = run.tasks;
  out["idle_time"] = run.idle_time;
  out["migrations"] = run.migrations;
  out["task_hops"] = run.task_hops;
  out["messages"] = run.messages;
  out["system_phases"] = run.system_phases;
  out["cost_function"] = num(run.cost_function);
  out["events"] = run.events;
  if (!run.phases.empty()) {
    Json ph = Json::array();
    for (std::size_t i = 0; i < run.phases.size() && i < kMaxPhasesListed; ++i) {
      const auto& p = run.phases[i];
      ph.push_back({{"start", p.start},
                    {"end", p.end},
                    {"ready", core::total_load(p.loads)},
                    {"task_hops", p.task_hops},
                    {"steps", p.steps}});
    }
    out["phases"] = std::move(ph);
  }
  out["timeline"] = dynamic_timeline_json(run);
  return out;
}

namespace {

// The node narrated is the one most involved in migrations (the playground narrates the node the
// user picks, through core::dynamic_narration directly).
core::Narration explain_dynamic_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const DynamicScenario&>(scenario);
  const auto& r = dynamic_cast<const DynamicResult&>(result);
  if (r.failed()) return {};
  const int node = core::dynamic_narrated_node(r.run, sc.topology.size());
  return core::dynamic_narration(r.algorithm, sc.params, r.run, node);
}

}  // namespace

KindHandler dynamic_kind() {
  return {
      "dynamic",        "Dynamic load balancing", core::dynamic_algorithm_table, parse_dynamic_kind,
      run_dynamic_kind, explain_dynamic_kind,     core::dynamic_pseudocode};
}

}  // namespace loadlab::io
