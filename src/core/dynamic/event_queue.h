// The dynamic simulator's pending events: 4-ary min-heaps on (time, seq).
//
// Why not one std::priority_queue of full events: with one pending task end per busy node a heap
// holds ~N = 65,536 entries and every event costs a pop and (almost always) a push, so the heap's
// cache misses were most of an event's cost. Here:
//  - task ends, the bulk of the events, live in their own heap of 16-byte entries (time, and seq and
//    node packed in one word), laid out so that the 4 children of an entry fill one cache line;
//  - a 4-ary heap has half the levels of a binary one;
//  - the event being handled stays at the root as a "hole" that the first push into the same heap
//    fills (one sift-down instead of a pop plus a push).
// (time, seq) is a strict total order (seq is unique over all heaps), so popping the earlier of the
// heaps' roots gives exactly the sequence of a single priority queue: results do not depend on it.
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

template <class E>
class EventHeap {
 public:
  std::size_t size() const { return size_ - (hole_ ? 1 : 0); }
  bool empty() const { return size() == 0; }
  void clear() { size_ = 0, hole_ = false; }
  /// The earliest event (the heap must not be empty).
  const E& top() const { return at(0); }
  /// Entries 1-4: the candidates for the next event once the top is gone.
  std::size_t raw_size() const { return size_; }
  const E& raw(std::size_t i) const { return at(i); }

  /// Marks the top as being handled: it stays in place until release() or a push replaces it.
  void take() { hole_ = true; }
  /// Drops the taken event if no push has replaced it.
  void release() {
    if (!hole_) return;
    hole_ = false;
    const E last = at(--size_);
    if (size_ > 0) sift_down(last);
  }

  void push(const E& e) {
    if (hole_) {
      // A new event is later than the one being handled (times never go back), so it may take
      // its place; should one not be, the handled one is dropped first.
      if (!E::before(e, at(0))) {
        hole_ = false;
        sift_down(e);
        return;
      }
      release();
    }
    if (base_ + size_ == buf_.size()) grow();
    std::size_t i = size_++;
    while (i > 0) {
      const std::size_t p = (i - 1) / 4;
      if (!E::before(e, at(p))) break;
      at(i) = at(p);
      i = p;
    }
    at(i) = e;
  }

 private:
  E& at(std::size_t i) { return buf_[base_ + i]; }
  const E& at(std::size_t i) const { return buf_[base_ + i]; }

  // Doubles the buffer; entry 1 (so every group of 4 children) starts on a 64-byte boundary when
  // the entry size divides 64.
  void grow() {
    std::vector<E> b(2 * buf_.size() + 64);  // + room for the alignment offset
    std::size_t base = 0;
    // Best effort: the allocation may be aligned to less than an entry (8 bytes in WebAssembly).
    if (64 % sizeof(E) == 0)
      while (base < 64 / sizeof(E) && (reinterpret_cast<std::uintptr_t>(&b[base + 1]) & 63) != 0) ++base;
    for (std::size_t i = 0; i < size_; ++i) b[base + i] = at(i);
    buf_ = std::move(b);
    base_ = base;
  }

  // E::before without short-circuit branches.
  static bool less(const E& x, const E& y) { return E::before_flat(x, y); }
  // Places e at the root and moves it down to its position, bottom-up (Floyd): the hole first
  // descends along the smaller children to a leaf without looking at e, then e climbs back. A new
  // event is usually late (now + a duration), so it climbs little, and the descent has no
  // data-dependent exit branch to mispredict at every level.
  void sift_down(const E& e) {
    const std::size_t n = size_;
    std::size_t i = 0;
    for (;;) {
      const std::size_t c = 4 * i + 1;
      std::size_t best = c;
      if (c + 4 <= n) {
        // A full group: a branch-free tournament (which child is smallest is a coin toss, and
        // three mispredicted branches per level cost more than the comparisons).
        const std::size_t a = c + static_cast<std::size_t>(less(at(c + 1), at(c)));
        const std::size_t b = c + 2 + static_cast<std::size_t>(less(at(c + 3), at(c + 2)));
        best = less(at(b), at(a)) ? b : a;
      } else if (c < n) {
        for (std::size_t j = c + 1; j < n; ++j)
          if (E::before(at(j), at(best))) best = j;
      } else {
        break;
      }
      at(i) = at(best);
      i = best;
    }
    while (i > 0) {
      const std::size_t p = (i - 1) / 4;
      if (!E::before(e, at(p))) break;
      at(i) = at(p);
      i = p;
    }
    at(i) = e;
  }

  std::vector<E> buf_;
  std::size_t base_ = 0;
  std::size_t size_ = 0;
  bool hole_ = false;
};

/// A monotone radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on (time, tie): every push is no
/// earlier than the last event popped, which holds here because simulated time never goes back
/// (costs and durations are non-negative) and seq only grows.
///
/// Why: the 4-ary heap's sift-down over ~65,536 pending task ends was half of an event's cost (a
/// dependent cache miss per level). Here an event moves between buckets a few times, each move an
/// append to a buffer that is read and written in order.
///  - The bucket of an event is the highest bit in which its time's bit pattern differs from the
///    last popped time's (a non-negative double's bits order like the double), bucket 0 = equal;
///    so every event of a bucket precedes every event of a higher one.
///  - When bucket 0 is used up, the lowest non-empty bucket is spread out around its minimum; its
///    events land in lower buckets (they share all higher bits with the new minimum).
///  - Bucket 0 holds events of one time; it is sorted by tie when it is refilled, and a push into
///    it appends the largest tie so far (seq is newer than every queued event's), so it stays sorted.
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
    // Kept until a pop, so comparing with the other events' heap does not scan again.
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

  /// Calls f on events that will probably be popped soon (a cache hint for the caller): the rest of
  /// bucket 0, else the lowest bucket when it is small (near the front it usually is).
  template <class F>
  void peek_next(F&& f) const {
    const std::vector<E>& z = bucket_[0];
    if (!z.empty()) {
      for (std::size_t i = head_; i < z.size() && i < head_ + 2; ++i) f(z[i]);
    } else if (mask_ != 0) {
      const std::vector<E>& v = bucket_[std::countr_zero(mask_) + 1];
      if (v.size() <= 4)
        for (const E& e : v) f(e);
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
