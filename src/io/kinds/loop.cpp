// The "loop" kind: loop scheduling (paper 002, Section 3.1) in the virtual-time simulator.
// Format and limits: docs/scenario-loop.md.
#include "io/kinds/loop.h"

#include <stdexcept>

#include <cmath>
#include <memory>
#include <tuple>

#include "core/loops/narration.h"
#include "core/loops/registry.h"
#include "core/verify/loop_verify.h"
#include "io/kinds/kinds.h"

namespace loadlab::io {

namespace {

// Documented in docs/scenario-loop.md.
constexpr std::int64_t kMaxIterations = 10'000'000;
constexpr std::int64_t kMaxProcessors = 1024;
constexpr std::int64_t kDefaultChunksListed = 10'000;
constexpr std::int64_t kMaxChunksListed = 1'000'000;
constexpr double kMaxMandelbrotWork = 1e9;  // iterations * width * max_iter
constexpr double kMaxTime = 1e12;

std::vector<std::string> loop_algorithms() {
  std::vector<std::string> names;
  for (const auto& t : core::loop_techniques()) names.push_back(t.name);
  return names;
}

std::vector<double> read_per_processor(const JsonReader& s, std::string_view key, int p, double lo,
                                       double hi) {
  std::vector<double> out;
  if (!s.has(key)) return out;
  const Json& arr = s.array(key, static_cast<std::size_t>(kMaxProcessors));
  if (arr.size() != static_cast<std::size_t>(p))
    throw ScenarioError(s.pointer(key), "must have one entry per processor (" + std::to_string(p) +
                                            "), got " + std::to_string(arr.size()));
  for (std::size_t i = 0; i < arr.size(); ++i)
    out.push_back(JsonReader::as_number(arr[i], s.pointer(key) + "/" + std::to_string(i), lo, hi));
  return out;
}

core::CostProfile read_cost(const JsonReader& c, std::int64_t n) {
  c.reject_unknown({"profile", "value", "low", "high", "p_high", "width", "max_iter"});
  core::CostProfile prof;
  prof.profile = c.get_enum("profile", core::cost_profile_names());
  prof.value = c.get_number_or("value", 1.0, 0.0, 1e9);
  prof.low = c.get_number_or("low", -1.0, 0.0, 1e9);
  prof.high = c.get_number_or("high", -1.0, 0.0, 1e9);
  prof.p_high = c.get_number_or("p_high", 0.1, 0.0, 1.0);
  prof.width = c.get_int_or("width", 256, 1, 65536);
  prof.max_iter = static_cast<int>(c.get_int_or("max_iter", 256, 1, 1'000'000));
  if (prof.profile == "uniform" && prof.low >= 0 && prof.high >= 0 && prof.high < prof.low)
    throw ScenarioError(c.pointer("high"), "must be >= low");
  if (prof.profile == "mandelbrot" &&
      static_cast<double>(n) * static_cast<double>(prof.width) * prof.max_iter > kMaxMandelbrotWork)
    throw ScenarioError(c.pointer("width"), "iterations * width * max_iter must be <= 1e9");
  return prof;
}

}  // namespace

LoopScenario read_loop_scenario(const JsonReader& s) {
  reject_unknown_keys(
      s, {"iterations", "processors", "cost", "overhead", "chunk_size", "block_size", "min_chunk",
          "start_delays", "speeds", "affinity_cost", "tapering_alpha", "weights", "chunks_listed"});
  LoopScenario sc;
  sc.kind = "loop";
  sc.seed = read_seed(s);
  sc.algorithms = read_algorithms(s, loop_algorithms());
  // params/<technique>: no technique has settings there yet (they are top-level fields).
  for (const auto& t : core::loop_techniques()) reject_algorithm_params(s, t.name);
  auto& p = sc.params;
  p.iterations = s.get_int("iterations", 0, kMaxIterations);
  p.processors = static_cast<int>(s.get_int("processors", 1, kMaxProcessors));
  sc.cost = read_cost(s.object("cost"), p.iterations);
  p.overhead = sc.machine.overhead = s.get_number_or("overhead", 0.0, 0.0, kMaxTime);
  p.chunk_size = s.get_int_or("chunk_size", 0, 1, kMaxIterations);
  p.block_size = s.get_int_or("block_size", 0, 1, kMaxIterations);
  p.min_chunk = s.get_int_or("min_chunk", 1, 1, kMaxIterations);
  p.tapering_alpha = s.get_number_or("tapering_alpha", 1.0, 0.0, 1e6);
  sc.machine.start_delays = read_per_processor(s, "start_delays", p.processors, 0.0, kMaxTime);
  sc.machine.speeds = read_per_processor(s, "speeds", p.processors, 1e-6, 1e6);
  sc.machine.affinity_cost = s.get_number_or("affinity_cost", 0.0, 0.0, kMaxTime);
  p.weights = read_per_processor(s, "weights", p.processors, 1e-6, 1e6);
  if (p.weights.empty() && !sc.machine.speeds.empty()) {
    // Weighted factoring's default: the processor speeds scaled to sum P.
    double sum = 0;
    for (double v : sc.machine.speeds) sum += v;
    for (double v : sc.machine.speeds) p.weights.push_back(v * p.processors / sum);
  }
  sc.chunks_listed = static_cast<std::size_t>(
      s.get_int_or("chunks_listed", kDefaultChunksListed, 0, kMaxChunksListed));
  return sc;
}

namespace {

Json chunk_json(const core::LoopChunk& c) {
  return Json{{"begin", c.begin},
              {"end", c.end},
              {"thread", c.thread},
              {"start", c.start},
              {"finish", c.finish}};
}

std::shared_ptr<TypedScenario> parse_loop_kind(const JsonReader& s, const RunContext&) {
  return std::make_shared<LoopScenario>(read_loop_scenario(s));
}

std::vector<ResultPtr> run_loop_kind(const TypedScenario& scenario, const RunContext& ctx) {
  const auto& parsed = dynamic_cast<const LoopScenario&>(scenario);
  core::LoopParams params = parsed.params;
  const auto costs = core::iteration_costs(parsed.cost, params.iterations, parsed.seed);
  // Plain variables, not a structured binding: the per-technique lambda below captures them
  // (clang, which builds the WebAssembly module, refuses to capture bindings).
  const auto mean_sd = core::mean_and_sd(costs);
  const double mu = std::get<0>(mean_sd), sd = std::get<1>(mean_sd);
  // Profile-based techniques (factoring, tapering, FSC) get the profile's exact statistics; a
  // zero-cost profile has no meaningful mean, so keep mu positive.
  params.mean_cost = mu > 0 ? mu : 1.0;
  params.sd_cost = sd;
  const std::vector<std::string> names =
      parsed.algorithms.empty() ? loop_algorithms() : parsed.algorithms;

  std::vector<ResultPtr> results;
  for (std::size_t a = 0; a < names.size(); ++a) {
    if (ctx.cancel && ctx.cancel->load()) break;
    results.push_back(run_one_algorithm<LoopRunResult>(names[a], a, ctx.cancel, [&] {
      auto r = std::make_shared<LoopRunResult>();
      r->technique = core::find_loop_technique(names[a]);
      if (!r->technique) throw std::invalid_argument("unknown loop technique '" + names[a] + "'");
      r->algorithm = r->technique->name;
      core::LoopStreamVerifier verifier(params.iterations, params.processors);
      core::LoopSimOptions opt;
      opt.keep_chunks = parsed.chunks_listed;
      opt.on_chunk = [&](const core::LoopChunk& c) { verifier.add(c); };
      opt.cancel = ctx.cancel;
      try {
        r->run = core::simulate_loop(*r->technique, params, costs, parsed.machine, opt);
      } catch (const std::runtime_error& e) {
        if (ctx.cancel && ctx.cancel->load()) throw;
        throw ScenarioError("", std::string("loop simulation failed: ") + e.what());
      }
      const auto v = verifier.result();
      r->verified = v.ok;
      if (!v.ok) {
        r->verification_error = v.message;
        r->errors = {v.message};
      }
      r->mean_cost = mu;
      r->sd_cost = sd;
      return r;
    }));
    if (ctx.progress) ctx.progress(static_cast<double>(a + 1) / static_cast<double>(names.size()));
  }
  return results;
}

}  // namespace

Json LoopRunResult::to_json() const {
  if (failed()) return failure_json();
  const core::LoopRunResult& r = run;
  Json e = Json::object();
  e["algorithm"] = technique->name;
  e["title"] = technique->title;
  e["source"] = technique->source;
  e["formula"] = technique->formula;
  e["verified"] = verified;
  if (!verified) e["verification_error"] = verification_error;
  e["parallel_time"] = r.parallel_time;
  e["percent_imbalance"] = r.percent_imbalance;
  e["cov"] = r.cov;
  e["num_chunks"] = r.num_chunks;
  e["synchronizations"] = r.synchronizations;
  Json chunks = Json::array();
  for (const auto& c : r.chunks) chunks.push_back(chunk_json(c));
  e["chunks"] = std::move(chunks);
  e["chunks_truncated"] = r.num_chunks > static_cast<std::int64_t>(r.chunks.size());
  Json threads = Json::array();
  for (std::size_t i = 0; i < r.finish.size(); ++i)
    threads.push_back({{"thread", i}, {"finish", r.finish[i]}, {"busy", r.busy[i]}});
  e["threads"] = std::move(threads);
  e["profile"] = {{"mean", mean_cost}, {"sd", sd_cost}};
  return e;
}

// Shared with the dynamic kind's workload/duration (same keys and checks).
core::CostProfile read_cost_profile(const JsonReader& c, std::int64_t n) {
  return read_cost(c, n);
}

namespace {

core::Narration explain_loop_kind(const TypedScenario& scenario, const TypedResult& result) {
  const auto& sc = dynamic_cast<const LoopScenario&>(scenario);
  const auto& r = dynamic_cast<const LoopRunResult&>(result);
  if (r.failed() || !r.technique) return {};
  // The profile statistics the run gave the technique (run_loop_kind keeps mu positive).
  core::LoopParams params = sc.params;
  params.mean_cost = r.mean_cost > 0 ? r.mean_cost : 1.0;
  params.sd_cost = r.sd_cost;
  return core::loop_narration(*r.technique, params, r.run);
}

}  // namespace

KindHandler loop_kind() {
  return {"loop",        "Loop scheduling", core::loop_algorithm_table, parse_loop_kind,
          run_loop_kind, explain_loop_kind, core::loop_pseudocode};
}

}  // namespace loadlab::io
