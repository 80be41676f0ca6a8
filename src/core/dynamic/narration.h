// The dynamic kind's narration: the events of one chosen node in time order (it becomes idle or
// busy, it sends or receives tasks and why, in its strategy's terms: "node 5 is idle and steals
// half of node 2's queue"), and every RIPS system phase. Built from the run's records
// (DynamicRunOptions::record), so it costs nothing when a run is not narrated.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/dynamic/simulator.h"
#include "core/dynamic/strategies.h"

namespace loadlab::core {

/// Short pseudo-code of a dynamic strategy; empty if unknown.
std::vector<std::string> dynamic_pseudocode(std::string_view algorithm);

/// The node whose events are the most telling by default: the one with the most migrations in
/// or out (ties: the lowest index); when nothing migrated, the busiest.
int dynamic_narrated_node(const DynamicRunResult& run, int nodes);

/// Narrates `node`'s events in `run` of `algorithm` (params: the strategy's settings, for the
/// rule each caption quotes). Step k is the k-th event of that node, in time order.
Narration dynamic_narration(std::string_view algorithm, const DynamicParams& params,
                            const DynamicRunResult& run, int node);

}  // namespace loadlab::core
