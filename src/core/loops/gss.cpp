// Guided self-scheduling, GSS(k).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("each processor is allocated
// 1/P-th of the remaining loop iterations"). The minimum chunk k is Polychronopoulos & Kuck's
// GSS(k) (k = 1 is plain GSS).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

std::vector<std::int64_t> gss_bounds(const LoopParams& s) {
  const std::int64_t p = s.processors, k = s.min_chunk;
  return bounds_from_sizes(s.iterations, [&](std::int64_t r, std::int64_t) {
    const std::int64_t c = ceil_div(r, p);
    return c < k ? k : c;
  });
}

namespace {
std::unique_ptr<ChunkDispenser> make_gss_dispenser(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(gss_bounds(s));
}
}  // namespace

LoopTechnique gss_technique() {
  return {
      "gss", "Guided self-scheduling",
      "houstis1996 §3.1 (guided self-scheduling of Polychronopoulos & Kuck, its reference [118])",
      "chunk = max(k, ceil(R/P)), R = iterations remaining in the central queue, k = min_chunk",
      make_gss_dispenser};
}

}  // namespace loadlab::core
