// Real-thread strategy "none": every task runs on the thread where it appeared (its root's
// thread); no balancing, the baseline the other strategies are measured against (the `none`
// strategy of docs/scenario-dynamic.md on shared memory). A thread stops when its queue is empty:
// nothing can reach it later.
#include "sim/dynamic_exec/exec_state.h"

namespace loadlab::sim::dynexec {

namespace {

class NoneExec final : public ExecStrategy {
 public:
  bool stop_when_empty() const override { return true; }
};

}  // namespace

std::unique_ptr<ExecStrategy> make_none_exec() {
  return std::make_unique<NoneExec>();
}

}  // namespace loadlab::sim::dynexec
