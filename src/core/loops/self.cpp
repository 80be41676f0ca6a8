// Self-scheduling.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("each idle processor gets one
// iteration, executes it, and repeats"; one synchronization per iteration).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_self(const LoopParams& s) {
  check_loop_params(s);
  return make_uniform_dispenser(s.iterations, 1);
}
}  // namespace

LoopTechnique self_technique() {
  return {"self", "Self-scheduling",
          "houstis1996 §3.1 (self-scheduling, its references [138, 147])",
          "chunk = 1 from a central queue", make_self};
}

}  // namespace loadlab::core
