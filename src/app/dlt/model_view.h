// What the DLT view draws, read from the typed results (io::DltRunResult: the core schedule, IBS
// iterations and truncation trials) and the typed scenario (io::DltScenario): no result JSON is
// parsed back. Headless (no ImGui), tested in tests/app.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "core/dlt/dlt_types.h"
#include "io/kinds/dlt.h"

namespace loadlab::app {

struct DltPhase {
  double start = 0, end = 0;
};
/// Fig 2: what one processor of a layer does, and when.
struct DltLayerTiming {
  int layer = 0;
  long long processors = 0;  ///< C(d, layer)
  DltPhase receive, compute, forward;
};

/// One algorithm's result as the views show it (vectors indexed by layer, dim + 1 entries).
struct DltViewResult {
  std::shared_ptr<const io::DltRunResult> result;
  std::string name;
  bool feasible = false, verified = false;
  std::string status;       ///< core::dlt_status_name
  std::string error, note;  ///< why infeasible / a note on a feasible schedule
  double finish_time = 0;   ///< T* (0 when infeasible)
  int last_layer = -1;      ///< -1 when infeasible
  std::vector<double> alpha, received, per_processor, per_layer;
  std::vector<long long> processors;
  std::vector<DltLayerTiming> timing;     ///< layers 0..last_layer, empty when infeasible
  std::vector<core::IbsIteration> steps;  ///< IBS iterations (buffered algorithms only)
  std::vector<core::DltTrial> trials;     ///< truncation trials (granular algorithms only)
  bool trials_check_buffers = false;      ///< the trials test the buffers too (Algorithm A')
};

struct DltViewModel {
  std::vector<DltViewResult> res;
  int dim = 0;
  double E = 1, C = 1, load = 1;
  std::optional<double> buffer, granularity;
};

/// The view model of the current dlt scenario and its typed results (empty `res` when the state
/// holds no dlt results).
DltViewModel dlt_view_model(const AppState& st);

}  // namespace loadlab::app
