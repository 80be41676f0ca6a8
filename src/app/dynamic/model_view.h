// What the dynamic view draws, read from the typed scenario (io::DynamicScenario: topology,
// workload) and the typed results (io::DynamicResult: the strategy's run with its task, migration
// and timeline logs): no result JSON is parsed back. Headless (no ImGui), tested in tests/app.
// Papers: 000 §1/§6, 002 §2.5, 003 (../shared/seeds/); docs/scenario-dynamic.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "io/kinds/dynamic.h"

namespace loadlab::app {

struct DynamicStrategyData {
  std::shared_ptr<const io::DynamicResult> result;
  std::string name, title, paper;
  bool verified = false;
  const core::DynamicRunResult& run() const { return result->run; }
};

struct DynamicViewModel {
  std::shared_ptr<const io::DynamicScenario>
      scenario;                     ///< null when the state holds no dynamic scenario
  std::vector<core::Point> layout;  ///< the topology's layout (network animation)
  std::vector<DynamicStrategyData> strategies;
};

/// The view model of the current dynamic scenario and its typed results.
DynamicViewModel dynamic_view_model(const AppState& st);

/// Tasks at each node (queued + running; a migrating task counts at its destination only once it
/// arrived) sampled at `times`: value[t][v]. Derived from the task and migration logs: a task is at
/// its origin from `appear` until its first migration departs, at each migration's destination from
/// `arrive` until the next departs, and leaves the system at `end`.
struct DynamicLoadSeries {
  std::vector<double> times;
  std::vector<std::vector<std::int32_t>> value;
  std::vector<std::int32_t> in_flight;  ///< tasks migrating at each sample time
};
DynamicLoadSeries dynamic_load_series(const core::DynamicRunResult& run, int nodes,
                                      const std::vector<double>& times);

/// `samples` evenly spaced times over [0, completion_time] (both ends included; samples >= 2).
std::vector<double> dynamic_sample_times(const core::DynamicRunResult& run, int samples);

/// The migrations in flight at time t (depart <= t < arrive), at most `limit` of them.
std::vector<const core::MigrationRecord*> migrations_in_flight(const core::DynamicRunResult& run,
                                                               double t, std::size_t limit);

/// Colour of a node state in the processor x time chart (packed RGBA as ImU32).
std::uint32_t dynamic_state_colour(core::NodeState s);

}  // namespace loadlab::app
