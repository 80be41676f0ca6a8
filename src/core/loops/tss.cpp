// Trapezoid self-scheduling (Tzen & Ni).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("The first chunk is of size N/(2P),
// and consecutive chunks differ in size N/(8P^2) iterations"). Chunk i (from 0) is therefore
// ceil(N/(2P) - i*N/(8P^2)) = ceil(N*(4P - i) / (8P^2)), computed in integers so no rounding error
// can change a size; the sizes reach 0 after 4P chunks, when they have covered about N + N/(4P)
// iterations, so the last chunk is cut to what remains (and never drops below 1).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

std::vector<std::int64_t> tss_bounds(const LoopParams& s) {
  const std::int64_t n = s.iterations, p = s.processors, denom = 8 * p * p;
  return bounds_from_sizes(n, [&](std::int64_t, std::int64_t i) {
    const std::int64_t num = n * (4 * p - i);
    return num <= 0 ? std::int64_t{1} : ceil_div(num, denom);
  });
}

namespace {
std::unique_ptr<ChunkDispenser> make_tss(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(tss_bounds(s));
}
}  // namespace

LoopTechnique tss_technique() {
  return {"tss", "Trapezoid self-scheduling",
          "houstis1996 §3.1 (trapezoid self-scheduling of Tzen & Ni, its reference [154])",
          "chunk_i = max(1, ceil(N/(2P) - i*N/(8P^2))), i = 0, 1, ... (first N/(2P), constant "
          "decrement N/(8P^2))",
          make_tss};
}

}  // namespace loadlab::core
