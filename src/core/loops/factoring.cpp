// Factoring (FAC), Hummel, Schonberg & Flynn.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("allocation ... proceeds in
// successive phases. During each phase, only a subset of the remaining loop iterations (usually one
// half) is divided equally among the available processors").
// "factoring" is the survey's rule: half of what remains per batch (the same batches as FAC2,
// fac2.cpp). "factoring_prob" keeps the probabilistic rule of Hummel et al. that sizes the subset
// from the iteration-time profile (mean mu, standard deviation sigma), in the form LB4OMP
// implements it (kmp_sch_fac): b_j = P*sigma / (2*mu*sqrt(R_j)), x_0 = 1 + b^2 + b*sqrt(b^2 + 2),
// x_j = 2 + b^2 + b*sqrt(b^2 + 4) (j >= 1), chunk_j = ceil(R_j/(x_j*P)). Its first batch is not
// "usually one half": with sigma small against mu*sqrt(N) it is nearly the whole loop (sigma = 0:
// the whole loop in P equal chunks), which is why it is not the survey's row.
#include <cmath>

#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {

// P chunks of size(R_j, j) per batch, each clamped to what is left.
template <class BatchSize>
std::vector<std::int64_t> batch_bounds(std::int64_t n, int p, std::int64_t min_chunk,
                                       BatchSize size) {
  std::vector<std::int64_t> b{0};
  std::int64_t next = 0;
  for (std::int64_t batch = 0; next < n; ++batch) {
    std::int64_t c = size(n - next, batch);
    if (c < min_chunk) c = min_chunk;
    for (int i = 0; i < p && next < n; ++i) {
      next += c < n - next ? c : n - next;
      b.push_back(next);
    }
  }
  return b;
}

}  // namespace

std::vector<std::int64_t> factoring_prob_bounds(const LoopParams& s) {
  const double bf = s.processors * s.sd_cost / (2.0 * s.mean_cost);
  return batch_bounds(s.iterations, s.processors, s.min_chunk, [&](std::int64_t r, std::int64_t j) {
    const double b = bf / std::sqrt(static_cast<double>(r));
    const double x =
        j == 0 ? 1 + b * b + b * std::sqrt(b * b + 2) : 2 + b * b + b * std::sqrt(b * b + 4);
    return static_cast<std::int64_t>(std::ceil(static_cast<double>(r) / (x * s.processors)));
  });
}

std::vector<std::int64_t> fac2_bounds(const LoopParams& s) {
  const std::int64_t twice_p = 2 * static_cast<std::int64_t>(s.processors);
  return batch_bounds(s.iterations, s.processors, s.min_chunk,
                      [&](std::int64_t r, std::int64_t) { return ceil_div(r, twice_p); });
}

std::vector<std::int64_t> factoring_bounds(const LoopParams& s) {
  return fac2_bounds(s);
}

namespace {
std::unique_ptr<ChunkDispenser> make_factoring(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(factoring_bounds(s));
}
std::unique_ptr<ChunkDispenser> make_factoring_prob(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(factoring_prob_bounds(s));
}
}  // namespace

LoopTechnique factoring_technique() {
  return {"factoring", "Factoring",
          "houstis1996 §3.1 (factoring: \"usually one half\" per phase); hummel1992",
          "batch j: P chunks of max(k, ceil(R_j/(2P))), R_j = remaining at the start of batch j",
          make_factoring};
}

LoopTechnique factoring_prob_technique() {
  return {"factoring_prob", "Factoring (probabilistic batch size)",
          "hummel1992 (batch size as in LB4OMP's FAC); lb4omp; houstis1996 §3.1",
          "batch j of P chunks of ceil(R_j/(x_j*P)); b = P*sigma/(2*mu*sqrt(R_j)), "
          "x_0 = 1 + b^2 + b*sqrt(b^2+2), x_j = 2 + b^2 + b*sqrt(b^2+4); mu, sigma from the cost "
          "profile",
          make_factoring_prob};
}

}  // namespace loadlab::core
