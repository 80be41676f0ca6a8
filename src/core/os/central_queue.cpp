// central_queue: one ready queue for every process of every job, round-robin time slicing.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 4.1 ("Early Work"): idle processors take
// the first process of the central ready queue; the clock interrupts it after a quantum and puts it
// back. Leutenegger's variant gives each job a quantum inversely proportional to the number of
// processes it creates (params.quantum_rule = "inverse_threads": quantum / threads), so every job
// gets the same share of the machine whatever its thread count.
// A thread resumed on another processor pays cache_reload (Section 4.3); a thread that reaches a
// barrier spins while its descheduled siblings wait in the queue (Section 4.2).
#include <deque>

#include "core/os/policies.h"

namespace loadlab::core::os_detail {

namespace {

class CentralQueue final : public Policy {
 public:
  explicit CentralQueue(const OsParams& p) : prm_(p) {}

  void on_arrival(Engine& e, std::int32_t j) override {
    const int k = e.job_spec(j).threads;
    e.start_job(j, k);
    for (int s = 0; s < k; ++s) queue_.push_back(e.thread_id(j, s));
    while (!queue_.empty() && !e.idle().empty()) run_next(e, e.idle().first());
  }

  void on_idle(Engine& e, std::int32_t p) override {
    if (!queue_.empty()) run_next(e, p);
  }

  void on_slice_end(Engine& e, std::int32_t p) override {
    if (queue_.empty()) {
      e.extend(p, slice(e, e.proc(p).thread));
      return;
    }
    queue_.push_back(e.preempt(p));
    run_next(e, p);
  }

 private:
  double slice(Engine& e, std::int32_t t) {
    return prm_.quantum_inverse_threads ? prm_.quantum / e.job_spec(e.thread(t).job).threads
                                        : prm_.quantum;
  }
  void run_next(Engine& e, std::int32_t p) {
    const std::int32_t t = queue_.front();
    queue_.pop_front();
    e.dispatch(p, t, slice(e, t));
  }

  OsParams prm_;
  std::deque<std::int32_t> queue_;
};

}  // namespace

std::unique_ptr<Policy> make_central_queue(const OsParams& p) {
  return std::make_unique<CentralQueue>(p);
}

}  // namespace loadlab::core::os_detail
