// The "dlt" kind: divisible load on a hypercube (paper 004,
// ../shared/seeds/004_11d6ddba309eeb28.txt): closed form, Algorithm A, IBS, Algorithm A'.
// Every result entry carries the independent verifier's verdict. Format: docs/scenario-dlt.md.
#include "io/kinds/dlt.h"

#include <cstdint>

#include <memory>

#include "core/dlt/narration.h"
#include "core/dlt/registry.h"
#include "core/verify/dlt_verify.h"
#include "io/kinds/kinds.h"

namespace loadlab::io {

namespace {

using core::DltLimits;

bool needs_buffer(const std::string& a) {
  return core::find_dlt_algorithm(a)->needs_buffer;
}
bool needs_granularity(const std::string& a) {
  return core::find_dlt_algorithm(a)->needs_granularity;
}

std::shared_ptr<TypedScenario> parse_dlt_kind(const JsonReader& s, const RunContext&) {
  return std::make_shared<DltScenario>(read_dlt_scenario(s));
}

std::vector<ResultPtr> run_dlt_kind(const TypedScenario& scenario, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const DltScenario&>(scenario);
  std::vector<ResultPtr> results;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    results.push_back(run_one_algorithm<DltRunResult>(sc.algorithms[i], i, ctx.cancel, [&] {
      return std::make_shared<DltRunResult>(run_dlt_algorithm(sc, sc.algorithms[i]));
    }));
    if (ctx.progress) ctx.progress(static_cast<double>(i + 1) / sc.algorithms.size());
  }
  return results;
}

Json timing_json(const core::DltSchedule& s) {
  Json out = Json::array();
  for (int i = 0; i <= s.last_layer; ++i) {
    const core::LayerTiming& t = s.timing[static_cast<std::size_t>(i)];
    out.push_back(
        {{"layer", i},
         {"processors", static_cast<std::int64_t>(s.processors[static_cast<std::size_t>(i)])},
         {"receive", {t.receive_start, t.receive_end}},
         {"compute", {t.compute_start, t.compute_end}},
         {"forward", {t.forward_start, t.forward_end}}});
  }
  return out;
}

Json iterations_json(const std::vector<core::IbsIteration>& its) {
  Json out = Json::array();
  for (const auto& it : its)
    out.push_back({{"k", it.k},
                   {"q", it.q},
                   {"L_q", it.L_q},
                   {"X", it.X},
                   {"remaining", it.remaining},
                   {"stop", it.stop},
                   {"alpha", it.alpha},
                   {"L", it.L},
                   {"buffers_left", it.buffers_left}});
  return out;
}

Json trials_json(const std::vector<core::DltTrial>& trials, bool with_buffers) {
  Json out = Json::array();
  for (const auto& t : trials) {
    Json e = {{"k", t.k}, {"accepted", t.accepted}};
    if (with_buffers) e["enough_buffers"] = t.enough_buffers;
    if (!with_buffers || t.enough_buffers) e["min_load_per_processor"] = t.min_load_per_processor;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

std::vector<std::string> dlt_algorithm_names() {
  std::vector<std::string> names;
  for (const auto& a : core::dlt_algorithm_table()) names.emplace_back(a.name);
  return names;
}

DltScenario read_dlt_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"dim", "E", "C", "load", "buffer", "granularity"});
  DltScenario sc;
  sc.kind = "dlt";
  sc.seed = read_seed(s);
  sc.params.dim = static_cast<int>(s.get_int("dim", DltLimits::min_dim, DltLimits::max_dim));
  sc.params.E = s.get_number("E", DltLimits::min_rate, DltLimits::max_rate);
  sc.params.C = s.get_number("C", DltLimits::min_rate, DltLimits::max_rate);
  sc.params.load = s.get_number("load", DltLimits::min_amount, DltLimits::max_amount);
  if (s.has("buffer"))
    sc.buffer = s.get_number("buffer", DltLimits::min_amount, DltLimits::max_amount);
  if (s.has("granularity"))
    sc.granularity = s.get_number("granularity", DltLimits::min_amount, DltLimits::max_amount);
  // params/<algorithm>: buffer and granularity are scenario fields; no algorithm has settings.
  for (const auto& a : core::dlt_algorithms()) reject_algorithm_params(s, a.info.name);
  if (s.has("algorithms")) {
    sc.algorithms = read_algorithms(s, dlt_algorithm_names());
    for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
      const std::string& a = sc.algorithms[i];
      const std::string ptr = "/algorithms/" + std::to_string(i);
      if (needs_buffer(a) && !sc.buffer)
        throw ScenarioError(ptr, "algorithm '" + a + "' needs the field \"buffer\"");
      if (needs_granularity(a) && !sc.granularity)
        throw ScenarioError(ptr, "algorithm '" + a + "' needs the field \"granularity\"");
    }
  } else {
    for (const auto& a : dlt_algorithm_names())
      if ((!needs_buffer(a) || sc.buffer) && (!needs_granularity(a) || sc.granularity))
        sc.algorithms.push_back(a);
  }
  return sc;
}

