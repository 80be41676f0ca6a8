// The dynamic simulator's pending events: two monotone radix heaps on (time, seq).
//
// Why not one std::priority_queue of full events: with one pending task end per busy node a queue
// holds ~N = 65,536 entries and every event costs a pop and (almost always) a push; a comparison
// heap's sift-down over that many entries (a dependent cache miss per level) was half of an event's
// cost even as a 4-ary heap. Here:
//  - task ends, the bulk of the events, live in their own queue of 16-byte entries (time, and seq
//    and node packed in one word), the other events in a second one;
//  - both are radix heaps (RadixEventQueue below): an event is appended to a bucket a few times
//    and never sifted.
// (time, seq) is a strict total order (seq is unique over both queues), so popping the earlier of
// the two fronts gives exactly the sequence of a single priority queue: results do not depend on
// the data structure.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace loadlab::core {

/// A task end: key = seq << kNodeBits | node (ordering by key is ordering by seq).
struct TaskEndEvent {
  static constexpr int kNodeBits = 24;
  double time;
  std::uint64_t key;
  std::uint64_t seq() const { return key >> kNodeBits; }
  int node() const { return static_cast<int>(key & ((std::uint64_t{1} << kNodeBits) - 1)); }
  static bool before(const TaskEndEvent& a, const TaskEndEvent& b) {
    return a.time < b.time || (a.time == b.time && a.key < b.key);
  }
  static bool before_flat(const TaskEndEvent& a, const TaskEndEvent& b) {
    return (a.time < b.time) | ((a.time == b.time) & (a.key < b.key));
  }
  std::uint64_t tie() const { return key; }
};

/// Any other event (root arrival, task arrival, message, timer).
struct OtherEvent {
  double time;
  std::uint64_t seq;
  std::uint8_t type;
  int node;
  int other;
  int tag;
  std::int64_t value;
  static bool before(const OtherEvent& a, const OtherEvent& b) {
    return a.time < b.time || (a.time == b.time && a.seq < b.seq);
  }
  static bool before_flat(const OtherEvent& a, const OtherEvent& b) {
    return (a.time < b.time) | ((a.time == b.time) & (a.seq < b.seq));
  }
  std::uint64_t tie() const { return seq; }
};

/// A monotone radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on (time, tie): every push is no
/// earlier than the last event popped, which holds here because simulated time never goes back
/// (costs and durations are non-negative) and seq only grows.
///
/// An event moves between buckets a few times (~9 in the 10^7-event benchmark), each move an
/// append to a buffer that is read and written in order, instead of a sift through a big heap.
///  - The bucket of an event is the highest bit in which its time's bit pattern differs from the
///    last popped time's (a non-negative double's bits order like the double), bucket 0 = equal;
///    so every event of a bucket precedes every event of a higher one.
///  - When bucket 0 is used up, the lowest non-empty bucket is spread out around its minimum; its
///    events land in lower buckets (they share all higher bits with the new minimum).
///  - Bucket 0 holds events of one time; it is sorted by tie when it is refilled, and a push into
///    it appends the largest tie so far (seq is newer than every queued event's): it stays sorted.
/// The result is the exact (time, tie) order, ties included.
template <class E>
class RadixEventQueue {
 public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() {
    for (auto& b : bucket_) b.clear();
    mask_ = 0, last_ = 0, head_ = 0, size_ = 0, min_bucket_ = 0;
  }

