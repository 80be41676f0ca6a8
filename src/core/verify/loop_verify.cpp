#include "core/verify/loop_verify.h"

#include <algorithm>
#include <numeric>

namespace loadlab::core {

namespace {

LoopVerification fail(std::string m) {
  return {false, std::move(m)};
}

std::string chunk_text(const LoopChunk& c) {
  return "[" + std::to_string(c.begin) + ", " + std::to_string(c.end) + ") on thread " +
         std::to_string(c.thread);
}

}  // namespace

LoopVerification verify_loop(std::int64_t n, int p, const std::vector<LoopChunk>& chunks,
                             bool check_times) {
  for (const auto& c : chunks) {
    if (c.begin < 0 || c.end > n || c.begin >= c.end)
      return fail("chunk " + chunk_text(c) + " is empty or outside [0, " + std::to_string(n) + ")");
    if (c.thread < 0 || c.thread >= p) return fail("chunk " + chunk_text(c) + ": no such thread");
    if (check_times && !(c.start <= c.finish))
      return fail("chunk " + chunk_text(c) + " finishes before it starts");
  }
  // Exactly once: sorted by begin, the chunks must tile [0, N) with no gap and no overlap.
  std::vector<std::size_t> order(chunks.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return chunks[a].begin < chunks[b].begin; });
  std::int64_t covered = 0;
  for (std::size_t i : order) {
    const auto& c = chunks[i];
    if (c.begin < covered)
      return fail("iteration " + std::to_string(c.begin) + " executed more than once (chunk " +
                  chunk_text(c) + ")");
    if (c.begin > covered)
      return fail("iterations [" + std::to_string(covered) + ", " + std::to_string(c.begin) +
                  ") never executed");
    covered = c.end;
  }
  if (covered != n)
    return fail("iterations [" + std::to_string(covered) + ", " + std::to_string(n) +
                ") never executed");
  if (check_times) {
    // A thread runs one chunk at a time.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto &x = chunks[a], &y = chunks[b];
      return x.thread != y.thread ? x.thread < y.thread : x.start < y.start;
    });
    for (std::size_t k = 1; k < order.size(); ++k) {
      const auto &a = chunks[order[k - 1]], &b = chunks[order[k]];
      if (a.thread == b.thread && b.start < a.finish)
        return fail("chunks " + chunk_text(a) + " and " + chunk_text(b) + " overlap in time");
    }
  }
  return {};
}

LoopStreamVerifier::LoopStreamVerifier(std::int64_t n, int p)
    : n_(n),
      p_(p),
      seen_(static_cast<std::size_t>(n > 0 ? n : 0), 0),
      last_finish_(static_cast<std::size_t>(p > 0 ? p : 0), -1e300) {}

void LoopStreamVerifier::add(const LoopChunk& c) {
  if (!state_.ok) return;
  if (c.begin < 0 || c.end > n_ || c.begin >= c.end) {
    state_ =
        fail("chunk " + chunk_text(c) + " is empty or outside [0, " + std::to_string(n_) + ")");
    return;
  }
  if (c.thread < 0 || c.thread >= p_) {
    state_ = fail("chunk " + chunk_text(c) + ": no such thread");
    return;
  }
  if (!(c.start <= c.finish)) {
    state_ = fail("chunk " + chunk_text(c) + " finishes before it starts");
    return;
  }
  double& last = last_finish_[static_cast<std::size_t>(c.thread)];
  if (c.start < last) {
    state_ =
        fail("chunk " + chunk_text(c) + " starts before the previous chunk of its thread ends");
    return;
  }
  last = c.finish;
  for (std::int64_t i = c.begin; i < c.end; ++i) {
    auto& s = seen_[static_cast<std::size_t>(i)];
    if (s) {
      state_ = fail("iteration " + std::to_string(i) + " executed more than once (chunk " +
                    chunk_text(c) + ")");
      return;
    }
    s = 1;
  }
}

LoopVerification LoopStreamVerifier::result() const {
  if (!state_.ok) return state_;
  for (std::int64_t i = 0; i < n_; ++i)
    if (!seen_[static_cast<std::size_t>(i)])
      return fail("iteration " + std::to_string(i) + " never executed");
  return {};
}

}  // namespace loadlab::core
