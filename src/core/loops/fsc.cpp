// Fixed-size chunking (FSC, Kruskal & Weiss).
// Not in the survey; added from the field as LB4OMP defines it (kmp_sch_fsc): the chunk size that
// balances scheduling overhead h against the spread sigma of iteration times,
// K = (sqrt(2) * N * h / (sigma * P * sqrt(ln P)))^(2/3), truncated to an integer like LB4OMP,
// at least max(1, k). Where the formula is undefined (P = 1, sigma = 0 or h = 0) we use its limit:
// sigma = 0 or P = 1 -> one chunk per processor, ceil(N/P); h = 0 -> k.
#include <cmath>

#include "core/loops/all_techniques.h"

namespace loadlab::core {

std::int64_t fsc_chunk_size(const LoopParams& s) {
  const std::int64_t n = s.iterations, p = s.processors;
  if (n == 0) return 1;
  const std::int64_t whole = ceil_div(n, p);
  if (p == 1 || s.sd_cost <= 0) return whole;
  if (s.overhead <= 0) return s.min_chunk;
  const double u = std::sqrt(2.0) * static_cast<double>(n) * s.overhead;
  const double l = s.sd_cost * static_cast<double>(p) * std::sqrt(std::log(static_cast<double>(p)));
  const double k = std::pow(u / l, 2.0 / 3.0);
  if (!(k < static_cast<double>(whole))) return whole;
  const auto c = static_cast<std::int64_t>(k);
  return c < s.min_chunk ? s.min_chunk : c;
}

namespace {
std::unique_ptr<ChunkDispenser> make_fsc(const LoopParams& s) {
  check_loop_params(s);
  return make_uniform_dispenser(s.iterations, fsc_chunk_size(s));
}
}  // namespace

LoopTechnique fsc_technique() {
  return {"fsc", "Fixed-size chunking",
          "kruskal1985; lb4omp (fixed-size chunking as LB4OMP defines it)",
          "K = floor((sqrt(2)*N*h / (sigma*P*sqrt(ln P)))^(2/3)), at least k, at most ceil(N/P); "
          "sigma from the cost profile, h = overhead",
          make_fsc};
}

}  // namespace loadlab::core
