// static_partition: each job gets a fixed set of processors for its whole life.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.3 (static space sharing) and 4.4
// (initial processor allocation). At its start a job receives its share of the machine by the
// allocation rule (params.allocation: equal share, proportional to sqrt(work) after Sevcik, or to
// the average parallelism after Eager et al.) computed over the jobs in the system, capped at its
// threads and at the free processors, and adapts its grain to it (it runs with that many threads).
// Processors freed by a departing job are not given to running jobs, only to waiting ones (FIFO):
// the underutilization the survey attributes to static policies.
#include <deque>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class StaticPartition final : public Policy {
 public:
  explicit StaticPartition(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (owner_.empty()) owner_.assign(static_cast<std::size_t>(e.processors()), -1);
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
    for (auto& o : owner_)
      if (o == j) o = -1;
    try_start(e);
  }

 private:
  void try_start(Engine& e) {
    while (!waiting_.empty()) {
      int free = 0;
      for (auto o : owner_) free += o < 0 ? 1 : 0;
      if (free == 0) return;
      const std::int32_t j = waiting_.front();
      const auto& present = e.present();
      const auto shares = allocate(e, present, prm_.allocation, e.processors());
      std::int32_t share = 1;
      for (std::size_t i = 0; i < present.size(); ++i)
        if (present[i] == j) share = std::max<std::int32_t>(shares[i], 1);
      const int p = std::min({share, free, e.job_spec(j).threads});
      waiting_.pop_front();
      e.start_job(j, p);
      int s = 0;
      for (std::size_t q = 0; q < owner_.size() && s < p; ++q)
        if (owner_[q] < 0) {
          owner_[q] = j;
          e.dispatch(static_cast<std::int32_t>(q), e.thread_id(j, s++), kForever);
        }
    }
  }

  // Arrivals at the same instant are allocated together (the timer runs after all of them).
  void defer(Engine& e) {
    if (!pending_) pending_ = true, e.set_timer(e.now(), 0);
  }

  OsParams prm_;
  std::vector<std::int32_t> owner_;
  std::deque<std::int32_t> waiting_;
  bool pending_ = false;
};

}  // namespace

std::unique_ptr<Policy> make_static_partition(const OsParams& p) {
  return std::make_unique<StaticPartition>(p);
}

}  // namespace loadlab::core::os_detail
