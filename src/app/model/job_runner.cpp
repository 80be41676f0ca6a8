#include "app/model/job_runner.h"

#include <chrono>

namespace loadlab::app {

JobOutcome run_scenario_job(const io::ScenarioPtr& scenario, std::thread::id starter,
                            const JobControl& control) {
  JobOutcome out;
  const auto t0 = std::chrono::steady_clock::now();
  out.ran_on_other_thread = std::this_thread::get_id() != starter;
  try {
    if (!scenario) throw std::runtime_error("no scenario");
    io::RunContext ctx;
    ctx.cancel = control.cancel;
    ctx.progress = [&control](double p) { control.progress(p); };
    out.results = io::run_parsed(*scenario, ctx);
    out.result = io::results_document(*scenario, out.results);
    if (control.cancelled()) out.error = "cancelled";
  } catch (const std::exception& e) {
    out.error = e.what();
    out.results.clear();
    out.result = nullptr;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

void start_scenario_run(JobRunner& jobs, io::ScenarioPtr scenario) {
  const auto starter = std::this_thread::get_id();
  jobs.supersede([scenario = std::move(scenario), starter](const JobControl& c) {
    return run_scenario_job(scenario, starter, c);
  });
}

}  // namespace loadlab::app
