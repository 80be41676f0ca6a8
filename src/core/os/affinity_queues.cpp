// affinity_queues: per-processor ready queues under a system queue, affinity first.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.3 (Squillante and Lazowska): new
// processes enter a single system ready queue; each processor runs the processes of its own queue,
// takes from the system queue when its own is empty, and only when both are empty snoops on the
// queues of other processors. A preempted process goes back to the queue of the processor it ran
// on, so it usually resumes where its working set is cached (no cache_reload).
#include <deque>
#include <vector>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class AffinityQueues final : public Policy {
 public:
  explicit AffinityQueues(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    if (local_.empty()) local_.resize(static_cast<std::size_t>(e.processors()));
    const int k = e.job_spec(j).threads;
    e.start_job(j, k);
    for (int s = 0; s < k; ++s) system_.push_back(e.thread_id(j, s));
    fill_idle(e);
  }

  void on_idle(Engine& e, std::int32_t p) override {
    const std::int32_t t = pick(e, p);
    if (t >= 0) e.dispatch(p, t, prm_.quantum);
  }

  void on_slice_end(Engine& e, std::int32_t p) override {
    auto& mine = local_[static_cast<std::size_t>(p)];
    if (mine.empty() && system_.empty()) {
      e.extend(p, prm_.quantum);
      return;
    }
    const std::int32_t next = pick(e, p);  // before requeueing, so the system queue gets its turn
    mine.push_back(e.preempt(p));
    ++queued_local_;
    e.dispatch(p, next, prm_.quantum);
    fill_idle(e);
  }

 private:
  void fill_idle(Engine& e) {
    while (!e.idle().empty() && (!system_.empty() || queued_local_ > 0)) {
      const std::int32_t p = e.idle().first();
      const std::int32_t t = pick(e, p);
      if (t < 0) break;
      e.dispatch(p, t, prm_.quantum);
    }
  }

  std::int32_t pick(Engine&, std::int32_t p) {
    auto& mine = local_[static_cast<std::size_t>(p)];
    if (!mine.empty()) return pop(mine);
    if (!system_.empty()) {
      const std::int32_t t = system_.front();
      system_.pop_front();
      return t;
    }
    if (queued_local_ == 0) return -1;
    // Snoop: the longest other queue (lowest index on ties) gives its oldest process.
    std::size_t best = 0, best_len = 0;
    for (std::size_t r = 0; r < local_.size(); ++r)
      if (local_[r].size() > best_len) best = r, best_len = local_[r].size();
    return best_len ? pop(local_[best]) : -1;
  }

  std::int32_t pop(std::deque<std::int32_t>& q) {
    const std::int32_t t = q.front();
    q.pop_front();
    --queued_local_;
    return t;
  }

  OsParams prm_;
  std::deque<std::int32_t> system_;
  std::vector<std::deque<std::int32_t>> local_;
  std::size_t queued_local_ = 0;
};

}  // namespace

std::unique_ptr<Policy> make_affinity_queues(const OsParams& p) {
  return std::make_unique<AffinityQueues>(p);
}

}  // namespace loadlab::core::os_detail
