// The partition kind's descriptor table (registry.cpp). The methods' common interface and the
// dispatcher are in partition.h.
#pragma once

#include <vector>

#include "core/common/algorithm_info.h"

namespace loadlab::core {

/// Table 1 methods of Houstis et al.'s survey, then the METIS baseline (names are contracts).
const std::vector<AlgorithmInfo>& partition_algorithm_table();

}  // namespace loadlab::core
