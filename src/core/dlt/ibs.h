// IBS (Incremental Balancing Strategy): divisible load on a hypercube with finite buffers B.
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 4, Table 1, Example 3 / Table 2.
#pragma once

#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// Runs Table 1 on the cube truncated at last_layer (< 0: the whole cube, d). Status
/// not_enough_buffers if L exceeds the buffer space of layers 0..last_layer, filled_exactly if it
/// equals it (every processor computes B), else ok with one IbsIteration per iteration.
DltResult dlt_ibs(const DltParams& p, double buffer, int last_layer = -1);

}  // namespace loadlab::core
