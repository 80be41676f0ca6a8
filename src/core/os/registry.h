// The os kind's descriptor table: one row per scheduling policy (registry.cpp). The model the
// policies run on is in model.h.
#pragma once

#include <vector>

#include "core/common/algorithm_info.h"

namespace loadlab::core {

/// The policies' descriptor table (names are contracts).
const std::vector<AlgorithmInfo>& os_algorithm_table();

}  // namespace loadlab::core
