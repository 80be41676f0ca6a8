// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 (the techniques); the real-thread
// executor is src/sim/loop_executor.h. Predictions use the bench's calibration
// (src/cli/bench_loops.cpp): a spin body costs costs[i] * unit seconds by construction; Mandelbrot
// rows are timed on one thread first to get seconds per unit. The model's overhead h, start delays
// and speeds describe a virtual machine, not this one, so the prediction takes them as 0 / 1: the
// gap between measured and predicted is this machine's real dispatch, memory and OS cost (and fewer
// cores than threads).
#include "app/loop/model_measure.h"

#include <algorithm>
#include <chrono>

#include "core/loops/simulator.h"
#include "io/scenario.h"
#include "sim/loop_executor.h"

namespace loadlab::app {

namespace {

// Sequential work per technique for the spin body: long enough to measure, short enough that a
// dozen techniques finish in a few seconds.
constexpr double kSpinSecondsPerTechnique = 0.25;

}  // namespace

LoopRunReport measure_loop_scenario(const io::ScenarioPtr& scenario, int max_threads,
                                    int hardware_threads, const std::atomic<bool>* cancel,
                                    std::atomic<double>* progress) {
  LoopRunReport rep;
  rep.scenario = scenario;
  rep.hardware_threads = hardware_threads;
  const auto* sc = dynamic_cast<const io::LoopScenario*>(scenario.get());
  if (!sc) {
    rep.error = "not a loop scenario";
    return rep;
  }
  // The typed scenario's parameters (validated by io); the prediction models no overhead (see the
  // header comment), so h is 0 here as in the machine.
  core::LoopParams params = sc->params;
  params.overhead = 0;
  rep.iterations = params.iterations;
  rep.requested_threads = params.processors;
  params.processors = rep.threads = std::clamp(rep.requested_threads, 1, std::max(1, max_threads));
  if (static_cast<int>(params.weights.size()) != params.processors) params.weights.clear();
  const core::CostProfile& prof = sc->cost;
  const std::uint64_t seed = sc->seed;

  const auto costs = core::iteration_costs(prof, params.iterations, seed);
  const auto [mu, sd] = core::mean_and_sd(costs);
  params.mean_cost = mu > 0 ? mu : 1.0;
  params.sd_cost = sd;
  double total = 0;
  for (double c : costs) total += c;

  sim::LoopBody body;
  if (prof.profile == "mandelbrot") {
    rep.body = "mandelbrot";
    body = sim::mandelbrot_body(params.iterations, prof.width, prof.max_iter);
    core::LoopParams one = params;
    one.processors = 1;
    one.weights.clear();
    const auto t1 =
        sim::execute_loop(*core::find_loop_technique("static_block"), one, body, cancel);
    if (t1.cancelled) {
      rep.error = "cancelled";
      return rep;
    }
    rep.seconds_per_unit = total > 0 ? t1.run.parallel_time / total : 0;
  } else {
    rep.body = "spin";
    rep.seconds_per_unit = total > 0 ? kSpinSecondsPerTechnique / total : 0;
    body = sim::spin_body(costs, rep.seconds_per_unit);
  }
  std::vector<double> seconds(costs.size());
  for (std::size_t i = 0; i < costs.size(); ++i) seconds[i] = costs[i] * rep.seconds_per_unit;

  std::vector<std::string> names = sc->algorithms;
  if (names.empty())
    for (const auto& t : core::loop_techniques()) names.emplace_back(t.name);

  for (std::size_t a = 0; a < names.size(); ++a) {
    const core::LoopTechnique* t = core::find_loop_technique(names[a]);
    if (!t) continue;
    if (cancel && cancel->load()) {
      rep.error = "cancelled";
      break;
    }
    LoopMeasurement m;
    m.algorithm = t->name;
    const auto predicted = core::simulate_loop(*t, params, seconds, core::LoopMachine{});
    auto measured = sim::execute_loop(*t, params, body, cancel);
    if (measured.cancelled) {
      rep.error = "cancelled";
      break;
    }
    m.predicted = predicted.parallel_time;
    m.predicted_imbalance = predicted.percent_imbalance;
    m.measured = measured.run.parallel_time;
    m.measured_imbalance = measured.run.percent_imbalance;
    m.chunks = measured.run.num_chunks;
    if (measured.run.chunks.size() > LoopMeasurement::kMaxChunks)
      measured.run.chunks.resize(LoopMeasurement::kMaxChunks);
    m.measured_chunks = std::move(measured.run.chunks);
    rep.rows.push_back(std::move(m));
    if (progress) progress->store(static_cast<double>(a + 1) / static_cast<double>(names.size()));
  }
  return rep;
}

bool LoopRunner::start(io::ScenarioPtr scenario, int max_threads, int hardware_threads) {
  if (!dynamic_cast<const io::LoopScenario*>(scenario.get())) return false;
  return job_.start(
      [scenario = std::move(scenario), max_threads, hardware_threads](const JobControl& c) {
        LoopRunReport rep;
        try {
          rep = measure_loop_scenario(scenario, max_threads, hardware_threads, c.cancel,
                                      c.progress_value);
        } catch (const std::exception& e) {
          rep.error = e.what();
        }
        return rep;
      });
}

bool LoopRunner::poll() {
  auto rep = job_.poll();
  if (!rep) return false;
  last_ = std::move(rep);
  return true;
}

}  // namespace loadlab::app
