// Everything the "loop" kind's form and views keep between frames: one LoopViewState, owned by
// App (loop_state(app), the kind room): the per-technique data rebuilt when the results change, the
// charts, the tab to bring to the front and "Run on my machine" (LoopRunner, a BackgroundJob).
#pragma once

#include <imgui.h>
#include <initializer_list>

#include <cstdint>
#include <string>
#include <vector>

#include "app/loop/model_measure.h"
#include "app/loop/model_view.h"
#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/narration_player.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

/// The loop view's tabs, in order: their names in a link's "ui"."loop_view".
inline constexpr std::initializer_list<const char*> kLoopTabs = {"schedule", "side_by_side",
                                                                 "machine"};

struct LoopViewState {
  /// The techniques' runs and the scenario's numbers, from the typed results (model_view.h).
  LoopViewModel model;
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
  TabRequest tabs;         // 0 schedule, 1 side by side, 2 on my machine
  LoopRunner runner;       // "Run on my machine"
  /// The selected technique's narration: step k = the k-th chunk handed out.
  NarrationFollower narration;
};

}  // namespace loadlab::app
