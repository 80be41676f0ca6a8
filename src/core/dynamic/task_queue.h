// A node's ready queue in the dynamic simulator: a double-ended FIFO of task ids stored as runs of
// consecutive ids.
//
// Why runs: the initial tasks of a node get consecutive ids, a steal of the oldest tasks moves
// consecutive ids, and a parent's children are created in a row. With 10^7 tasks on 65,536 nodes a
// queue of ids would cost 40-80 MB of fresh memory (and its page faults) for what is mostly one run
// per node; a run is 8 bytes whatever its length. The order of ids is exactly that of a plain
// deque.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace loadlab::core {

class TaskQueue {
 public:
  TaskQueue() = default;
  TaskQueue(TaskQueue&& o) noexcept { *this = std::move(o); }
  TaskQueue& operator=(TaskQueue&& o) noexcept {
    buf_ = std::move(o.buf_);
    inline_ = o.inline_, cap_ = o.cap_, head_ = o.head_, runs_ = o.runs_, size_ = o.size_;
    o.cap_ = 1, o.head_ = o.runs_ = o.size_ = 0;
    return *this;
  }

  std::int64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  void push_back(std::uint32_t id) {
    ++size_;
    if (runs_ > 0) {
      Run& b = at(runs_ - 1);
      if (b.first + b.count == id && b.count != UINT32_MAX) {
        ++b.count;
        return;
      }
    }
    if (runs_ == cap_) grow();
    at(runs_++) = {id, 1};
  }
  std::uint32_t pop_front() {
    --size_;
    Run& f = at(0);
    const std::uint32_t id = f.first++;
    if (--f.count == 0) head_ = (head_ + 1) & (cap_ - 1), --runs_;
    return id;
  }
  /// The newest id (the queue must not be empty).
  std::uint32_t back() const {
    const Run& b = data()[(head_ + runs_ - 1) & (cap_ - 1)];
    return b.first + b.count - 1;
  }
  std::uint32_t pop_back() {
    --size_;
    Run& b = at(runs_ - 1);
    const std::uint32_t id = b.first + --b.count;
    if (b.count == 0) --runs_;
    return id;
  }

 private:
  struct Run {
    std::uint32_t first;
    std::uint32_t count;
  };
  // One run is stored inline (no pointer to chase in the common case); more go to a ring buffer.
  Run* data() { return cap_ == 1 ? &inline_ : buf_.get(); }
  const Run* data() const { return cap_ == 1 ? &inline_ : buf_.get(); }
  Run& at(std::uint32_t i) { return data()[(head_ + i) & (cap_ - 1)]; }
  void grow() {
    const std::uint32_t cap = 2 * cap_;
    std::unique_ptr<Run[]> b(new Run[cap]);
    for (std::uint32_t i = 0; i < runs_; ++i) b[i] = at(i);
    buf_ = std::move(b);
    cap_ = cap;
    head_ = 0;
  }

  std::unique_ptr<Run[]> buf_;
  Run inline_{0, 0};
  std::uint32_t cap_ = 1;  ///< power of two
  std::uint32_t head_ = 0;
  std::uint32_t runs_ = 0;
  std::uint32_t size_ = 0;  ///< < 2^31: task ids are below INT32_MAX
};

}  // namespace loadlab::core
