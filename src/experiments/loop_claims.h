// The loop-scheduling claims of Houstis, Kapidakis, Markatos & Gelenbe's survey (1996), Section
// 3.1, judged on the loop simulator (core/loops/simulator.h): `loadlab reproduce loops`.
#pragma once

#include <cstdint>
#include <vector>

#include "experiments/verdict.h"

namespace loadlab::experiments {

struct LoopClaimOptions {
  std::uint64_t seed = 1;
  /// Random loops per claim where costs are random (the survey gives no count).
  int cases = 100;
};

/// One claim per statement of Section 3.1 in the survey's order. Throws std::invalid_argument when
/// cases is outside 1..100000.
std::vector<ClaimResult> judge_loop_claims(const LoopClaimOptions& options);

}  // namespace loadlab::experiments
