// Independent checker for loop-scheduling results (simulated or measured).
//
// It knows nothing about the techniques: it only checks that a chunk table is a valid execution of
// the loop [0, N) on P processors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/loops/technique.h"

namespace loadlab::core {

struct LoopVerification {
  bool ok = true;
  /// Empty when ok, else the first violation found.
  std::string message;
};

/// Checks: every chunk lies within [0, N) and is non-empty; its thread is in [0, P); every
/// iteration is executed exactly once; start <= finish; chunks of one thread do not overlap in time
/// (when check_times). Runs in O(C log C) for C chunks.
LoopVerification verify_loop(std::int64_t iterations, int processors,
                             const std::vector<LoopChunk>& chunks, bool check_times = true);

/// The same checks for chunk tables too big to keep: feed chunks one by one (each thread's chunks
/// in the order it ran them), then ask result(). Uses one byte per iteration.
class LoopStreamVerifier {
 public:
  LoopStreamVerifier(std::int64_t iterations, int processors);
  /// Records one chunk (after the first violation further chunks are ignored).
  void add(const LoopChunk& chunk);
  /// The verdict over everything added so far (also checks nothing is missing).
  LoopVerification result() const;

 private:
  std::int64_t n_;
  int p_;
  std::vector<std::uint8_t> seen_;
  std::vector<double> last_finish_;
  LoopVerification state_;
};

}  // namespace loadlab::core
