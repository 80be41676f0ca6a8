// The dlt kind's narration: each layer of the hypercube (what one processor receives, keeps and
// forwards), each truncation Algorithm A / A' tries, and each IBS round, with the run's numbers
// (X. Li, B. Veeravalli and C. C. Ko, "Divisible Load Scheduling on a Hypercube Cluster with
// Finite-size Buffers and Granularity Constraints", 2001).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// Short pseudo-code of a dlt algorithm; empty if unknown.
std::vector<std::string> dlt_pseudocode(std::string_view algorithm);

/// Narrates one solver's result. Steps: Algorithm A / A' first narrate their truncation trials;
/// IBS and A' then narrate one step per IBS round (Table 1's rows); the closed form and
/// Algorithm A narrate one step per layer of the schedule. An infeasible result narrates its trials
/// and one step saying why no schedule exists.
Narration dlt_narration(std::string_view algorithm, const DltParams& params,
                        const DltResult& result, std::optional<double> buffer,
                        std::optional<double> granularity);

}  // namespace loadlab::core
