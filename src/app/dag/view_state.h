// Everything the "dag" kind's form and views keep between frames: one DagViewState, owned by App
// (dag_state(app), the kind room). The model and step traces are computed by BackgroundJobs; the
// rest are caches keyed by the results' identity and view settings (some from the scenario's "ui",
// model/ui_state.h).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "app/dag/model_adversary.h"
#include "app/dag/model_graph.h"
#include "app/model/background_job.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/tabs.h"
#include "core/common/narration.h"
#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "io/kind.h"

namespace loadlab::app {

/// The Task graph view's tabs, in order: their names in a link's "ui"."tab".
inline constexpr std::initializer_list<const char*> kDagTabs = {"graph", "gantt", "steps",
                                                                "adversary"};

/// A result's schedule with task indices of the model's graph.
struct DagSchedule {
  std::string algorithm;
  int processors = 1;  ///< rows (DSC may use more than the scenario's P)
  double makespan = 0;
  std::vector<core::ScheduleEntry> entries;
  std::vector<std::int64_t> entry_of_task;  ///< its own (non-duplicate) entry; -1 if missing
  int duplicates = 0;                       ///< entries that are copies (dsh, cpfd)
  int unknown_tasks = 0;                    ///< entries whose task is not in the graph
  int cost_mismatches = 0;                  ///< durations that differ from the task's time there
  /// The machine the schedule ran on: null = identical processors. Owned by `owner`.
  const core::Machine* machine = nullptr;
  io::ScenarioPtr owner;
  double lower_bound = 0;  ///< the result's lower bound (the machine's, docs/scenario-dag.md)

  /// Time task t takes on processor p: the machine's time (an extra processor of unbounded DSC
  /// is like processor 0), else the task's cost.
  double exec(const core::TaskGraph& g, core::TaskId t, int p) const {
    if (!machine || machine->trivial()) return g.comp(t);
    return machine->exec(g, t, p < machine->processors ? p : 0);
  }
  /// Time an edge's data takes from p to q (free on the same processor).
  double comm(double data, int p, int q) const {
    if (!machine || machine->trivial()) return p == q ? 0.0 : data;
    const int n = machine->processors;
    return p == q ? 0.0 : machine->comm(data, p < n ? p : 0, q < n ? q : 0);
  }
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
  int ui_step = 0;                       // the scenario's "ui"."step", 0: none
  std::uint64_t ui_step_generation = 0;  // the AppState::generation ui_step was read from
  int trace_gen = 0;                     // bumped whenever `trace` is replaced
  int partial_gen = -1;
  /// The trace's captions for the shell's caption strip (core/dag/narration.h), for `trace_gen`.
  std::shared_ptr<const core::Narration> narration;
  int narration_gen = -1;
};

/// The form's slider being dragged on a large graph (applied on release, form.cpp).
struct DagDeferredSlider {
  std::string label;
  double value = 0;
};

/// The Adversary tab (view_adversary.cpp): its settings ("ui"."adversary") and runners.
struct DagAdversaryState {
  AdversarySettings settings;
  bool shown = false;  ///< the tab was opened: its settings go into the link's "ui" from now on
  AdversaryRunner search;
  PairwiseRunner pairwise;
  std::string error;  ///< why the last Start was refused (start instance, limits)
};

struct DagViewState {
  std::shared_ptr<const DagModel> model;  ///< the current graph (may lag the scenario briefly)
  BackgroundJob<std::shared_ptr<DagModel>> builder;
  std::uint64_t wanted_key = 0;           ///< the current graph's dag_graph_identity, 0: none
  std::uint64_t scenario_generation = 0;  ///< AppState::generation wanted_key was read from
  TabRequest tabs;         ///< 0 graph, 1 gantt, 2 steps, 3 adversary (from scenario "ui")
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
  DagAdversaryState adversary;
  // The form's speeds field (form.cpp): its text while edited, the value it shows, a parse error.
  std::string speeds_edit, speeds_edit_for, speeds_error;
  bool speeds_active = false;
};

}  // namespace loadlab::app