DltRunResult run_dlt_algorithm(const DltScenario& sc, const std::string& algorithm) {
  const core::DltAlgorithm* a = core::find_dlt_algorithm(algorithm);
  if (!a) throw ScenarioError("/algorithms", "unknown algorithm '" + algorithm + "'");
  DltRunResult out;
  out.algorithm = algorithm;
  core::DltConstraints con;
  if (a->needs_buffer) con.buffer = sc.buffer;
  if (a->needs_granularity) con.granularity = sc.granularity;
  out.result = a->run(sc.params, sc.buffer, sc.granularity);
  const core::DltVerification v = core::verify_dlt_result(sc.params, out.result, con);
  out.verified = v.ok;
  out.verify_problems = v.problems;
  out.errors = v.problems;
  return out;
}

Json DltRunResult::to_json() const {
  if (failed()) return failure_json();
  const core::DltResult& r = result;
  Json e = Json::object();
  e["algorithm"] = algorithm;
  e["feasible"] = r.feasible();
  e["status"] = core::dlt_status_name(r.status);
  if (!r.feasible())
    e["error"] = r.message;
  else if (!r.message.empty())
    e["note"] = r.message;
  const core::DltSchedule& s = r.schedule;
  if (r.feasible()) {
    e["finish_time"] = s.finish_time;
    e["last_layer"] = s.last_layer;
  } else {
    e["finish_time"] = nullptr;
    e["last_layer"] = nullptr;
  }
  e["alpha"] = s.alpha;
  e["load_per_processor"] = s.load_per_processor;
  e["load_per_layer"] = s.load_per_layer;
  e["received"] = s.received;
  e["received_per_layer"] = s.received_per_layer;
  std::vector<std::int64_t> processors;
  for (double n : s.processors) processors.push_back(static_cast<std::int64_t>(n));
  e["processors"] = processors;
  e["timing"] = r.feasible() ? timing_json(s) : Json::array();
  const core::DltAlgorithm* a = core::find_dlt_algorithm(algorithm);
  // IBS iterations for the buffered algorithms, truncation trials for the granular ones.
  if (a->needs_buffer) e["iterations"] = iterations_json(r.iterations);
  if (a->needs_granularity) e["trials"] = trials_json(r.trials, a->needs_buffer);
  e["verified"] = verified;
  if (!verified) e["verify_problems"] = verify_problems;
  return e;
}

namespace {

core::Narration explain_dlt_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const DltScenario&>(scenario);
  const auto& r = dynamic_cast<const DltRunResult&>(result);
  if (r.failed()) return {};
  return core::dlt_narration(r.algorithm, sc.params, r.result, sc.buffer, sc.granularity);
}

}  // namespace

KindHandler dlt_kind() {
  return {"dlt",        "Divisible load", core::dlt_algorithm_table, parse_dlt_kind,
          run_dlt_kind, explain_dlt_kind, core::dlt_pseudocode};
}

}  // namespace loadlab::io
