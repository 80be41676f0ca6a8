// Algorithm A': divisible load on a hypercube with finite buffers B and granularity δ.
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 4.2, Example 4.
#pragma once

#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// Truncates the cube at the deepest layer k (k = d..1) whose IBS schedule gives every processor
/// at least δ. Status not_enough_buffers if L does not fit the whole cube's buffers,
/// no_feasible_layer if no truncation both fits the buffers and meets δ.
DltResult dlt_algorithm_a_prime(const DltParams& p, double buffer, double granularity);

}  // namespace loadlab::core
