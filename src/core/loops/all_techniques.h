// One factory per technique file; loop_techniques() in techniques.cpp lists them in order.
#pragma once

#include "core/loops/technique.h"

namespace loadlab::core {

LoopTechnique static_block_technique();        // static_block.cpp
LoopTechnique cyclic_technique();              // cyclic.cpp
LoopTechnique block_cyclic_technique();        // block_cyclic.cpp
LoopTechnique self_technique();                // self.cpp
LoopTechnique chunk_technique();               // chunk.cpp
LoopTechnique gss_technique();                 // gss.cpp
LoopTechnique agss_technique();                // agss.cpp
LoopTechnique factoring_technique();           // factoring.cpp
LoopTechnique fac2_technique();                // fac2.cpp
LoopTechnique factoring_prob_technique();      // factoring.cpp
LoopTechnique tapering_technique();            // tapering.cpp
LoopTechnique tss_technique();                 // tss.cpp
LoopTechnique affinity_technique();            // affinity.cpp
LoopTechnique fsc_technique();                 // fsc.cpp
LoopTechnique weighted_factoring_technique();  // weighted_factoring.cpp

// Chunk-boundary sequences of the central-queue techniques (b_0 = 0, ..., b_last = N); exposed
// so tests and the playground's chunk-size curve can read them without running anything.
std::vector<std::int64_t> gss_bounds(const LoopParams& params);
std::vector<std::int64_t> factoring_bounds(const LoopParams& params);
std::vector<std::int64_t> fac2_bounds(const LoopParams& params);
std::vector<std::int64_t> factoring_prob_bounds(const LoopParams& params);
std::vector<std::int64_t> tapering_bounds(const LoopParams& params);
std::vector<std::int64_t> tss_bounds(const LoopParams& params);
/// Fixed-size chunking's K (Kruskal & Weiss, as LB4OMP computes it).
std::int64_t fsc_chunk_size(const LoopParams& params);

}  // namespace loadlab::core
