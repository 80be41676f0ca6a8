// The "dynamic" scenario kind: tasks arrive, spawn and run while strategies balance them
// (papers 000 §1/§6, 002 §2.5, 003). Format: docs/scenario-dynamic.md.
#pragma once

#include <string>
#include <vector>

#include "core/dynamic/registry.h"
#include "core/model/topology.h"
#include "io/kind.h"
#include "io/scenario.h"

namespace loadlab::io {

struct DynamicScenario : TypedScenario {
  explicit DynamicScenario(core::Topology t) : topology(std::move(t)) {}
  core::Topology topology;
  core::DynamicWorkload workload;
  core::DynamicCosts costs;
  core::DynamicParams params;
};

/// The timeline is written in full up to this many intervals, else decimated into bins.
constexpr std::size_t kDynamicTimelineIntervals = 20'000;

struct DynamicResult : TypedResult {
  core::DynamicRunResult run;
  std::string inner;  ///< rips: the balancing algorithm of its system phases
  Json to_json() const override;
};

/// Reads and validates a dynamic scenario (throws ScenarioError naming the field).
std::shared_ptr<DynamicScenario> read_dynamic_scenario(const JsonReader& scenario);

/// Runs one strategy of a parsed scenario and checks it with the independent verifier.
std::shared_ptr<DynamicResult> run_dynamic_strategy(const DynamicScenario& scenario,
                                                    const std::string& algorithm,
                                                    const std::atomic<bool>* cancel = nullptr);

/// The timeline as written into results: full, or (above kDynamicTimelineIntervals intervals)
/// each node's dominant state per fixed-width bin, adjacent equal bins merged.
Json dynamic_timeline_json(const core::DynamicRunResult& run);

}  // namespace loadlab::io
