// The machinery shared by dynamic_space_sharing, migration and checkpoint_restart: processors are
// re-divided among the jobs at every arrival and departure (allocation rule, Section 4.4), a job
// keeps all its threads and multiplexes them round-robin on its partition (so with fewer
// processors than threads it time-shares inside its partition and may spin at barriers), and a
// thread whose processor is taken away (or that is moved to a new processor to balance the
// partition) is moved by the policy's mechanism:
//  - Free: shared memory, only the cache reload of any move (dynamic_space_sharing);
//  - Migrate: full process migration, pays costs.migration (Section 4.5.2);
//  - Restart: killed and restarted from its last checkpoint on the new processor, pays
//    costs.restart and redoes the work since the checkpoint; every checkpoint_interval all
//    running processes pay costs.checkpoint (Section 4.5.1).
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Sections 4.3 and 4.5.
#include <algorithm>
#include <deque>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class PartitionMultiplex final : public Policy {
 public:
  PartitionMultiplex(const OsParams& p, const OsCosts& c, MoveMode mode)
      : prm_(p), cost_(c), mode_(mode) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (owner_.empty()) {
      owner_.assign(static_cast<std::size_t>(e.processors()), -1);
      local_.resize(static_cast<std::size_t>(e.processors()));
    }
    if (part_.size() < static_cast<std::size_t>(j) + 1)
      part_.resize(static_cast<std::size_t>(j) + 1);
    e.start_job(j, e.job_spec(j).threads);
    // Arrivals at the same instant are allocated together (the timer runs after all of them).
    if (!pending_) pending_ = true, e.set_timer(e.now(), kRealloc);
    if (mode_ == MoveMode::Restart && !armed_) {
      armed_ = true;
      e.set_timer(e.now() + prm_.checkpoint_interval, kCheckpoint);
    }
  }

  void on_idle(Engine& e, std::int32_t p) override {
    auto& q = local_[static_cast<std::size_t>(p)];
    if (q.empty()) return;
    const std::int32_t t = q.front();
    q.pop_front();
    e.dispatch(p, t, prm_.quantum);
  }

  void on_slice_end(Engine& e, std::int32_t p) override {
    auto& q = local_[static_cast<std::size_t>(p)];
    if (q.empty()) {
      e.extend(p, prm_.quantum);
      return;
    }
    q.push_back(e.preempt(p));
    on_idle(e, p);
  }

  void on_job_done(Engine& e, std::int32_t j) override {
    for (auto q : part_[static_cast<std::size_t>(j)]) owner_[static_cast<std::size_t>(q)] = -1;
    part_[static_cast<std::size_t>(j)].clear();
    reallocate(e);
  }

  void on_timer(Engine& e, std::int32_t tag) override {
    if (tag == kRealloc) {
      pending_ = false;
      reallocate(e);
      return;
    }
    armed_ = false;
    if (e.present().empty()) return;
    for (int p = 0; p < e.processors(); ++p)
      if (e.proc(p).thread >= 0) e.checkpoint(p, cost_.checkpoint);
    for (auto j : e.present()) e.mark_checkpoint(j);
    armed_ = true;
    e.set_timer(e.now() + prm_.checkpoint_interval, kCheckpoint);
  }

 private:
  static constexpr std::int32_t kCheckpoint = 0, kRealloc = 1;

  void move(Engine& e, std::int32_t t) {
    switch (mode_) {
      case MoveMode::Free:
        break;
      case MoveMode::Migrate:
        e.charge_move(t, OsSegment::Migration, cost_.migration);
        break;
      case MoveMode::Restart:
        e.charge_move(t, OsSegment::Restart, cost_.restart);
        break;
    }
  }

  // Takes thread t away from its home (off the processor, out of the queue).
  void unhome(Engine& e, std::int32_t t) {
    Thread& th = e.thread(t);
    if (th.proc >= 0) e.preempt(th.proc);
    if (th.home >= 0) {
      auto& q = local_[static_cast<std::size_t>(th.home)];
      q.erase(std::remove(q.begin(), q.end(), t), q.end());
    }
  }

  void reallocate(Engine& e) {
    const auto& present = e.present();
    const auto shares = allocate(e, present, prm_.allocation, e.processors());
    std::vector<std::size_t> changed;
    for (std::size_t i = 0; i < present.size(); ++i) {
      auto& part = part_[static_cast<std::size_t>(present[i])];
      if (static_cast<std::int32_t>(part.size()) == shares[i]) continue;
      changed.push_back(i);
      while (static_cast<std::int32_t>(part.size()) > shares[i]) {
        owner_[static_cast<std::size_t>(part.back())] = -1;
        part.pop_back();
      }
    }
    for (const std::size_t i : changed) {
      const std::int32_t j = present[i];
      auto& part = part_[static_cast<std::size_t>(j)];
      for (std::size_t q = 0;
           q < owner_.size() && static_cast<std::int32_t>(part.size()) < shares[i]; ++q)
        if (owner_[q] < 0) owner_[q] = j, part.push_back(static_cast<std::int32_t>(q));
      rehome(e, j);
    }
    for (int p = 0; p < e.processors(); ++p)
      if (e.proc(p).state == ProcState::Idle) on_idle(e, p);
  }

  // Balances the job's threads over its partition: threads keep their processor while it is in the
  // partition and under its fair load (ceil(k / p)); the others move to the least loaded.
  void rehome(Engine& e, std::int32_t j) {
    const auto& part = part_[static_cast<std::size_t>(j)];
    const int k = e.job_spec(j).threads;
    std::vector<std::int32_t> load(owner_.size(), 0), movers;
    const int cap =
        part.empty() ? 0 : (k + static_cast<int>(part.size()) - 1) / static_cast<int>(part.size());
    for (int s = 0; s < k; ++s) {
      const std::int32_t t = e.thread_id(j, s);
      Thread& th = e.thread(t);
      if (th.done) continue;
      const bool keep = th.home >= 0 && owner_[static_cast<std::size_t>(th.home)] == j &&
                        load[static_cast<std::size_t>(th.home)] < cap;
      if (keep)
        ++load[static_cast<std::size_t>(th.home)];
      else
        movers.push_back(t);
    }
    for (const std::int32_t t : movers) {
      Thread& th = e.thread(t);
      const bool was_homed = th.home >= 0;
      unhome(e, t);
      th.home = -1;
      if (part.empty()) continue;  // waits without processors
      std::int32_t best = part.front();
      for (auto q : part)
        if (load[static_cast<std::size_t>(q)] < load[static_cast<std::size_t>(best)]) best = q;
      ++load[static_cast<std::size_t>(best)];
      th.home = best;
      if (was_homed) move(e, t);
      local_[static_cast<std::size_t>(best)].push_back(t);
    }
  }

  OsParams prm_;
  OsCosts cost_;
  MoveMode mode_;
  std::vector<std::int32_t> owner_;
  std::vector<std::vector<std::int32_t>> part_;
  std::vector<std::deque<std::int32_t>> local_;
  bool armed_ = false, pending_ = false;
};

}  // namespace

std::unique_ptr<Policy> make_partition_multiplex(const OsParams& p, const OsCosts& c,
                                                 MoveMode mode) {
  return std::make_unique<PartitionMultiplex>(p, c, mode);
}

}  // namespace loadlab::core::os_detail
