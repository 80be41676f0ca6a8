// The playground's experiments panel for every paper's evaluation (View > Papers' experiments and
// claims): pick a paper and a size (the quick set by default), run it on a worker thread with
// progress and cancel, and read each figure as a plot with the claims it checks and their
// verdicts beside it. The numbers and verdicts come from experiments::run_paper_experiments
// (src/experiments/paper_experiments.h), the code `loadlab reproduce <paper>` prints from; runs
// are cached for the session per (paper, size).
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "app/model/background_job.h"
#include "app/shell/registry.h"
#include "experiments/paper_experiments.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct PaperRunOutcome {
  std::string key;  ///< "<paper>:quick" or "<paper>:full"
  std::optional<experiments::PaperRun> run;
  std::string error;
};

struct PapersPanelRoom : KindRoom {
  bool open = false;
  int paper = 0;  ///< index into experiments::paper_experiment_list()
  bool quick = true;
  std::map<std::string, experiments::PaperRun> cache;  ///< by PaperRunOutcome::key
  BackgroundJob<PaperRunOutcome> job;
  std::string running_key;
  std::string last_error;
  std::chrono::steady_clock::time_point started;
  int plots_drawn = 0;  ///< in the last frame the panel was drawn
};

/// Polls the worker and draws the panel when open.
void draw_papers_panel(App& app, PapersPanelRoom& room);
/// Starts a run of `paper` ("flb", ...) at the quick or the paper's size unless it is cached or a
/// run is going; false with the reason in `why` when the paper is unknown or a run is going.
bool start_paper_run(PapersPanelRoom& room, const std::string& paper, bool quick, std::string& why);
/// The hook's state().experiments: open, paper, size, busy, progress, claims, holds, plots drawn,
/// and each plot's value axis label (y_labels).
io::Json papers_panel_state(const PapersPanelRoom& room);

}  // namespace loadlab::app
