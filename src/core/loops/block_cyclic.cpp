// Static block-cyclic scheduling.
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1 ("assigns blocks of a fixed size to
// processors in a round robin fashion"; block and cyclic are its special cases B = N/P and B = 1).
#include "core/loops/all_techniques.h"

namespace loadlab::core {

namespace {
std::unique_ptr<ChunkDispenser> make_block_cyclic(const LoopParams& s) {
  check_loop_params(s);
  const std::int64_t b =
      s.block_size > 0 ? s.block_size : default_chunk(s.iterations, s.processors);
  return make_block_cyclic_dispenser(s.iterations, s.processors, b);
}
}  // namespace

LoopTechnique block_cyclic_technique() {
  return {"block_cyclic", "Static block-cyclic", "houstis1996 §3.1 (block cyclic scheduling)",
          "block b = [b*B, (b+1)*B) -> thread b mod P (B = block_size, default ceil(N/(8P)); "
          "no synchronization)",
          make_block_cyclic};
}

}  // namespace loadlab::core
