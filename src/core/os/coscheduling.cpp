// coscheduling: gang scheduling on an Ousterhout matrix.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.2 (Medusa's coscheduling): either all
// processes of an application run at the same time or none does, so a process at a barrier never
// waits for a descheduled sibling. Rows of the matrix are time slots, columns are processors; a job
// is placed in the first row with enough free columns (a new row if none) and all processors switch
// rows together every quantum. The survey's drawback is fragmentation: columns a row leaves empty
// are idle (reported as "fragmentation"), unless params.fill_idle lets them run the same column's
// process of another row (Ousterhout's alternate scheduling), which brings back the spinning
// coscheduling was meant to avoid. Jobs have at most P threads (checked by io), so every job fits a
// row.
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class Coscheduling final : public Policy {
 public:
  explicit Coscheduling(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    const int P = e.processors();
    const int k = e.job_spec(j).threads;
    e.start_job(j, k);
    std::size_t r = 0;
    while (r < rows_.size() && free_in(r) < k) ++r;
    if (r == rows_.size()) rows_.emplace_back(static_cast<std::size_t>(P), -1), free_.push_back(P);
    free_[r] -= k;
    int s = 0;
    for (int p = 0; p < P && s < k; ++p)
      if (rows_[r][static_cast<std::size_t>(p)] < 0) {
        const std::int32_t t = e.thread_id(j, s++);
        rows_[r][static_cast<std::size_t>(p)] = t;
        e.thread(t).home = p;
      }
    if (r == active_) {
      enter_row(e);
    } else if (prm_.fill_idle) {
      for (int p = 0; p < P; ++p)
        if (e.proc(p).state == ProcState::Idle) on_idle(e, p);
    }
    arm(e);
  }

  void on_idle(Engine& e, std::int32_t p) override {
    const std::int32_t own = slot(active_, p);
    if (runnable(e, own)) {
      e.dispatch(p, own, kForever);
      return;
    }
    if (!prm_.fill_idle) return;
    for (std::size_t i = 1; i < rows_.size(); ++i) {
      const std::int32_t t = slot((active_ + i) % rows_.size(), p);
      if (runnable(e, t)) {
        e.dispatch(p, t, kForever);
        return;
      }
    }
  }

  void on_slice_end(Engine& e, std::int32_t p) override { e.extend(p, kForever); }

  void on_job_done(Engine& e, std::int32_t j) override {
    // All of a job's threads sit in one row, each in the column of its home: the row is the one
    // holding thread 0 there (O(rows + threads), not a scan of every slot of every row).
    const int k = e.job_spec(j).threads;
    const std::int32_t t0 = e.thread_id(j, 0);
    const std::int32_t c0 = e.thread(t0).home;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      if (rows_[r][static_cast<std::size_t>(c0)] != t0) continue;
      for (int s = 0; s < k; ++s) {
        const std::int32_t t = e.thread_id(j, s);
        rows_[r][static_cast<std::size_t>(e.thread(t).home)] = -1;
        ++free_[r];
      }
      if (free_[r] < e.processors()) return;
      const bool was_active = r == active_;
      rows_.erase(rows_.begin() + static_cast<std::ptrdiff_t>(r));
      free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(r));
      if (r < active_) --active_;
      if (active_ >= rows_.size()) active_ = 0;
      if (was_active) enter_row(e);  // the next row's gang starts at once
      return;
    }
  }

  void on_timer(Engine& e, std::int32_t) override {
    armed_ = false;
    if (rows_.size() > 1) {
      active_ = (active_ + 1) % rows_.size();
      enter_row(e);
    }
    arm(e);
  }

 private:
  int free_in(std::size_t r) const { return free_[r]; }
  std::int32_t slot(std::size_t r, std::int32_t p) const {
    return r < rows_.size() ? rows_[r][static_cast<std::size_t>(p)] : -1;
  }
  static bool runnable(Engine& e, std::int32_t t) {
    return t >= 0 && !e.thread(t).done && e.thread(t).proc < 0;
  }
  // All processors switch together to the active row.
  void enter_row(Engine& e) {
    for (int p = 0; p < e.processors(); ++p) {
      const std::int32_t want = slot(active_, p);
      const std::int32_t cur = e.proc(p).thread;
      if (cur >= 0 && cur == want) continue;
      if (cur >= 0) {
        if (want < 0 || e.thread(want).done) {
          if (prm_.fill_idle) continue;  // keep the filler running
        }
        e.preempt(p);
      }
    }
    for (int p = 0; p < e.processors(); ++p)
      if (e.proc(p).state == ProcState::Idle) on_idle(e, p);
  }
  void arm(Engine& e) {
    if (armed_ || rows_.size() < 2) return;
    armed_ = true;
    e.set_timer(e.now() + prm_.quantum, 0);
  }

  OsParams prm_;
  std::vector<std::vector<std::int32_t>> rows_;  // [row][processor] = thread or -1
  std::vector<int> free_;                        // empty slots per row
  std::size_t active_ = 0;
  bool armed_ = false;
};

}  // namespace

std::unique_ptr<Policy> make_coscheduling(const OsParams& p) {
  return std::make_unique<Coscheduling>(p);
}

}  // namespace loadlab::core::os_detail
