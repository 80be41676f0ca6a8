// Everything the "dag" kind's form and views keep between frames: one DagViewState, owned by App
// (App::dag). The model and step traces are computed by BackgroundJobs; the rest are caches keyed
// by the results' identity and view settings (some from the scenario's "ui", model/ui_state.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/dag/model_graph.h"
#include "app/model/background_job.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/tabs.h"
#include "core/dag/schedule.h"

namespace loadlab::app {

/// A result's schedule with task indices of the model's graph.
struct DagSchedule {
  std::string algorithm;
  int processors = 1;  ///< rows (DSC may use more than the scenario's P)
  double makespan = 0;
  std::vector<core::ScheduleEntry> entries;
  std::vector<std::int64_t> entry_of_task;  ///< -1 if the task is missing
  int unknown_tasks = 0;                    ///< entries whose task is not in the graph
  int cost_mismatches = 0;                  ///< durations that differ from the graph's costs
};

/// The results' schedules mapped onto the model, built lazily per result index.
struct DagScheduleCache {
  const void* results = nullptr;
  const DagModel* model = nullptr;
  std::vector<std::unique_ptr<DagSchedule>> by_index;
};

/// The Gantt tab's charts (view_gantt.cpp).
struct DagGanttCache {
  const void* results = nullptr;
  const DagModel* model = nullptr;
  int colour_by = 0;                                // 0 layer, 1 critical path, 2 processor
  std::vector<std::unique_ptr<GanttChart>> charts;  // per result index, built lazily
  double max_makespan = 0;
  bool shared_valid = false;
  double shared_t0 = 0, shared_t1 = 1;
};

/// The Steps tab (view_steps.cpp): the trace shown and the worker recording one.
struct DagStepsState {
  std::string want;  // model key | algorithm | processors | seed
  std::string have;
  DagTrace trace;
  BackgroundJob<DagTrace> worker;
  std::string worker_key;
  int step = 0;
  bool playing = false;
  double clock = 0;
  GanttChart partial;
  int partial_step = -1;
  int applied_ui_step = 0;
  int trace_gen = 0;  // bumped whenever `trace` is replaced
  int partial_gen = -1;
};

/// The form's slider being dragged on a large graph (applied on release, form.cpp).
struct DagDeferredSlider {
  std::string label;
  double value = 0;
};

struct DagViewState {
  std::shared_ptr<const DagModel> model;  ///< the current graph (may lag the scenario briefly)
  BackgroundJob<std::shared_ptr<DagModel>> builder;
  std::string wanted_key;  ///< graph_key of the current scenario
  const void* scenario_identity = nullptr;
  TabRequest tabs;         ///< 0 graph, 1 gantt, 2 steps (from scenario "ui")
  std::string applied_ui;  ///< the "ui" object last applied
  bool compare = false;    ///< Gantt: all algorithms stacked
  // Graph tab view: world centre, pixels per slot (x) and per layer (y); fit next frame if `fit`.
  double cx = 0, cy = 0, sx = 1, sy = 1;
  bool fit = true;
  double ui_zoom = 1;  ///< zoom after the next fit (scenario "ui": {"zoom": k}), centred on the top
  int colour_mode = 0;  ///< 0 critical path / slack, 1 processor of the selected result
  bool show_comm = false;

  mutable DagScheduleCache schedules;  // filled lazily by dag_schedule(const App&, ...)
  DagGanttCache gantt;
  DagStepsState steps;
  DagDeferredSlider deferred;
};

}  // namespace loadlab::app
