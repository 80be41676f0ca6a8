// Adaptive guided self-scheduling (AGSS).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 (adaptive GSS [39], Eager &
// Zahorjan).
//
// The survey gives AGSS only by two properties: (1) "a back-off method to reduce the number of
// processors competing for iterations during periods of contention", and (2) it "avoids assigning
// all the time-consuming iterations to one processor by assigning consecutive iterations to
// different processors". The original report [39] is not among the seeds, so LoadLab models
// exactly these two properties (this is our reading, stated in the formula shown to users):
//  - property (2): the first half of the loop, S = floor(N/2) iterations, is dealt out statically
//  in
//    blocks of b = max(1, ceil(S/P^2)) iterations, block j -> processor j mod P, so neighbouring
//    blocks (and correlated costs) land on different processors;
//  - property (1): the second half is taken from a central queue with GSS(k) chunks
//    max(k, ceil(R/P)). Processors reach the queue only when their static share is done, so they
//    arrive staggered instead of all competing at the start of the loop.
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_agss_dispenser(const LoopParams& s) {
  check_loop_params(s);
  const std::int64_t n = s.iterations, p = s.processors, k = s.min_chunk;
  const std::int64_t split = n / 2;
  std::int64_t block = ceil_div(split, p * p);
  if (block < 1) block = 1;
  std::vector<std::int64_t> bounds =
      bounds_from_sizes(n - split, [&](std::int64_t r, std::int64_t) {
        const std::int64_t c = ceil_div(r, p);
        return c < k ? k : c;
      });
  for (auto& b : bounds) b += split;
  return make_static_then_sequence_dispenser(split, s.processors, block, std::move(bounds));
}
}  // namespace

LoopTechnique agss_technique() {
  return {
      "agss", "Adaptive guided self-scheduling",
      "houstis1996 §3.1 (adaptive GSS, its reference [39]; LoadLab models its two stated "
      "properties)",
      "first S = floor(N/2) iterations: static blocks of b = ceil(S/P^2), block j -> thread j mod "
      "P "
      "(consecutive iterations to different processors); rest: central queue with "
      "chunk = max(k, ceil(R/P)) (threads arrive staggered: back-off)",
      make_agss_dispenser};
}

}  // namespace loadlab::core