  /// The earliest event (the queue must not be empty).
  const E& top() {
    if (!bucket_[0].empty()) return bucket_[0][head_];
    // Kept until a pop, so comparing with the other events' queue does not scan again.
    if (min_bucket_ == 0) find_min();
    return bucket_[min_bucket_][min_index_];
  }
  /// Removes the earliest event; from then on pushes must be no earlier than it.
  void pop() {
    if (bucket_[0].empty()) refill();
    --size_;
    if (++head_ == bucket_[0].size()) bucket_[0].clear(), head_ = 0;
  }
  void push(const E& e) {
    const std::uint64_t k = key(e.time);
    // An earlier event would be put in the wrong bucket and silently popped out of order.
    if (k < last_) throw_not_monotone();
    const int b = bucket_of(k);
    std::vector<E>& v = bucket_[b];
    v.push_back(e);
    ++size_;
    if (b == 0) return;
    mask_ |= std::uint64_t{1} << (b - 1);
    // Keep the cached minimum right: a push below its bucket is the only event there.
    if (min_bucket_ != 0 && (b < min_bucket_ || (b == min_bucket_ && E::before(e, v[min_index_]))))
      min_bucket_ = b, min_index_ = v.size() - 1;
  }

  /// Calls f on the next events (those already queued; a push may come before them): a cache hint
  /// for the caller, given while it handles the current event. Every event of the lowest bucket
  /// precedes all others, so hinting the whole (small) bucket hints the next few events together,
  /// and their cache misses overlap instead of coming one per event.
  // The lowest bucket holds ~9 events on average; 64 rather than 16 was 3 % faster in WebAssembly
  // (where a hint is a real load) and the same natively.
  static constexpr std::size_t kHint = 64;
  template <class F>
  void peek_next(F&& f) {
    const std::vector<E>& z = bucket_[0];
    if (!z.empty()) {
      for (std::size_t i = head_; i < z.size() && i < head_ + 4; ++i) f(z[i]);
    } else if (mask_ != 0) {
      // The scan top() would do anyway (its result is kept); the very next event first.
      if (min_bucket_ == 0) find_min();
      const std::vector<E>& v = bucket_[min_bucket_];
      f(v[min_index_]);
      for (std::size_t i = 0; i < v.size() && i < kHint; ++i)
        if (i != min_index_) f(v[i]);
    }
  }

 private:
  // The bits of a non-negative double order like the double; -0.0 (which equals 0.0) is folded onto
  // 0.0 by dropping the sign.
  static std::uint64_t key(double t) {
    std::uint64_t u;
    std::memcpy(&u, &t, sizeof u);
    return u & ~(std::uint64_t{1} << 63);
  }
  int bucket_of(std::uint64_t k) const { return k == last_ ? 0 : 64 - std::countl_zero(k ^ last_); }
  [[noreturn]] static void throw_not_monotone();

  void find_min() {
    const int b = std::countr_zero(mask_) + 1;
    const std::vector<E>& v = bucket_[b];
    std::size_t j = 0;
    for (std::size_t i = 1; i < v.size(); ++i)
      if (E::before_flat(v[i], v[j])) j = i;
    min_bucket_ = b, min_index_ = j;
  }
  void refill() {
    if (min_bucket_ == 0) find_min();
    const int from = min_bucket_;
    std::vector<E>& v = bucket_[from];
    last_ = key(v[min_index_].time);
    for (const E& e : v) {
      const int b = bucket_of(key(e.time));  // < from: v is not written while read
      bucket_[b].push_back(e);
      if (b != 0) mask_ |= std::uint64_t{1} << (b - 1);
    }
    v.clear();
    mask_ &= ~(std::uint64_t{1} << (from - 1));
    min_bucket_ = 0;
    std::vector<E>& z = bucket_[0];
    if (z.size() > 1)
      std::sort(z.begin(), z.end(), [](const E& a, const E& b) { return a.tie() < b.tie(); });
  }

  std::vector<E> bucket_[65];
  std::uint64_t mask_ = 0;  ///< bit b - 1: bucket b (>= 1) is not empty
  std::uint64_t last_ = 0;  ///< key of the last popped time
  std::size_t head_ = 0;    ///< popped prefix of bucket 0
  std::size_t size_ = 0;
  int min_bucket_ = 0;      ///< 0: not known; else where the earliest event of buckets >= 1 is
  std::size_t min_index_ = 0;
};

[[noreturn]] void throw_event_not_monotone();
template <class E>
void RadixEventQueue<E>::throw_not_monotone() {
  throw_event_not_monotone();
}

}  // namespace loadlab::core
