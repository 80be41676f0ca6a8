// Real-thread strategy "receiver": the receiver-initiated, load-imbalance-based policy.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 2.5 (loads known to all, L_A, senders
// S = {L_s > L_A}, receivers R = {L_r < L_A}, a receiver requests W_sr from senders with π_sr above
// θ_r, Σ_s W_sr ≤ L_A − L_r; a sender sends at most what is requested).
// On shared memory the "broadcast" is reading every queue's size (atomics, possibly a moment
// stale), and all distances are 1, so π_sr = (L_s − L_A) / max(L_s' − L_A) is highest (1) for the
// most loaded thread: a thread whose queue holds at most `receiver_theta` tasks requests
// W = floor(L_A − L_r) ≥ 1 tasks from the most loaded thread, which sends at most
// min(W, floor(L_s − L_A)) with L_s re-read under its lock (its excess). Loads count queued tasks
// (not the one running). With W < 1 (e.g. loads 1 and 0) no request is made: the policy only
// moves work to fill a deficit of a whole task.
#include <cmath>

#include "sim/dynamic_exec/exec_state.h"

namespace loadlab::sim::dynexec {

namespace {

class ReceiverExec final : public ExecStrategy {
 public:
  explicit ReceiverExec(const ThreadExecOptions& o) : theta_(o.receiver_theta) {}

  bool underloaded(const ExecShared& s, int self) const override {
    return theta_ > 0 && s.threads > 1 && s.load(self) <= theta_;
  }

  bool acquire(ExecShared& s, int self, util::Rng& rng, WorkerStats& st) override {
    (void)rng;
    if (s.threads < 2) return false;
    std::int64_t total = 0, best = -1;
    int sender = -1;
    for (int t = 0; t < s.threads; ++t) {
      const std::int64_t l = s.load(t);
      total += l;
      if (t != self && l > best) best = l, sender = t;
    }
    const double avg = static_cast<double>(total) / s.threads;  // L_A
    const double deficit = avg - static_cast<double>(s.load(self));
    const auto want = static_cast<std::int64_t>(std::floor(deficit));
    if (want < 1 || sender < 0 || static_cast<double>(best) <= avg) return false;
    ++st.attempts;  // the request
    st.buffer.clear();
    const std::size_t n = s.queue(sender).take_front(st.buffer, [want, avg](std::int64_t size) {
      const auto excess = static_cast<std::int64_t>(std::floor(static_cast<double>(size) - avg));
      return excess < want ? excess : want;
    });
    if (n == 0) return false;
    s.queue(self).push_back(st.buffer.data(), n);
    ++st.steals;
    st.migrations += static_cast<std::int64_t>(n);
    return true;
  }

 private:
  std::int64_t theta_;
};

}  // namespace

std::unique_ptr<ExecStrategy> make_receiver_exec(const ThreadExecOptions& o) {
  return std::make_unique<ReceiverExec>(o);
}

}  // namespace loadlab::sim::dynexec
