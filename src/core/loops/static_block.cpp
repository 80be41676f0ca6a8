// Static block scheduling.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("Block scheduling assigns to each
// processor an equal number of adjacent loop iterations"; "divides the number of loop iterations
// among the available processors as evenly as possible").
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_static_block(const LoopParams& s) {
  check_loop_params(s);
  return make_static_block_dispenser(s.iterations, s.processors);
}
}  // namespace

LoopTechnique static_block_technique() {
  return {"static_block", "Static block", "houstis1996 §3.1 (block scheduling)",
          "thread t gets [t*q + min(t,r), (t+1)*q + min(t+1,r)), q = floor(N/P), r = N mod P "
          "(one block each, sizes differ by at most 1; no synchronization)",
          make_static_block};
}

}  // namespace loadlab::core
