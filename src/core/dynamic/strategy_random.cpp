// Strategy "random": randomized allocation.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Randomized allocation only addresses new
// processes by randomly assigning them to a neighboring node. If that node is overloaded, then
// random assignment is repeated, possibly several times as limited by the transfer limit."
// Every new task (initial, arrival or spawned) is a new process. "Overloaded" = load (queued +
// running + in flight to it) above `threshold`, judged when the task reaches the node.
#include "core/dynamic/strategies.h"

namespace loadlab::core {

namespace {

class RandomStrategy final : public DynamicStrategy {
 public:
  explicit RandomStrategy(const RandomParams& p) : p_(p) {}

  void on_new_task(DynamicSim& s, int node, DynTaskId t) override { forward(s, node, t, 0); }

  // `tag` = transfers this task has made so far.
  void on_task_arrived(DynamicSim& s, int node, DynTaskId t, int tag) override {
    if (tag<p_.transfer_limit&& static_cast<double>(s.load(node))> p_.threshold)
      forward(s, node, t, tag);
    else
      s.enqueue(node, t);
  }

 private:
  void forward(DynamicSim& s, int node, DynTaskId t, int transfers) {
    const auto nb = s.topology().neighbours(node);
    if (transfers >= p_.transfer_limit || nb.empty()) {
      s.enqueue(node, t);
      return;
    }
    const int to = nb[static_cast<std::size_t>(s.rng().below(nb.size()))];
    s.migrate(t, node, to, 1, transfers + 1);
  }
  RandomParams p_;
};

}  // namespace

std::unique_ptr<DynamicStrategy> make_random_strategy(const RandomParams& p) {
  return make_dynamic_strategy<RandomStrategy>(p);
}

}  // namespace loadlab::core
