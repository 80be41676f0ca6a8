// FAC2: factoring with "usually one half" of the remaining iterations per batch.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 (factoring [71]: "only a subset of
// the remaining loop iterations (usually one half) is divided equally among the available
// processors"). The batch arithmetic is shared with factoring.cpp (fac2_bounds is defined there).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_fac2(const LoopParams& s) {
  check_loop_params(s);
  return make_sequence_dispenser(fac2_bounds(s));
}
}  // namespace

LoopTechnique fac2_technique() {
  return {"fac2", "Factoring (FAC2)", "houstis1996 §3.1 (factoring, one half per phase)",
          "batch j: P chunks of max(k, ceil(R_j/(2P))), R_j = remaining at the start of batch j",
          make_fac2};
}

}  // namespace loadlab::core
