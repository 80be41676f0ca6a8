// The "loop" kind: loop scheduling (paper 002, Section 3.1) in the virtual-time simulator.
// Format and limits: docs/scenario-loop.md.
#include <cmath>

#include "core/loops/simulator.h"
#include "core/verify/loop_verify.h"
#include "io/kinds/kinds.h"
#include "io/kinds/legacy_adapter.h"

namespace loadlab::io {

namespace {

// Documented in docs/scenario-loop.md.
constexpr std::int64_t kMaxIterations = 10'000'000;
constexpr std::int64_t kMaxProcessors = 1024;
constexpr std::int64_t kDefaultChunksListed = 10'000;
constexpr std::int64_t kMaxChunksListed = 1'000'000;
constexpr double kMaxMandelbrotWork = 1e9;  // iterations * width * max_iter
constexpr double kMaxTime = 1e12;

struct LoopScenario {
  core::LoopParams params;
  core::CostProfile cost;
  core::LoopMachine machine;
  std::vector<std::string> algorithms;
  std::uint64_t seed = 1;
  std::size_t chunks_listed = kDefaultChunksListed;
};

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

LoopScenario read_loop_scenario(const JsonReader& s) {
  reject_unknown_keys(s, {"iterations", "processors", "cost", "overhead", "chunk_size", "block_size",
                          "min_chunk", "start_delays", "speeds", "affinity_cost", "tapering_alpha",
                          "weights", "chunks_listed"});
  LoopScenario sc;
  sc.seed = read_seed(s);
  sc.algorithms = read_algorithms(s, loop_algorithms());
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
  sc.chunks_listed =
      static_cast<std::size_t>(s.get_int_or("chunks_listed", kDefaultChunksListed, 0, kMaxChunksListed));
  return sc;
}

void validate(const JsonReader& s, const RunContext&) { read_loop_scenario(s); }

Json chunk_json(const core::LoopChunk& c) {
  return Json{{"begin", c.begin}, {"end", c.end}, {"thread", c.thread}, {"start", c.start},
              {"finish", c.finish}};
}

Json run(const JsonReader& s, const RunContext& ctx) {
  LoopScenario sc = read_loop_scenario(s);
  const auto costs = core::iteration_costs(sc.cost, sc.params.iterations, sc.seed);
  const auto [mu, sd] = core::mean_and_sd(costs);
  // Profile-based techniques (factoring, tapering, FSC) get the profile's exact statistics; a
  // zero-cost profile has no meaningful mean, so keep mu positive.
  sc.params.mean_cost = mu > 0 ? mu : 1.0;
  sc.params.sd_cost = sd;
  std::vector<std::string> names = sc.algorithms.empty() ? loop_algorithms() : sc.algorithms;

  Json results = Json::array();
  for (std::size_t a = 0; a < names.size(); ++a) {
    const core::LoopTechnique* t = core::find_loop_technique(names[a]);
    core::LoopStreamVerifier verifier(sc.params.iterations, sc.params.processors);
    core::LoopSimOptions opt;
    opt.keep_chunks = sc.chunks_listed;
    opt.on_chunk = [&](const core::LoopChunk& c) { verifier.add(c); };
    opt.cancel = ctx.cancel;
    core::LoopRunResult r;
    try {
      r = core::simulate_loop(*t, sc.params, costs, sc.machine, opt);
    } catch (const std::runtime_error& e) {
      if (ctx.cancel && ctx.cancel->load()) throw;
      throw ScenarioError("", std::string("loop simulation failed: ") + e.what());
    }
    const auto v = verifier.result();
    Json e = Json::object();
    e["algorithm"] = t->name;
    e["title"] = t->title;
    e["source"] = t->source;
    e["formula"] = t->formula;
    e["verified"] = v.ok;
    if (!v.ok) e["verification_error"] = v.message;
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
    e["profile"] = {{"mean", mu}, {"sd", sd}};
    results.push_back(std::move(e));
    if (ctx.progress) ctx.progress(static_cast<double>(a + 1) / static_cast<double>(names.size()));
  }
  return results;
}

}  // namespace

KindHandler loop_kind() {
  return {"loop", "Loop scheduling", legacy::table<loop_algorithms>, legacy::parse<validate>,
          legacy::run<run>};
}

}  // namespace loadlab::io
