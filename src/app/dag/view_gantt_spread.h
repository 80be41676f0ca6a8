// The Gantt chart's spread under random costs (core/dag/stochastic.h): each task's end as a
// shaded p5-p95 band with whiskers, and the makespan's p5-p95 on the time axis. Drawn over a
// GanttChart right after its draw(), from the result's Monte-Carlo evaluation.
#pragma once

#include "app/widgets/gantt_chart.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

/// Draws the spread of `r`'s schedule over `chart` (nothing when r has no makespan
/// distribution or no per-task spread). Rows are the entries' processors.
void draw_dag_gantt_spread(const GanttChart& chart, const io::DagRunResult& r, float ui_scale);

/// One line for the chart's summary: "random costs, 2000 runs: mean .. | p5..p95 .." ("" when
/// the result has no distribution).
std::string dag_spread_summary(const io::DagRunResult& r);

}  // namespace loadlab::app
