// Affinity scheduling (Markatos & LeBlanc).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("iterations are assigned statically
// to processors (to reduce run-time overhead), but can be rescheduled when load imbalance
// happens"). The concrete rule is Markatos & LeBlanc's ([103, 101]): processor t's queue starts as
// its static block; it takes ceil(r_t/P) of its own remaining r_t iterations at a time; an idle
// processor steals ceil(r_s/P) from the most loaded queue s (ties: lowest index). Thieves take from
// the back of the victim's range so owner and thief rarely race for the same iterations.
//
// Each queue is one 64-bit atomic word holding [lo, hi) (32 bits each; N <= 2^31), so owner takes
// and steals are single compare-and-swap operations and never lose or duplicate an iteration.
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {

struct alignas(64) Queue {
  std::atomic<std::uint64_t> range{0};
};

constexpr std::uint64_t pack(std::int64_t lo, std::int64_t hi) {
  return (static_cast<std::uint64_t>(lo) << 32) | static_cast<std::uint64_t>(hi);
}
constexpr std::int64_t lo_of(std::uint64_t w) {
  return static_cast<std::int64_t>(w >> 32);
}
constexpr std::int64_t hi_of(std::uint64_t w) {
  return static_cast<std::int64_t>(w & 0xFFFFFFFFu);
}

class AffinityDispenser final : public ChunkDispenser {
 public:
  AffinityDispenser(std::int64_t n, int p) : p_(p), queues_(static_cast<std::size_t>(p)) {
    for (int t = 0; t < p; ++t)
      queues_[static_cast<std::size_t>(t)].range.store(
          pack(home_begin(n, p, t), home_begin(n, p, t + 1)));
  }

  LoopChunk next(int thread) override {
    // Own queue first: taking local work is still a (cheap, uncontended) synchronization.
    auto& own = queues_[static_cast<std::size_t>(thread)].range;
    std::uint64_t w = own.load();
    while (lo_of(w) < hi_of(w)) {
      const std::int64_t lo = lo_of(w), hi = hi_of(w), c = ceil_div(hi - lo, p_);
      if (own.compare_exchange_weak(w, pack(lo + c, hi))) return {lo, lo + c, thread, true};
    }
    // Steal from the most loaded queue; rescan after a failed CAS (the victim changed).
    for (;;) {
      int victim = -1;
      std::int64_t most = 0;
      std::uint64_t seen = 0;
      for (int s = 0; s < p_; ++s) {
        const std::uint64_t v = queues_[static_cast<std::size_t>(s)].range.load();
        if (hi_of(v) - lo_of(v) > most) most = hi_of(v) - lo_of(v), victim = s, seen = v;
      }
      if (victim < 0) return {0, 0, thread, true};
      const std::int64_t lo = lo_of(seen), hi = hi_of(seen), c = ceil_div(hi - lo, p_);
      if (queues_[static_cast<std::size_t>(victim)].range.compare_exchange_strong(seen,
                                                                                  pack(lo, hi - c)))
        return {hi - c, hi, thread, true};
    }
  }

 private:
  std::int64_t p_;
  std::vector<Queue> queues_;
};

std::unique_ptr<ChunkDispenser> make_affinity_dispenser(const LoopParams& s) {
  check_loop_params(s);
  return std::make_unique<AffinityDispenser>(s.iterations, s.processors);
}

}  // namespace

LoopTechnique affinity_technique() {
  return {"affinity", "Affinity scheduling",
          "houstis1996 §3.1 (affinity loop scheduling of Markatos & LeBlanc, its references [103, "
          "101])",
          "queue of thread t = its static block; take ceil(r_t/P) from the own queue; when empty, "
          "steal "
          "ceil(r_s/P) from the back of the most loaded queue s",
          make_affinity_dispenser};
}

}  // namespace loadlab::core
