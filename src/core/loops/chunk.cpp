// Uniform-sized chunking.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("each processor take[s] K
// iterations, instead of one"; processors finish within K iterations of each other).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_chunk(const LoopParams& s) {
  check_loop_params(s);
  const std::int64_t k =
      s.chunk_size > 0 ? s.chunk_size : default_chunk(s.iterations, s.processors);
  return make_uniform_dispenser(s.iterations, k);
}
}  // namespace

LoopTechnique chunk_technique() {
  return {"chunk", "Uniform-sized chunking",
          "houstis1996 §3.1 (uniform-sized chunking, its reference [77])",
          "chunk = K from a central queue (K = chunk_size, default ceil(N/(8P)))", make_chunk};
}

}  // namespace loadlab::core
