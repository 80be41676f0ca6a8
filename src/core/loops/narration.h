// The loop kind's narration: one caption per chunk handed out, with the technique's chunk rule
// evaluated on the run's own numbers ("factoring batch 2: chunk = max(k, ⌈R/(2P)⌉) = ⌈250/8⌉ =
// 32"), and the short pseudo-code the captions point into.
// Rules: Houstis, Kapidakis, Markatos & Gelenbe, "Execution of Compute-Intensive Applications
// into Parallel Machines" (1996), Section 3.1; each technique's file cites its own source.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/narration.h"
#include "core/loops/simulator.h"

namespace loadlab::core {

/// Short pseudo-code of a technique (the help panel's and the captions'); empty if unknown.
std::vector<std::string> loop_pseudocode(std::string_view algorithm);

/// Narrates `run` (a result of simulate_loop with `technique` on `params`): step k is the k-th
/// chunk of run.chunks, in hand-out order. Chunks not kept in run.chunks are summarised in one
/// last step.
Narration loop_narration(const LoopTechnique& technique, const LoopParams& params,
                         const LoopRunResult& run);

}  // namespace loadlab::core
