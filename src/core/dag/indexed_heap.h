// A binary min-heap of small integer ids with O(log n) removal of any member.
//
// The FLB lists (paper 001, Section 4.1) need Head, Enqueue, Dequeue, RemoveItem and BalanceList
// (re-key). Several heaps may share one position array when an id is in at most one of them at a
// time (e.g. the per-processor EP task lists).
#pragma once

#include <cstdint>
#include <vector>

namespace loadlab::core {

template <class Less>
class IndexedHeap {
 public:
  IndexedHeap(std::vector<std::int32_t>* pos, Less less) : pos_(pos), less_(less) {}

  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  std::int32_t top() const { return items_.front(); }
  bool contains(std::int32_t id) const {
    const std::int32_t p = (*pos_)[id];
    return p >= 0 && static_cast<std::size_t>(p) < items_.size() && items_[p] == id;
  }
  const std::vector<std::int32_t>& items() const { return items_; }

  void push(std::int32_t id) {
    items_.push_back(id);
    (*pos_)[id] = static_cast<std::int32_t>(items_.size() - 1);
    up(items_.size() - 1);
  }
  void pop() { erase(items_.front()); }
  void erase(std::int32_t id) {
    const std::size_t i = static_cast<std::size_t>((*pos_)[id]);
    const std::int32_t last = items_.back();
    items_.pop_back();
    (*pos_)[id] = -1;
    if (i == items_.size()) return;
    items_[i] = last;
    (*pos_)[last] = static_cast<std::int32_t>(i);
    update_at(i);
  }
  /// Restores order after the key of `id` changed (inserting it if absent).
  void update(std::int32_t id) {
    if (!contains(id))
      push(id);
    else
      update_at(static_cast<std::size_t>((*pos_)[id]));
  }

 private:
  void update_at(std::size_t i) {
    if (i > 0 && less_(items_[i], items_[(i - 1) / 2]))
      up(i);
    else
      down(i);
  }
  void up(std::size_t i) {
    const std::int32_t id = items_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!less_(id, items_[parent])) break;
      place(i, items_[parent]);
      i = parent;
    }
    place(i, id);
  }
  void down(std::size_t i) {
    const std::int32_t id = items_[i];
    const std::size_t n = items_.size();
    while (true) {
      std::size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && less_(items_[c + 1], items_[c])) ++c;
      if (!less_(items_[c], id)) break;
      place(i, items_[c]);
      i = c;
    }
    place(i, id);
  }
  void place(std::size_t i, std::int32_t id) {
    items_[i] = id;
    (*pos_)[id] = static_cast<std::int32_t>(i);
  }

  std::vector<std::int32_t>* pos_;
  Less less_;
  std::vector<std::int32_t> items_;
};

}  // namespace loadlab::core
