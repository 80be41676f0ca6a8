// Independent checks of divisible-load schedules on a hypercube (paper 004).
//
// The verifier recomputes everything from the per-layer α_i and L_i with its own arithmetic: load
// conservation along the layers, the total, buffer and granularity limits, the Fig 2 timing, and
// the optimality principle (processors that are not stopped by a full buffer finish together).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dlt/dlt_types.h"

namespace loadlab::core {

/// The constraints a schedule was computed under (absent = unlimited / infinitely divisible).
struct DltConstraints {
  std::optional<double> buffer;
  std::optional<double> granularity;
};

struct DltVerification {
  bool ok = true;
  std::vector<std::string> problems;  // empty when ok
};

/// Checks a schedule: shapes, ℓ_0 = L, recursion (1) between layers, Σ C(d,i)·α_i·L_i = L,
/// α_i·L_i <= B, α_i·L_i >= δ, the timing diagram and equal finish times where theory says so.
DltVerification verify_dlt_schedule(const DltParams& p, const DltSchedule& s,
                                    const DltConstraints& c);

/// Checks a claim that no schedule exists: "not enough buffers" (L > B·2^d) or "no feasible
/// schedule" under granularity (even the cube cut after layer 1 gives someone less than δ).
DltVerification verify_dlt_infeasible(const DltParams& p, DltStatus status,
                                      const DltConstraints& c);

/// verify_dlt_schedule for feasible results, verify_dlt_infeasible otherwise.
DltVerification verify_dlt_result(const DltParams& p, const DltResult& r, const DltConstraints& c);

}  // namespace loadlab::core
