// Strategy "work_stealing".
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Work-stealing is an asynchronous approach in
// which a processor with an empty run-queue steals work from another processor. Simple approaches
// include having each processor maintain a target variable that cycles work requests around to all
// other processors. It is also possible to have a global target variable to avoid collisions in
// stealing or, even more simply, to use randomization for stealing."
// Victims are the thief's neighbours (on `complete` that is every other node, i.e. any-to-any); a
// request and a refusal are one message each; stolen tasks migrate one hop (the oldest ones, from
// the front of the victim's queue). After a refusal the thief waits `backoff` and asks the next
// victim, so a long tail cannot spin at one instant.
// With the global target (strategy "work_stealing_global") one variable shared by all nodes
// cycles over every other node, so two thieves in a row never ask the same victim; victims are
// then any node, and the request, the refusal and the stolen tasks travel the hop distance.
#include "core/dynamic/strategies.h"

#include <vector>

namespace loadlab::core {

namespace {

enum StealTag { kStealRequest = 1, kStealRefuse = 2, kStealStolen = 3, kStealRetry = 4 };

class StealStrategy final : public DynamicStrategy {
 public:
  // The parameter strings are compared once here, not per steal.
  explicit StealStrategy(const StealParams& p)
      : p_(p),
        one_(p.amount == "one"),
        round_robin_(p.victim == "round_robin"),
        global_(p.victim == "global") {}

  void on_start(DynamicSim& s) override {
    stealing_.assign(static_cast<std::size_t>(s.nodes()), 0);
    target_.assign(static_cast<std::size_t>(s.nodes()), 0);
    for (int v = 0; v < s.nodes(); ++v) target_[static_cast<std::size_t>(v)] = v;  // spread
  }

  void on_idle(DynamicSim& s, int v) override { try_steal(s, v); }

  void on_task_arrived(DynamicSim& s, int node, DynTaskId t, int tag) override {
    if (tag == kStealStolen) stealing_[static_cast<std::size_t>(node)] = 0;
    s.enqueue(node, t);
  }

  void on_message(DynamicSim& s, int to, int from, int tag, std::int64_t) override {
    if (tag == kStealRequest) {
      const int hops = global_ ? s.topology().distance(to, from) : 1;
      const std::int64_t q = s.queued(to);
      if (q == 0) {
        s.message(to, from, hops, kStealRefuse, 0);
        return;
      }
      const std::int64_t k = one_ ? 1 : (q + 1) / 2;
      for (std::int64_t i = 0; i < k; ++i)
        s.migrate(s.take_oldest(to), to, from, hops, kStealStolen);
      return;
    }
    if (tag == kStealRefuse) s.timer(s.now() + p_.backoff, to, kStealRetry);
  }

  void on_timer(DynamicSim& s, int v, int, std::int64_t) override {
    stealing_[static_cast<std::size_t>(v)] = 0;
    try_steal(s, v);
  }

 private:
  void try_steal(DynamicSim& s, int v) {
    auto& busy = stealing_[static_cast<std::size_t>(v)];
    if (busy || !s.idle(v) || s.incoming(v) > 0 || !s.work_remaining()) return;
    if (global_) {
      if (s.nodes() < 2) return;
      if (global_target_ == v) global_target_ = (global_target_ + 1) % s.nodes();
      const int victim = global_target_;
      global_target_ = (global_target_ + 1) % s.nodes();
      busy = 1;
      s.message(v, victim, s.topology().distance(v, victim), kStealRequest, 0);
      return;
    }
    const auto nb = s.topology().neighbours(v);
    if (nb.empty()) return;
    int victim;
    if (round_robin_) {
      int& t = target_[static_cast<std::size_t>(v)];
      victim = nb[static_cast<std::size_t>(t % static_cast<int>(nb.size()))];
      t = (t + 1) % static_cast<int>(nb.size());
    } else {
      victim = nb[static_cast<std::size_t>(s.rng().below(nb.size()))];
    }
    busy = 1;
    s.message(v, victim, 1, kStealRequest, 0);
  }
  StealParams p_;
  bool one_;
  bool round_robin_;
  bool global_;
  int global_target_ = 0;       // the shared target variable of the global variant
  std::vector<char> stealing_;  // a request (or its backoff) is outstanding
  std::vector<int> target_;     // round-robin target variable, as an index into the neighbours
};

}  // namespace

std::unique_ptr<DynamicStrategy> make_work_stealing_strategy(const StealParams& p) {
  return make_dynamic_strategy<StealStrategy>(p);
}

std::unique_ptr<DynamicStrategy> make_work_stealing_global_strategy(StealParams p) {
  p.victim = "global";
  return make_dynamic_strategy<StealStrategy>(p);
}

}  // namespace loadlab::core
