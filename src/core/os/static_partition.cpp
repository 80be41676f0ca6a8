// static_partition: each job gets a fixed set of processors for its whole life.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.3 (static space sharing) and 4.4
// (initial processor allocation). At its start a job receives its share of the machine by the
// allocation rule (params.allocation: equal share, proportional to sqrt(work) after Sevcik, or to
// the average parallelism after Eager et al.) computed over the jobs in the system, capped at its
// threads and at the free processors, and adapts its grain to it (it runs with that many threads).
// Processors freed by a departing job are not given to running jobs, only to waiting ones (FIFO):
// the underutilization the survey attributes to static policies.
#include <algorithm>
#include <deque>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class StaticPartition final : public Policy {
 public:
  explicit StaticPartition(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (!ready_) {
      ready_ = true;
      free_.resize(e.processors());
      for (int q = 0; q < e.processors(); ++q) free_.insert(q);
    }
    if (part_.size() < static_cast<std::size_t>(j) + 1)
      part_.resize(static_cast<std::size_t>(j) + 1);
    waiting_.push_back(j);
    defer(e);
  }
  void on_timer(Engine& e, std::int32_t) override {
    pending_ = false;
    try_start(e);
  }
  void on_idle(Engine&, std::int32_t) override {}
  void on_slice_end(Engine& e, std::int32_t p) override { e.extend(p, kForever); }
  void on_job_done(Engine& e, std::int32_t j) override {
    for (const auto q : part_[static_cast<std::size_t>(j)]) free_.insert(q);
    part_[static_cast<std::size_t>(j)].clear();
    try_start(e);
  }

 private:
  // Cost per call O(m log m + started threads + P / 64) with m = min(present, P): the processors
  // a job gets do not depend on the backlog beyond the first P present jobs (allocate() gives them
  // 0, raised to 1 here), and the present set does not change while jobs start, so the rule runs
  // once per call over that prefix; free processors are a bit set scanned lowest index first.
  void try_start(Engine& e) {
    if (waiting_.empty() || free_.empty()) return;
    const auto& present = e.present();
    const std::size_t m = std::min(present.size(), static_cast<std::size_t>(e.processors()));
    prefix_.assign(present.begin(), present.begin() + static_cast<std::ptrdiff_t>(m));
    const auto shares = allocate(e, prefix_, prm_.allocation, e.processors());
    while (!waiting_.empty() && !free_.empty()) {
      const std::int32_t j = waiting_.front();
      std::int32_t share = 1;
      for (std::size_t i = 0; i < m; ++i)
        if (prefix_[i] == j) share = std::max<std::int32_t>(shares[i], 1);
      const int p = std::min({share, static_cast<int>(free_.size()), e.job_spec(j).threads});
      waiting_.pop_front();
      e.start_job(j, p);
      auto& part = part_[static_cast<std::size_t>(j)];
      for (int s = 0; s < p; ++s) {
        const std::int32_t q = free_.first();
        free_.erase(q);
        part.push_back(q);
        e.dispatch(q, e.thread_id(j, s), kForever);
      }
    }
  }

  // Arrivals at the same instant are allocated together (the timer runs after all of them).
  void defer(Engine& e) {
    if (!pending_) pending_ = true, e.set_timer(e.now(), 0);
  }

  OsParams prm_;
  std::vector<std::vector<std::int32_t>> part_;  // per job: its processors
  IdleSet free_;                                 // processors no job owns
  std::vector<std::int32_t> prefix_;
  std::deque<std::int32_t> waiting_;
  bool pending_ = false, ready_ = false;
};

}  // namespace

std::unique_ptr<Policy> make_static_partition(const OsParams& p) {
  return std::make_unique<StaticPartition>(p);
}

}  // namespace loadlab::core::os_detail
