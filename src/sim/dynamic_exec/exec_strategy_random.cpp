// Real-thread strategy "random": randomized allocation.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Randomized allocation only addresses new
// processes by randomly assigning them to a neighboring node. If that node is overloaded, then
// random assignment is repeated, possibly several times as limited by the transfer limit."
// On shared memory every thread is a neighbour: each new child goes to a random other thread;
// while that thread's queue holds more than `random_threshold` tasks and fewer than
// `transfer_limit` transfers were made, it goes on to another random thread (as the simulator's
// core/dynamic/strategy_random.cpp). Idle threads only wait; nothing is pulled.
#include "sim/dynamic_exec/exec_state.h"

namespace loadlab::sim::dynexec {

namespace {

class RandomExec final : public ExecStrategy {
 public:
  explicit RandomExec(const ThreadExecOptions& o)
      : threshold_(o.random_threshold), limit_(o.transfer_limit) {}

  void place(ExecShared& s, int self, std::vector<ThreadTask>& kids, util::Rng& rng,
             WorkerStats& st) override {
    if (s.threads < 2 || limit_ < 1) {
      s.queue(self).push_back(kids.data(), kids.size());
      return;
    }
    for (const ThreadTask& k : kids) {
      int to = random_other(rng, s.threads, self);
      int transfers = 1;
      while (transfers < limit_ && s.load(to) > threshold_) {
        to = random_other(rng, s.threads, to);
        ++transfers;
      }
      s.queue(to).push_back(&k, 1);
      if (to != self) ++st.migrations;
    }
  }

 private:
  std::int64_t threshold_;
  int limit_;
};

}  // namespace

std::unique_ptr<ExecStrategy> make_random_exec(const ThreadExecOptions& o) {
  return std::make_unique<RandomExec>(o);
}

}  // namespace loadlab::sim::dynexec
