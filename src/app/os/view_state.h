// Everything the "os" kind's view keeps between frames: one OsViewState, owned by App
// (os_state(app), the kind room): the model rebuilt when the results change, the processor x time
// chart of the selected policy, the response time vs load sweep, and the tab to bring to the front.
#pragma once

#include <optional>
#include <string>

#include <initializer_list>

#include "app/model/results_follower.h"
#include "app/os/model_view.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/narration_player.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

/// The os view's tabs, in order: their names in a link's "ui"."os_view".
inline constexpr std::initializer_list<const char*> kOsTabs = {"chart", "response", "compare",
                                                               "load"};

struct OsViewState {
  OsViewModel model;
  ResultsFollower follow;
  TabRequest tabs;  // 0 processors x time, 1 response times, 2 comparison, 3 response time vs load
  GanttChart gantt;
  int gantt_for = -1;
  bool all_policies = false;  ///< response-time bars of every policy, not just the selected one
  // Response time vs arrival rate (model_view.h, run_os_sweep), recomputed off the UI thread when
  // the results change; `sweep_none` = the scenario lists its jobs (no generator to sweep).
  BackgroundJob<OsSweep> sweep_job;
  std::optional<OsSweep> sweep;
  bool sweep_none = false;
  std::string sweep_error;
  /// The selected policy's narration: one step per scheduling decision.
  NarrationFollower narration;
};

}  // namespace loadlab::app
