// Everything the "dlt" kind's view keeps between frames: one DltViewState, owned by App
// (dlt_state(app), the kind room): the results (typed, model_view.h) rebuilt when they change, the
// timing-diagram chart, the IBS step shown and the tab to bring to the front.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "app/dlt/model_view.h"
#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/narration_player.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

/// The DLT view's tabs, in order: their names in a link's "ui"."dlt_view".
inline constexpr std::initializer_list<const char*> kDltTabs = {"timing", "loads", "ibs"};

struct DltViewState {
  /// The results and the scenario's numbers, from the typed objects (model_view.h).
  DltViewModel model;
  GanttChart gantt;
  int gantt_for = -1;
  bool log_loads = false;
  int step = -1;           // IBS step shown (-1 = the last)
  ResultsFollower follow;  // results identity, selection by name, "ui" applied once
  TabRequest tabs;         // 0 timing, 1 loads, 2 IBS steps
  /// The selected result's narration (truncation trials, then IBS rounds or layers); its IBS
  /// rounds follow `step` both ways (synced_* are the values both had after the last sync).
  NarrationFollower narration;
  int synced_step = -2, synced_narration = -1;
  const void* synced_for = nullptr;  ///< the narration's source when synced_* were set
};

}  // namespace loadlab::app
