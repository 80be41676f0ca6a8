// The dynamic simulator's pending events: two monotone radix heaps on (time, seq).
//
// Why not one std::priority_queue of full events: with one pending task end per busy node a queue
// holds ~N = 65,536 entries and every event costs a pop and (almost always) a push; a comparison
// heap's sift-down over that many entries (a dependent cache miss per level) was half of an event's
// cost even as a 4-ary heap. Here:
//  - task ends, the bulk of the events, live in their own queue of 16-byte entries (time, and seq
//    and node packed in one word), the other events in a second one;
//  - both are radix heaps (RadixEventQueue below): an event is appended to a bucket a few times
//    and never sifted; a small lowest bucket is sorted instead of spread out further.
// (time, seq) is a strict total order (seq is unique over both queues), so popping the earlier of
// the two fronts gives exactly the sequence of a single priority queue: results do not depend on
// the data structure.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
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
  std::uint64_t tie() const { return seq; }
};

/// A monotone radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on (time, tie): every push is no
/// earlier than the last event popped, which holds here because simulated time never goes back
/// (costs and durations are non-negative) and seq only grows.
///
/// An event moves between buckets a few times, each move an append to a buffer that is read and
/// written in order, instead of a sift through a big heap.
///  - The bucket of an event is the highest bit in which its time's bit pattern differs from
///    `last_` (a non-negative double's bits order like the double; every queued key is >= last_),
///    so every event of a bucket precedes every event of a higher one.
///  - The front (bucket 0) is the sorted run of the earliest events: keys up to bound_, every
///    bucket's key above it. When it is used up, the lowest non-empty bucket b becomes the front:
///    sorted whole if it is small (at most kSortMax events: cheaper than spreading them over lower
///    buckets, ~2 more moves each), else spread out around the least key it can hold, L (last_'s
///    bits above bit b - 1, bit b - 1 set): its events land in lower buckets, those equal to L in
///    the front. Using L rather than the bucket's minimum saves a scan of every spread event.
///  - A push up to bound_ is inserted in order from the front's back (at the front's last time it
///    just appends: its seq is newer than every queued event's). A storm of pushes inside the
///    front's window, which would make insertion quadratic, turns the front into a binary heap
///    (kFrontMax) until it is used up.
/// The result is the exact (time, tie) order, ties included.
template <class E>
class RadixEventQueue {
  static_assert(std::is_trivially_copyable_v<E>, "buckets are moved with realloc");

 public:
  RadixEventQueue() = default;
  RadixEventQueue(const RadixEventQueue&) = delete;
  RadixEventQueue& operator=(const RadixEventQueue&) = delete;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() {
    for (auto& b : bucket_) b.clear();
    mask_ = 0, last_ = 0, bound_ = 0, popped_ = 0, head_ = 0, size_ = 0, heap_ = false;
  }

  /// The earliest event (the queue must not be empty).
  const E& top() {
    if (bucket_[0].empty()) refill();
    return bucket_[0][head_];
  }
  /// Removes the earliest event; from then on pushes must be no earlier than it.
  void pop() {
    Bucket& z = bucket_[0];
    if (z.empty()) refill();
    popped_ = key(z[head_].time);
    --size_;
    if (heap_) {
      std::pop_heap(z.begin(), z.end(), later);
      z.truncate(z.size() - 1);
      heap_ = !z.empty();
    } else if (++head_ == z.size()) {
      z.clear(), head_ = 0;
    }
  }
  void push(const E& e) {
    const std::uint64_t k = key(e.time);
    // An earlier event would be put in the wrong place and silently popped out of order.
    if (k < popped_) throw_not_monotone();
    ++size_;
    if (k <= bound_) {
      push_front(e);
      return;
    }
    const int b = bucket_of(k, last_);  // >= 1: k > bound_ >= last_
    bucket_[b].push_back(e);
    mask_ |= std::uint64_t{1} << b;
  }

  /// When the front has just been used up: makes the next one and calls f on its first 16 events
  /// (those already queued; a push may come before them). A cache hint for the caller, given while
  /// it handles the current event, in one burst so that the cache misses of the next events overlap
  /// (in WebAssembly one hint per event, three events ahead, was ~6 % slower; natively the same).
  template <class F>
  void peek_next(F&& f) {
    Bucket& z = bucket_[0];
    if (!z.empty()) return;
    if (mask_ == 0) return;
    refill();  // what the next top() would do
    for (std::size_t i = head_; i < z.size() && i < head_ + 16; ++i) f(z[i]);
  }

  // 16 was 10 % faster than spreading every bucket (0) in a pop/push loop over 65,536 events,
  // natively and in WebAssembly; 8 and 32 were within noise of it in the simulator benchmark.
  static constexpr std::size_t kSortMax = 16;
  static constexpr std::size_t kFrontMax = 64;

