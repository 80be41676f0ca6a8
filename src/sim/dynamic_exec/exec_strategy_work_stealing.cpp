// Real-thread strategy "work_stealing".
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Work-stealing is an asynchronous approach in
// which a processor with an empty run-queue steals work from another processor. Simple approaches
// include having each processor maintain a target variable that cycles work requests around to all
// other processors ... or, even more simply, to use randomization for stealing."
// Victim `random` or `round_robin` (each thread's own target variable, starting at its successor);
// the thief takes half of the victim's queue (rounded up) or one task, from the front (the oldest
// tasks, nearest the roots). The tasks are copied out under the victim's lock and pushed into the
// thief's queue after it is released, so no thread ever holds two locks.
#include <stdexcept>

#include "sim/dynamic_exec/exec_state.h"

namespace loadlab::sim::dynexec {

namespace {

class StealExec final : public ExecStrategy {
 public:
  explicit StealExec(const ThreadExecOptions& o)
      : round_robin_(o.victim == "round_robin"),
        half_(o.amount == "half"),
        target_(static_cast<std::size_t>(o.threads)) {
    if (o.victim != "random" && o.victim != "round_robin")
      throw std::invalid_argument("work_stealing: victim must be random or round_robin");
    if (o.amount != "half" && o.amount != "one")
      throw std::invalid_argument("work_stealing: amount must be half or one");
    for (int t = 0; t < o.threads; ++t)
      target_[static_cast<std::size_t>(t)].next = (t + 1) % o.threads;
  }

  bool acquire(ExecShared& s, int self, util::Rng& rng, WorkerStats& st) override {
    if (s.threads < 2) return false;
    int victim;
    if (round_robin_) {
      int& next = target_[static_cast<std::size_t>(self)].next;  // only `self` touches it
      if (next == self) next = (next + 1) % s.threads;
      victim = next;
      next = (next + 1) % s.threads;
    } else {
      victim = random_other(rng, s.threads, self);
    }
    ++st.attempts;
    if (s.load(victim) == 0) return false;
    st.buffer.clear();
    const bool half = half_;
    const std::size_t n = s.queue(victim).take_front(
        st.buffer, [half](std::int64_t size) { return half ? (size + 1) / 2 : std::int64_t{1}; });
    if (n == 0) return false;
    s.queue(self).push_back(st.buffer.data(), n);
    ++st.steals;
    st.migrations += static_cast<std::int64_t>(n);
    return true;
  }

 private:
  struct alignas(64) Target {
    int next = 0;
  };
  bool round_robin_, half_;
  std::vector<Target> target_;
};

}  // namespace

std::unique_ptr<ExecStrategy> make_work_stealing_exec(const ThreadExecOptions& o) {
  return std::make_unique<StealExec>(o);
}

}  // namespace loadlab::sim::dynexec
