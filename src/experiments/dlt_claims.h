// Conjecture 1 of Li, Veeravalli & Ko, "Divisible Load Scheduling on a Hypercube Cluster with
// Finite-size Buffers and Granularity Constraints" (2001), Section 4.1 ("The IBS algorithm
// produces the optimal schedule"), judged against an independent optimum on random instances.
#pragma once

#include <cstdint>

#include "core/dlt/dlt_types.h"
#include "experiments/verdict.h"

namespace loadlab::experiments {

/// The least finish time of any schedule of load p.load on the p.dim-cube with buffers `buffer`
/// under the paper's store-and-forward timing (Fig 2): bisection on the deadline T with a greedy
/// feasibility test that is exact (see dlt_claims.cpp). Relative accuracy 1e-12. Throws
/// std::invalid_argument when the load exceeds the buffer space or the parameters are outside
/// DltLimits.
double dlt_optimal_finish_time(const core::DltParams& p, double buffer);

/// Conjecture 1 on `cases` random instances (d = 1..6, E, C in [0.1, 5), L in [10, 1000), B from
/// 1.02 to 6 times L / 2^d); the measured value is the number of counterexamples. Throws
/// std::invalid_argument when cases is outside 1..100000.
ClaimResult judge_dlt_conjecture1(std::uint64_t seed, int cases);

}  // namespace loadlab::experiments
