// Algorithm A: divisible load on a hypercube with a granularity constraint δ, infinite buffers.
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 3.2, Example 2.
#pragma once

#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// Truncates the cube at the deepest layer k (k = d..1) whose closed-form schedule gives every
/// processor at least δ; status no_feasible_layer if even k = 1 does not.
DltResult dlt_algorithm_a(const DltParams& p, double granularity);

}  // namespace loadlab::core
