// Everything the "dynamic" kind's view keeps between frames: one DynamicViewState, owned by App
// (dynamic_state(app), the kind room): the model rebuilt when the results change, the processor x
// time chart of the selected strategy, the sampled tasks-per-node series, the animation clock and
// the tab to bring to the front.
#pragma once

#include <initializer_list>

#include "app/dynamic/model_phases.h"
#include "app/dynamic/model_threads.h"
#include "app/dynamic/model_view.h"
#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/model_network.h"
#include "app/widgets/narration_player.h"
#include "app/widgets/tabs.h"

namespace loadlab::app {

/// The dynamic view's tabs, in order: their names in a link's "ui"."dynamic_view".
inline constexpr std::initializer_list<const char*> kDynamicTabs = {"chart",   "tasks",  "compare",
                                                                    "network", "phases", "threads"};

struct DynamicViewState {
  DynamicViewModel model;
  ResultsFollower follow;
  TabRequest
      tabs;  // 0 processors x time, 1 tasks per node, 2 compared, 3 network, 4 phases, 5 threads
  GanttChart gantt;
  int gantt_for = -1;
  bool show_migrations = true;
  DynamicLoadSeries series;  ///< of the selected strategy
  int series_for = -1;
  double time = 0;  ///< network animation: simulated time shown
  bool playing = false;
  float speed = 1.0f;  ///< fraction of the run per 10 s of wall clock
  // "System phases" (rips): the phase shown, its replay and the step player over it.
  int phase = 0;
  RipsPhaseReplay replay;
  int replay_for_strategy = -1;  ///< -1: replay is stale
  StepPlayer phase_player;
  bool phase_playing = false;
  double phase_clock = 0;
  // "Real threads": the request and the runner (one measurement at a time, off the UI thread).
  DynamicThreadsRequest threads_request;
  bool threads_request_init = false;
  DynamicThreadsRunner threads;
  /// The narration of one node's events in the selected strategy's run; node -1 = the node most
  /// involved in migrations (core::dynamic_narrated_node).
  NarrationFollower narration;
  int narration_node = -1;
  const void* default_node_for = nullptr;  ///< the result default_node was computed for
  int default_node = 0;
};

/// Draws the "System phases" tab (view_phases.cpp) and the "Real threads" tab (view_threads.cpp).
struct App;
void draw_dynamic_phases_tab(App& app, DynamicViewState& c, int sel);
void draw_dynamic_threads_tab(App& app, DynamicViewState& c);
/// Starts the "Real threads" measurement of the current dynamic scenario (also the web test hook).
bool start_dynamic_threads(App& app);

}  // namespace loadlab::app
