// Everything the "dlt" kind's view keeps between frames: one DltViewState, owned by App (App::dlt):
// the results rebuilt when they change, the timing-diagram chart, the IBS step shown and the tab to
// bring to the front.
#pragma once

#include <string>
#include <vector>

#include "app/model/results_follower.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/tabs.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct DltPhase {
  double start = 0, end = 0;
};
struct DltLayerTiming {
  int layer = 0;
  long long processors = 0;
  DltPhase receive, compute, forward;
};
struct DltIbsStep {
  int k = 0, q = 0;
  double L_q = 0, X = 0, remaining = 0;
  bool stop = false;
  std::vector<double> alpha, L, buffers_left;
};
struct DltResult {
  std::string name;
  bool feasible = false, verified = false;
  std::string status, error, note;
  double finish_time = 0;
  int last_layer = -1;
  std::vector<double> alpha, received, per_processor, per_layer;
  std::vector<long long> processors;
  std::vector<DltLayerTiming> timing;
  std::vector<DltIbsStep> steps;
  io::Json trials;
};

struct DltViewState {
  std::vector<DltResult> res;
  double buffer = 0, granularity = 0;
  bool has_buffer = false, has_granularity = false;
  int dim = 0;
  double E = 1, C = 1;
  GanttChart gantt;
  int gantt_for = -1;
  bool log_loads = false;
  int step = -1;  // IBS step shown (-1 = the last)
  ResultsFollower follow;  // results identity, selection by name, "ui" applied once
  TabRequest tabs;  // 0 timing, 1 loads, 2 IBS steps
};

}  // namespace loadlab::app
