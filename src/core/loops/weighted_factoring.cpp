// Weighted factoring (WF, Hummel et al.), as defined in LB4OMP (kmp_sch_wf).
// Not in the survey; added from the field because LoadLab's model has processor speeds. Batch j has
// the FAC2 base size c_0 = ceil(N/(2P)), c_j = ceil(c_{j-1}/2); a request from thread t in batch j
// gets ceil(w_t * c_j) iterations (w_t = relative weight; default: the processor speeds scaled to
// sum P). Batch j = (number of chunks handed out so far) / P, as LB4OMP counts it.
//
// The chunk size depends on who asks, so there is no precomputed sequence: one 64-bit atomic holds
// (chunks handed out, next iteration) and each request is a compare-and-swap on both.
#include <cmath>

#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {

class WeightedFactoringDispenser final : public ChunkDispenser {
 public:
  WeightedFactoringDispenser(const LoopParams& s)
      : n_(s.iterations), p_(s.processors), min_chunk_(s.min_chunk), weights_(s.weights) {
    if (weights_.empty()) weights_.assign(static_cast<std::size_t>(p_), 1.0);
  }

  LoopChunk next(int thread) override {
    std::uint64_t w = state_.load();
    for (;;) {
      const auto count = static_cast<std::int64_t>(w >> 32);
      const auto next = static_cast<std::int64_t>(w & 0xFFFFFFFFu);
      if (next >= n_) return {0, 0, thread, true};
      std::int64_t c = static_cast<std::int64_t>(std::ceil(
          weights_[static_cast<std::size_t>(thread)] * static_cast<double>(base(count / p_))));
      if (c < min_chunk_) c = min_chunk_;
      if (c > n_ - next) c = n_ - next;
      const std::uint64_t after =
          (static_cast<std::uint64_t>(count + 1) << 32) | static_cast<std::uint64_t>(next + c);
      if (state_.compare_exchange_weak(w, after)) return {next, next + c, thread, true};
    }
  }

 private:
  // c_j = ceil(c_{j-1} / 2) from c_0 = ceil(N/(2P)); it reaches 1 after ~log2 N halvings.
  std::int64_t base(std::int64_t batch) const {
    std::int64_t c = ceil_div(n_, 2 * p_);
    for (std::int64_t j = 0; j < batch && c > 1; ++j) c = ceil_div(c, 2);
    return c;
  }

  std::int64_t n_;
  std::int64_t p_;
  std::int64_t min_chunk_;
  std::vector<double> weights_;
  std::atomic<std::uint64_t> state_{0};
};

std::unique_ptr<ChunkDispenser> make_weighted_factoring(const LoopParams& s) {
  check_loop_params(s);
  return std::make_unique<WeightedFactoringDispenser>(s);
}

}  // namespace

LoopTechnique weighted_factoring_technique() {
  return {"weighted_factoring", "Weighted factoring",
          "lb4omp (weighted factoring of Hummel et al., as LB4OMP defines it)",
          "batch j = chunks_so_far / P; c_0 = ceil(N/(2P)), c_j = ceil(c_{j-1}/2); thread t gets "
          "max(k, ceil(w_t * c_j)); w = weights (default: speeds scaled to sum P)",
          make_weighted_factoring};
}

}  // namespace loadlab::core
