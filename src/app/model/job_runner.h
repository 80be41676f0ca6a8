// Runs the current scenario off the UI thread (BackgroundJob: a pthread, a Web Worker in the
// browser) with progress and cancel. The worker runs the typed scenario set_scenario parsed (no
// second validation) and keeps the results typed; their JSON (test hook, results table, JSON view)
// is written on the worker too.
#pragma once

#include <string>
#include <vector>

#include "app/model/background_job.h"
#include "io/scenario.h"

namespace loadlab::app {

struct JobOutcome {
  std::vector<io::ResultPtr> results;  ///< typed results (empty on error)
  io::Json result;                     ///< results_document() of them (null on error)
  std::string error;                   ///< non-empty on failure or cancel
  bool ran_on_other_thread = false;
  double seconds = 0;
};

using JobRunner = BackgroundJob<JobOutcome>;

/// What the worker runs: io::run_parsed on the shared typed scenario, honouring cancel/progress.
/// `starter` is the thread that asked (the outcome says whether the run happened elsewhere).
JobOutcome run_scenario_job(const io::ScenarioPtr& scenario, std::thread::id starter,
                            const JobControl& control);

/// Starts running `scenario`; a run in progress is cancelled and this one starts when it stops
/// (the newest scenario wins, e.g. a share link opened while the default scenario still runs).
void start_scenario_run(JobRunner& jobs, io::ScenarioPtr scenario);

}  // namespace loadlab::app
