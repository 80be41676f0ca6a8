// Divisible load on a hypercube with infinite buffers: recursions (1) and (3).
// Paper: ../shared/seeds/004_11d6ddba309eeb28.txt, Section 3.1, eqs (1)-(3), Example 1.
#pragma once

#include <vector>

#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// Recursion (3) with α_k = 1 at the last layer k (k = d: the whole cube), branching of the d-cube.
std::vector<double> dlt_alphas(const DltParams& p, int last_layer);

/// Recursion (1) unrolled from layer `from`: per-processor L_i for i = from..last_layer given
/// L_from (entries below `from` are 0). IBS's M(q, i-1) is this with L_q = 1 (ERRATA 004).
std::vector<double> dlt_received(const DltParams& p, int last_layer,
                                 const std::vector<double>& alpha, int from, double L_from);

/// The optimal schedule without buffer limits: all layers 0..last_layer finish together at
/// T* = α_0·L·E. last_layer < 0 means d.
DltResult dlt_closed_form(const DltParams& p, int last_layer = -1);

}  // namespace loadlab::core
