// The technique registry.
#include <stdexcept>

#include "core/loops/all_techniques.h"

namespace loadlab::core {

const std::vector<LoopTechnique>& loop_techniques() {
  static const std::vector<LoopTechnique> all = {
      static_block_technique(), cyclic_technique(),    block_cyclic_technique(),
      self_technique(),         chunk_technique(),     gss_technique(),
      agss_technique(),         factoring_technique(), fac2_technique(),
      tapering_technique(),     tss_technique(),       affinity_technique(),
      fsc_technique(),          weighted_factoring_technique()};
  return all;
}

const LoopTechnique* find_loop_technique(std::string_view name) {
  for (const auto& t : loop_techniques())
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace loadlab::core
