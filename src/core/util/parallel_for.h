// The one seam through which core kernels use threads without having any (core has no threads):
// the sim layer implements it on its worker pool (sim/programs/pool_parallel_for.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace loadlab::core {

/// Splits `count` independent units of work into ranges; the default runs them in order on the
/// calling thread. The sim layer provides a thread-pool version (core has no threads). Kernels
/// only use it where every unit writes its own outputs, so results never depend on the split.
class ParallelFor {
 public:
  virtual ~ParallelFor() = default;
  /// How many threads run the bodies (1: everything runs on the caller's thread, in order).
  virtual int threads() const { return 1; }
  virtual void run(std::int64_t count,
                   const std::function<void(std::int64_t begin, std::int64_t end)>& body) const {
    body(0, count);
  }
  /// Runs phases 0..P-1 in order (phase p: body(p, begin, end) over ranges covering
  /// [0, counts[p]); a phase starts when the previous one has finished) and, concurrently with
  /// them, `side()` once if given. The units of a phase must write only their own outputs and
  /// `side` must not read anything the phases write, so results never depend on the split.
  virtual void run_phases(
      const std::vector<std::int64_t>& counts,
      const std::function<void(int phase, std::int64_t begin, std::int64_t end)>& body,
      const std::function<void()>& side) const {
    if (side) side();
    for (std::size_t p = 0; p < counts.size(); ++p) body(static_cast<int>(p), 0, counts[p]);
  }
  /// As run_phases for few, expensive units (e.g. bands of rows): every unit is its own chunk,
  /// however few there are.
  virtual void run_coarse_phases(
      const std::vector<std::int64_t>& counts,
      const std::function<void(int phase, std::int64_t begin, std::int64_t end)>& body,
      const std::function<void()>& side) const {
    ParallelFor::run_phases(counts, body, side);
  }
};

}  // namespace loadlab::core
