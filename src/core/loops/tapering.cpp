// Tapering (Lucco).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("uses execution profile information
// to estimate the average iteration time and the variance ... to select a chunk size that, with
// high probability, limits the amount of load imbalance"). The chunk rule is Lucco's as LB4OMP
// implements it (kmp_sch_tap): T = R/P, v = alpha*sigma/mu, chunk = max(k, ceil(T + v^2/2 -
// v*sqrt(2T + v^2/4))). With sigma = 0 it is GSS.
#include <cmath>

#include "core/loops/all_techniques.h"

namespace loadlab::core {

std::vector<std::int64_t> tapering_bounds(const LoopParams& s) {
  const double v = s.tapering_alpha * s.sd_cost / s.mean_cost;
  return bounds_from_sizes(s.iterations, [&](std::int64_t r, std::int64_t) {
    const double t = static_cast<double>(r) / s.processors;
    const auto c =
        static_cast<std::int64_t>(std::ceil(t + v * v / 2 - v * std::sqrt(2 * t + v * v / 4)));
    return c < s.min_chunk ? s.min_chunk : c;
  });
}

namespace {
std::unique_ptr<ChunkDispenser> make_tapering(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(tapering_bounds(s));
}
}  // namespace

LoopTechnique tapering_technique() {
  return {"tapering", "Tapering",
          "houstis1996 §3.1 (tapering of Lucco, its reference [96]); lb4omp (the chunk rule of its "
          "TAP)",
          "T = R/P, v = alpha*sigma/mu; chunk = max(k, ceil(T + v^2/2 - v*sqrt(2T + v^2/4))); "
          "mu, sigma from the cost profile",
          make_tapering};
}

}  // namespace loadlab::core
