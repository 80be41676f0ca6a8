// Everything the "dynamic" kind's view keeps between frames: one DynamicViewState, owned by App
// (App::dynamic): the model rebuilt when the results change, the processor x time chart of the
// selected strategy, the sampled tasks-per-node series, the animation clock and the tab to bring
// to the front.
#pragma once

#include "app/dynamic/model_view.h"
#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

struct DynamicViewState {
  DynamicViewModel model;
  ResultsFollower follow;
  TabRequest tabs;  // 0 processors x time, 1 tasks per node, 2 compared, 3 network
  GanttChart gantt;
  int gantt_for = -1;
  bool show_migrations = true;
  DynamicLoadSeries series;  ///< of the selected strategy
  int series_for = -1;
  double time = 0;           ///< network animation: simulated time shown
  bool playing = false;
  float speed = 1.0f;        ///< fraction of the run per 10 s of wall clock
};

}  // namespace loadlab::app
