// Static cyclic scheduling.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("Cyclic scheduling assigns loop
// iterations to processors in a cyclic order").
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_cyclic(const LoopParams& s) {
  check_loop_params(s);
  return make_block_cyclic_dispenser(s.iterations, s.processors, 1);
}
}  // namespace

LoopTechnique cyclic_technique() {
  return {"cyclic", "Static cyclic", "houstis1996 §3.1 (cyclic scheduling)",
          "iteration i -> thread i mod P (chunks of one iteration; no synchronization)",
          make_cyclic};
}

}  // namespace loadlab::core
