// `loadlab bench` for loop scheduling: each technique on real threads (sim::execute_loop) beside
// the virtual-time simulator's prediction for the same loop, and natively the same loop under
// OpenMP.
//
// Predictions use time units calibrated on this machine: the spin workload costs costs[i] * unit
// seconds by construction; for Mandelbrot rows a one-thread run gives seconds per unit of row cost.
// Scheduling overhead is taken as 0 in the model, so the gap between measured and predicted time
// is the real dispatch + memory + OS cost.
#include <string>

#include "cli/bench_openmp.h"
#include "cli/commands.h"
#include "core/loops/simulator.h"
#include "sim/loop_executor.h"

namespace loadlab::cli {

namespace {

struct Workload {
  std::string name;
  std::vector<double> costs;  // model units
  double seconds_per_unit;
  sim::LoopBody body;
};

nlohmann::json bench_loops_bench_workload(const Workload& w, const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  const int p = opts.threads < 1 ? 1 : opts.threads;
  core::LoopParams params;
  params.iterations = static_cast<std::int64_t>(w.costs.size());
  params.processors = p;
  const auto [mu, sd] = core::mean_and_sd(w.costs);
  params.mean_cost = mu > 0 ? mu : 1;
  params.sd_cost = sd;
  std::vector<double> seconds(w.costs.size());
  for (std::size_t i = 0; i < seconds.size(); ++i) seconds[i] = w.costs[i] * w.seconds_per_unit;
  for (const auto& t : core::loop_techniques()) {
    const std::string name = "loops/" + w.name + "/" + t.name;
    if (!opts.filter.empty() && name.find(opts.filter) == std::string::npos) continue;
    const auto predicted = core::simulate_loop(t, params, seconds, core::LoopMachine{});
    const auto measured = sim::execute_loop(t, params, w.body);
    out.push_back(
        {{"name", name},
         {"seconds", measured.run.parallel_time},
         {"predicted_seconds", predicted.parallel_time},
         {"measured_over_predicted",
          predicted.parallel_time > 0 ? measured.run.parallel_time / predicted.parallel_time : 0},
         {"percent_imbalance", measured.run.percent_imbalance},
         {"predicted_percent_imbalance", predicted.percent_imbalance},
         {"num_chunks", measured.run.num_chunks},
         {"threads", p}});
  }
  const std::string omp_prefix = "loops/" + w.name + "/omp";
  if (opts.filter.empty() || omp_prefix.find(opts.filter) != std::string::npos ||
      opts.filter.find(omp_prefix) == 0) {
    auto omp = bench_openmp_loop(w.name, params.iterations, w.body, p,
                                 core::default_chunk(params.iterations, p));
    for (auto& r : omp) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

nlohmann::json bench_loops(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  // Nothing here can match a filter that is not about loops: skip the workloads' set-up costs.
  if (!opts.filter.empty() && std::string("loops/").find(opts.filter) == std::string::npos &&
      opts.filter.rfind("loops/", 0) != 0)
    return out;
  const std::int64_t n = opts.quick ? 400 : 4000;
  const double unit = opts.quick ? 1e-6 : 5e-6;  // seconds per cost unit (mean iteration time)

  for (const char* profile : {"increasing", "uniform"}) {
    core::CostProfile prof;
    prof.profile = profile;
    Workload w{std::string("spin_") + profile, core::iteration_costs(prof, n, 1), unit, {}};
    w.body = sim::spin_body(w.costs, unit);
    for (auto& r : bench_loops_bench_workload(w, opts)) out.push_back(std::move(r));
  }

  // Mandelbrot rows: cost unit = one average pixel iteration; calibrated by a one-thread run.
  core::CostProfile mandel;
  mandel.profile = "mandelbrot";
  const std::int64_t rows = opts.quick ? 128 : 1024;
  Workload w{"mandelbrot", core::iteration_costs(mandel, rows, 1), 0,
             sim::mandelbrot_body(rows, mandel.width, mandel.max_iter)};
  core::LoopParams one;
  one.iterations = rows;
  one.processors = 1;
  const double t1 =
      sim::execute_loop(*core::find_loop_technique("static_block"), one, w.body).run.parallel_time;
  double total = 0;
  for (double c : w.costs) total += c;
  w.seconds_per_unit = total > 0 ? t1 / total : 0;
  if (opts.filter.empty() ||
      std::string("loops/mandelbrot/sequential").find(opts.filter) != std::string::npos)
    out.push_back({{"name", "loops/mandelbrot/sequential"}, {"seconds", t1}, {"threads", 1}});
  for (auto& r : bench_loops_bench_workload(w, opts)) out.push_back(std::move(r));
  return out;
}

}  // namespace loadlab::cli
