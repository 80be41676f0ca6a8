// The dynamic kind's descriptor table and its one entry point.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/common/algorithm_info.h"
#include "core/dynamic/strategies.h"

namespace loadlab::core {

/// none, random, sender, receiver, work_stealing, gradient, rips (names are contracts).
const std::vector<AlgorithmInfo>& dynamic_algorithm_table();

/// The strategy named `algorithm` (one of the table's names) with its settings; throws
/// std::invalid_argument for an unknown name.
std::unique_ptr<DynamicStrategy> make_named_strategy(const std::string& algorithm,
                                                     const DynamicParams& params,
                                                     const Topology& topology);

/// Simulates `algorithm` on the workload. Throws std::invalid_argument for an unknown name,
/// DynamicLimitError when a limit is hit, std::runtime_error when cancelled.
DynamicRunResult run_dynamic(const std::string& algorithm, const Topology& topology,
                             const DynamicWorkload& workload, const DynamicCosts& costs,
                             const DynamicParams& params, const DynamicRunOptions& options = {});

}  // namespace loadlab::core