 private:
  /// A growable array of events: std::vector's push_back kept its size and capacity checks in
  /// memory and its growth path inline, which cost ~7 % of a pop/push loop.
  class Bucket {
   public:
    Bucket() = default;
    Bucket(const Bucket&) = delete;
    Bucket& operator=(const Bucket&) = delete;
    ~Bucket() { std::free(data_); }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    void clear() { size_ = 0; }
    void truncate(std::size_t n) { size_ = n; }
    E& operator[](std::size_t i) { return data_[i]; }
    const E& operator[](std::size_t i) const { return data_[i]; }
    E* begin() { return data_; }
    E* end() { return data_ + size_; }
    void push_back(const E& e) {
      if (size_ == cap_) [[unlikely]]
        grow();
      data_[size_++] = e;
    }

   private:
    [[gnu::noinline]] void grow() {
      const std::size_t cap = cap_ == 0 ? 64 : 2 * cap_;
      void* p = std::realloc(data_, cap * sizeof(E));
      if (p == nullptr) throw std::bad_alloc();
      data_ = static_cast<E*>(p);
      cap_ = cap;
    }
    E* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t cap_ = 0;
  };

  // The bits of a non-negative double order like the double; -0.0 (which equals 0.0) is folded onto
  // 0.0 by dropping the sign.
  static std::uint64_t key(double t) {
    std::uint64_t u;
    std::memcpy(&u, &t, sizeof u);
    return u & ~(std::uint64_t{1} << 63);
  }
  // Keys are below 2^63, so buckets go up to 63.
  static int bucket_of(std::uint64_t k, std::uint64_t last) {
    return k == last ? 0 : 64 - std::countl_zero(k ^ last);
  }
  static bool later(const E& a, const E& b) { return E::before(b, a); }
  [[noreturn]] static void throw_not_monotone();

  // An event up to bound_ (already counted in size_): inserted in (time, tie) order.
  void push_front(const E& e) {
    Bucket& z = bucket_[0];
    if (!heap_ && z.size() - head_ >= kFrontMax && E::before(e, z[z.size() - 1])) {
      // The unconsumed events become the heap: a sorted run already is one (earliest first).
      std::memmove(z.begin(), z.begin() + head_, (z.size() - head_) * sizeof(E));
      z.truncate(z.size() - head_);
      head_ = 0;
      heap_ = true;
    }
    if (heap_) {
      z.push_back(e);
      std::push_heap(z.begin(), z.end(), later);
      return;
    }
    insert_in_order(z, e, head_);
  }
  // Appends e to z and moves it down to its (time, tie) place, not below index lo.
  static void insert_in_order(Bucket& z, const E& e, std::size_t lo) {
    z.push_back(e);
    std::size_t i = z.size() - 1;
    while (i > lo && E::before(e, z[i - 1])) z[i] = z[i - 1], --i;
    z[i] = e;
  }

  // Makes the front non-empty (the queue must not be empty; the front is).
  void refill() {
    Bucket& z = bucket_[0];
    for (;;) {
      const int from = std::countr_zero(mask_);
      Bucket& v = bucket_[from];
      mask_ &= ~(std::uint64_t{1} << from);
      if (v.size() <= kSortMax) {
        for (const E& e : v) insert_in_order(z, e, 0);
        v.clear();
        bound_ = key(z[z.size() - 1].time);
        return;
      }
      // The key and the mask in locals: through members, every store into a bucket could change
      // them (as far as the compiler knows), so they were reloaded and stored per event.
      const std::uint64_t low = std::uint64_t{1} << (from - 1);
      const std::uint64_t last = (last_ & ~(low - 1)) | low;  // L: <= every event of v
      std::uint64_t m = 0;
      for (const E& e : v) {
        const int b = bucket_of(key(e.time), last);  // < from: v is not written while read
        bucket_[b].push_back(e);
        m |= std::uint64_t{1} << b;
      }
      v.clear();
      last_ = bound_ = last;
      mask_ |= m & ~std::uint64_t{1};  // the front has no bit
      if (!z.empty()) {
        // Events at L, in tie order.
        if (z.size() > 1)
          std::sort(z.begin(), z.end(), [](const E& a, const E& b) { return a.tie() < b.tie(); });
        return;
      }
    }
  }

  Bucket bucket_[64];
  std::uint64_t mask_ = 0;    ///< bit b: bucket b (>= 1) is not empty
  std::uint64_t last_ = 0;    ///< the buckets' reference key (<= every bucket's key)
  std::uint64_t bound_ = 0;   ///< the front's keys are <= bound_ < every bucket's key
  std::uint64_t popped_ = 0;  ///< key of the last popped time
  std::size_t head_ = 0;      ///< popped prefix of the front (0 while it is a heap)
  std::size_t size_ = 0;
  bool heap_ = false;  ///< the front is a binary heap (a storm of pushes into it)
};

[[noreturn]] void throw_event_not_monotone();
template <class E>
void RadixEventQueue<E>::throw_not_monotone() {
  throw_event_not_monotone();
}

}  // namespace loadlab::core
