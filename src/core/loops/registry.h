// The loop kind's descriptor table. The techniques themselves (one file each) and their chunk
// dispensers are declared in technique.h; techniques.cpp defines this table.
#pragma once

#include <vector>

#include "core/common/algorithm_info.h"

namespace loadlab::core {

/// One row per technique in the order of loop_techniques(): name, title, paper (= source) and
/// formula come from the technique, the description and complexity from techniques.cpp.
const std::vector<AlgorithmInfo>& loop_algorithm_table();

}  // namespace loadlab::core
