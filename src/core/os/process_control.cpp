// process_control: semi-static space sharing where jobs adjust their threads to their processors.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.3 (Tucker and Gupta): the run-time
// system cooperates with the operating system so that no application runs more processes than the
// processors it is given. Processors are re-divided at every arrival and departure by the
// allocation rule (params.allocation, Section 4.4); a job whose share changes redistributes its
// remaining work of the current phase over exactly that many threads (as a task-queue run-time
// would), each on its own processor, so it never time-shares and runs at the efficiency
// speedup(p)/p of its current size. Jobs beyond P wait.
#include <algorithm>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class ProcessControl final : public Policy {
 public:
  explicit ProcessControl(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (owner_.empty()) owner_.assign(static_cast<std::size_t>(e.processors()), -1);
    if (part_.size() < static_cast<std::size_t>(j) + 1)
      part_.resize(static_cast<std::size_t>(j) + 1);
    // Arrivals at the same instant are allocated together (the timer runs after all of them).
    if (!pending_) pending_ = true, e.set_timer(e.now(), 0);
  }
  void on_timer(Engine& e, std::int32_t) override {
    pending_ = false;
    reallocate(e);
  }
  void on_idle(Engine&, std::int32_t) override {}
  void on_slice_end(Engine& e, std::int32_t p) override { e.extend(p, kForever); }
  void on_job_done(Engine& e, std::int32_t j) override {
    for (auto q : part_[static_cast<std::size_t>(j)]) owner_[static_cast<std::size_t>(q)] = -1;
    part_[static_cast<std::size_t>(j)].clear();
    reallocate(e);
  }

 private:
  void reallocate(Engine& e) {
    const auto& present = e.present();
    const auto shares = allocate(e, present, prm_.allocation, e.processors());
    std::vector<std::int32_t> changed;
    for (std::size_t i = 0; i < present.size(); ++i) {
      const std::int32_t j = present[i];
      auto& part = part_[static_cast<std::size_t>(j)];
      if (static_cast<std::int32_t>(part.size()) == shares[i]) continue;
      changed.push_back(j);
      // Threads stop at a safe point; the job keeps its lowest-numbered processors.
      for (auto q : part)
        if (e.proc(q).thread >= 0) e.preempt(q);
      while (static_cast<std::int32_t>(part.size()) > shares[i]) {
        owner_[static_cast<std::size_t>(part.back())] = -1;
        part.pop_back();
      }
    }
    for (std::size_t i = 0; i < present.size(); ++i) {
      const std::int32_t j = present[i];
      auto& part = part_[static_cast<std::size_t>(j)];
      for (std::size_t q = 0;
           q < owner_.size() && static_cast<std::int32_t>(part.size()) < shares[i]; ++q)
        if (owner_[q] < 0) owner_[q] = j, part.push_back(static_cast<std::int32_t>(q));
    }
    for (const std::int32_t j : changed) {
      auto& part = part_[static_cast<std::size_t>(j)];
      if (part.empty()) continue;
      const auto d = static_cast<std::int32_t>(part.size());
      if (e.job(j).degree == 0)
        e.start_job(j, d);
      else
        e.set_degree(j, d);
      for (std::int32_t s = 0; s < d; ++s)
        e.dispatch(part[static_cast<std::size_t>(s)], e.thread_id(j, s), kForever);
    }
  }

  OsParams prm_;
  std::vector<std::int32_t> owner_;
  std::vector<std::vector<std::int32_t>> part_;  // per job: its processors
  bool pending_ = false;
};

}  // namespace

std::unique_ptr<Policy> make_process_control(const OsParams& p) {
  return std::make_unique<ProcessControl>(p);
}

}  // namespace loadlab::core::os_detail
