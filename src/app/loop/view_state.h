// Everything the "loop" kind's form and views keep between frames: one LoopViewState, owned by
// App (App::loop): the per-technique data rebuilt when the results change, the charts, the tab to
// bring to the front and "Run on my machine" (LoopRunner, a BackgroundJob).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/loop/model_measure.h"
#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

struct LoopChunkRec {
  std::int64_t begin, end;
  int thread;
  double start, finish;
};

struct LoopTechniqueData {
  std::string name, title, formula, source;
  double parallel_time = 0, imbalance = 0, cov = 0, mean_finish = 0;
  std::int64_t num_chunks = 0, syncs = 0;
  bool verified = false, truncated = false;
  std::vector<LoopChunkRec> chunks;  // hand-out order
  ImU32 colour = 0;
};

struct LoopViewState {
  std::vector<LoopTechniqueData> tech;
  std::int64_t n = 0;
  int p = 1;
  double mu = 1, sd = 0;
  int gantt_for = -1;
  GanttChart gantt;    // selected technique, one row per thread
  GanttChart compare;  // one row per technique, one lane per thread
  GanttChart measured;
  const LoopRunReport* measured_src = nullptr;
  int measured_for = -1;
  bool log_y = true;
  bool x_iterations = true;
  bool curves_all = true;  // chunk-size curves of every technique, or only the selected one
  ResultsFollower follow;  // results identity, selection by name, "ui" applied once
  TabRequest tabs;       // 0 schedule, 1 side by side, 2 on my machine
  LoopRunner runner;     // "Run on my machine"
};

}  // namespace loadlab::app
