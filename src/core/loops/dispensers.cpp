// Lock-free chunk dispensers shared by the technique files.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1: static methods assign iterations
// without run-time synchronization; dynamic methods take chunks from a central work queue. Here a
// central queue is one atomic counter, so "one synchronization" = one atomic read-modify-write.
#include <stdexcept>

#include "core/loops/technique.h"

namespace loadlab::core {

namespace {

// Per-processor counters live on separate cache lines so that static techniques on real threads
// do not pay for false sharing that the model does not have.
struct alignas(64) PaddedCounter {
  std::atomic<std::int64_t> value{0};
};

class SequenceDispenser final : public ChunkDispenser {
 public:
  explicit SequenceDispenser(std::vector<std::int64_t> bounds) : bounds_(std::move(bounds)) {}
  LoopChunk next(int thread) override {
    const auto chunks = static_cast<std::int64_t>(bounds_.size()) - 1;
    // Once the queue is exhausted the counter keeps growing by at most one per request; chunk
    // counts are far below 2^62, so it cannot wrap.
    const std::int64_t k = index_.fetch_add(1, std::memory_order_relaxed);
    if (k >= chunks) return {0, 0, thread, true};
    return {bounds_[static_cast<std::size_t>(k)], bounds_[static_cast<std::size_t>(k) + 1], thread,
            true};
  }

 private:
  std::vector<std::int64_t> bounds_;
  std::atomic<std::int64_t> index_{0};
};

class UniformDispenser final : public ChunkDispenser {
 public:
  UniformDispenser(std::int64_t n, std::int64_t k) : n_(n), k_(k < 1 ? 1 : k) {}
  LoopChunk next(int thread) override {
    // Read first so that an exhausted queue is not pushed further (keeps the counter bounded).
    if (next_.load(std::memory_order_relaxed) >= n_) return {0, 0, thread, true};
    const std::int64_t b = next_.fetch_add(k_, std::memory_order_relaxed);
    if (b >= n_) return {0, 0, thread, true};
    return {b, b + k_ < n_ ? b + k_ : n_, thread, true};
  }

 private:
  std::int64_t n_, k_;
  std::atomic<std::int64_t> next_{0};
};

class BlockCyclicDispenser final : public ChunkDispenser {
 public:
  BlockCyclicDispenser(std::int64_t n, int p, std::int64_t b)
      : n_(n), p_(p), b_(b < 1 ? 1 : b), cursor_(static_cast<std::size_t>(p)) {}
  LoopChunk next(int thread) override {
    // Only `thread` touches its own cursor; the atomic just keeps that legal if a caller
    // migrates a logical processor between OS threads.
    auto& c = cursor_[static_cast<std::size_t>(thread)].value;
    const std::int64_t j = c.fetch_add(1, std::memory_order_relaxed);
    const std::int64_t block = j * p_ + thread;
    if (block >= ceil_div(n_, b_)) return {0, 0, thread, false};
    const std::int64_t begin = block * b_;
    return {begin, begin + b_ < n_ ? begin + b_ : n_, thread, false};
  }

 private:
  std::int64_t n_;
  std::int64_t p_;
  std::int64_t b_;
  std::vector<PaddedCounter> cursor_;
};

class StaticBlockDispenser final : public ChunkDispenser {
 public:
  StaticBlockDispenser(std::int64_t n, int p) : n_(n), p_(p), taken_(static_cast<std::size_t>(p)) {}
  LoopChunk next(int thread) override {
    auto& t = taken_[static_cast<std::size_t>(thread)].value;
    if (t.fetch_add(1, std::memory_order_relaxed) != 0) return {0, 0, thread, false};
    return {home_begin(n_, p_, thread), home_begin(n_, p_, thread + 1), thread, false};
  }

 private:
  std::int64_t n_;
  int p_;
  std::vector<PaddedCounter> taken_;
};

class StaticThenSequenceDispenser final : public ChunkDispenser {
 public:
  StaticThenSequenceDispenser(std::int64_t split, int p, std::int64_t block,
                              std::vector<std::int64_t> bounds)
      : first_(split, p, block), rest_(std::move(bounds)) {}
  LoopChunk next(int thread) override {
    LoopChunk c = first_.next(thread);
    return c.empty() ? rest_.next(thread) : c;
  }

 private:
  BlockCyclicDispenser first_;
  SequenceDispenser rest_;
};

}  // namespace

std::unique_ptr<ChunkDispenser> make_sequence_dispenser(std::vector<std::int64_t> bounds) {
  return std::make_unique<SequenceDispenser>(std::move(bounds));
}

std::unique_ptr<ChunkDispenser> make_uniform_dispenser(std::int64_t n, std::int64_t k) {
  return std::make_unique<UniformDispenser>(n, k);
}

std::unique_ptr<ChunkDispenser> make_block_cyclic_dispenser(std::int64_t n, int p, std::int64_t b) {
  return std::make_unique<BlockCyclicDispenser>(n, p, b);
}

std::unique_ptr<ChunkDispenser> make_static_block_dispenser(std::int64_t n, int p) {
  return std::make_unique<StaticBlockDispenser>(n, p);
}

std::unique_ptr<ChunkDispenser> make_static_then_sequence_dispenser(
    std::int64_t split, int p, std::int64_t block, std::vector<std::int64_t> bounds) {
  if (bounds.empty() || bounds.front() != split)
    throw std::invalid_argument("static_then_sequence: bounds must start at the split");
  return std::make_unique<StaticThenSequenceDispenser>(split, p, block, std::move(bounds));
}

void check_loop_params(const LoopParams& s) {
  if (s.iterations < 0 || s.iterations > (std::int64_t{1} << 31))
    throw std::invalid_argument("iterations must be in [0, 2^31]");
  if (s.processors < 1 || s.processors > 65536)
    throw std::invalid_argument("processors must be in [1, 65536]");
  if (s.chunk_size < 0 || s.block_size < 0 || s.min_chunk < 1)
    throw std::invalid_argument("chunk_size/block_size must be >= 0 and min_chunk >= 1");
  if (!(s.mean_cost > 0) || !(s.sd_cost >= 0) || !(s.overhead >= 0) || !(s.tapering_alpha >= 0))
    throw std::invalid_argument("mean_cost must be > 0; sd_cost, overhead, alpha >= 0");
  if (!s.weights.empty()) {
    if (s.weights.size() != static_cast<std::size_t>(s.processors))
      throw std::invalid_argument("weights must have one entry per processor");
    for (double w : s.weights)
      if (!(w > 0)) throw std::invalid_argument("weights must be positive");
  }
}

}  // namespace loadlab::core
