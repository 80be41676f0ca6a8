// Loop scheduling techniques: the common chunk-dispenser interface and the technique registry.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 (Loop Transformations).
//
// Every technique is a ChunkDispenser: a processor asks it for its next chunk of iterations. The
// virtual-time simulator (simulator.h) and the real-thread executor (src/sim/loop_executor.h) call
// the same dispensers, so a technique's chunk logic exists exactly once. Dispensers are lock-free:
// central-queue techniques precompute their chunk-size sequence (it depends only on the chunk's
// position in the queue, not on who takes it) and hand chunks out with one atomic fetch_add;
// per-processor techniques (static, affinity) use one atomic word per processor.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/algorithm_info.h"

namespace loadlab::core {

/// A chunk of consecutive iterations [begin, end) executed by `thread`.
struct LoopChunk {
  std::int64_t begin = 0;
  std::int64_t end = 0;  // exclusive
  int thread = 0;
  /// True if obtaining the chunk needed a synchronization (shared queue or steal); static
  /// assignments are computed locally and pay no scheduling overhead.
  bool sync = true;
  /// Execution interval (virtual time in the simulator, seconds in the executor).
  double start = 0;
  double finish = 0;

  std::int64_t size() const { return end - begin; }
  bool empty() const { return end <= begin; }
};

/// Parameters of one loop-scheduling run (the technique reads the ones it needs).
struct LoopParams {
  std::int64_t iterations = 0;  // N
  int processors = 1;           // P
  /// K of uniform-sized chunking ("chunk"); 0 = default max(1, ceil(N / (8P))).
  std::int64_t chunk_size = 0;
  /// B of block-cyclic scheduling; 0 = default max(1, ceil(N / (8P))).
  std::int64_t block_size = 0;
  /// Smallest chunk the dynamic techniques hand out (GSS(k), tapering, factoring); >= 1.
  std::int64_t min_chunk = 1;
  /// Profile information some techniques use: mean and standard deviation of iteration times.
  double mean_cost = 1.0;
  double sd_cost = 0.0;
  /// Scheduling overhead h per chunk (fixed-size chunking computes its K from it).
  double overhead = 0.0;
  /// Tapering's alpha (LB4OMP default-style scaling of sigma/mu).
  double tapering_alpha = 1.0;
  /// Relative processor weights for weighted factoring (size P, positive); empty = all 1.
  std::vector<double> weights;
};

/// Hands out chunks. next() is thread-safe: it may be called concurrently by different threads
/// (each passing its own thread index) and returns an empty chunk once that thread has no more
/// work.
class ChunkDispenser {
 public:
  virtual ~ChunkDispenser() = default;
  /// The next chunk for processor `thread` (0 <= thread < P); empty when it is done.
  virtual LoopChunk next(int thread) = 0;
};

/// A technique: names, where it comes from, the formula shown to users, and its dispenser factory.
struct LoopTechnique {
  const char* name;     // scenario name, e.g. "gss"
  const char* title;    // "Guided self-scheduling"
  const char* source;   // paper section or field definition
  const char* formula;  // human-readable chunk rule
  std::unique_ptr<ChunkDispenser> (*make)(const LoopParams& params);
};

/// All techniques in display order (the survey's order, then FSC and weighted factoring).
const std::vector<LoopTechnique>& loop_techniques();
/// The technique called `name`, or nullptr.
const LoopTechnique* find_loop_technique(std::string_view name);

/// Throws std::invalid_argument if params are out of the model's range (N < 0, P < 1, ...).
void check_loop_params(const LoopParams& params);

// ---- Building blocks shared by the technique files (dispensers.cpp) ----

/// Central work queue with a precomputed sequence of chunk boundaries b_0 = 0 < b_1 < ... = N.
std::unique_ptr<ChunkDispenser> make_sequence_dispenser(std::vector<std::int64_t> bounds);
/// Central work queue with fixed chunk size k (self-scheduling, uniform chunking, FSC).
std::unique_ptr<ChunkDispenser> make_uniform_dispenser(std::int64_t n, std::int64_t k);
/// Static block-cyclic: block b = [b*B, (b+1)*B) belongs to processor b mod P; no synchronization.
std::unique_ptr<ChunkDispenser> make_block_cyclic_dispenser(std::int64_t n, int p, std::int64_t b);
/// Static blocks as even as possible: processor t gets one block of floor(N/P) or ceil(N/P).
std::unique_ptr<ChunkDispenser> make_static_block_dispenser(std::int64_t n, int p);
/// A static block-cyclic prefix [0, split) followed by a central queue with `bounds` (>= split).
std::unique_ptr<ChunkDispenser> make_static_then_sequence_dispenser(
    std::int64_t split, int p, std::int64_t block, std::vector<std::int64_t> bounds);

/// Home block of processor t under static block scheduling: [home_begin(t), home_begin(t+1)).
inline std::int64_t home_begin(std::int64_t n, int p, int t) {
  const std::int64_t q = n / p, r = n % p;
  return t * q + (t < r ? t : r);
}

/// Turns a chunk-size rule into boundaries: size(remaining, index) is clamped to [1, remaining].
template <class SizeFn>
std::vector<std::int64_t> bounds_from_sizes(std::int64_t n, SizeFn size) {
  std::vector<std::int64_t> b{0};
  std::int64_t next = 0, k = 0;
  while (next < n) {
    std::int64_t c = size(n - next, k++);
    if (c < 1) c = 1;
    if (c > n - next) c = n - next;
    next += c;
    b.push_back(next);
  }
  return b;
}

/// Integer ceil(a / b) for a >= 0, b > 0.
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

/// Default K / B when the scenario gives none: max(1, ceil(N / (8P))).
inline std::int64_t default_chunk(std::int64_t n, int p) {
  const std::int64_t k = ceil_div(n, 8 * static_cast<std::int64_t>(p));
  return k < 1 ? 1 : k;
}

}  // namespace loadlab::core
