// The scenario kinds. Each is defined in its own file in this folder.
#pragma once

#include "io/scenario.h"

namespace loadlab::core {
struct CostProfile;
}

namespace loadlab::io {

KindHandler balance_kind();  // balance.cpp: processor networks, paper 000 (+ 003 for GDE/diffusion)
KindHandler dag_kind();      // dag.cpp: task-graph scheduling, papers 001 and 003
KindHandler loop_kind();     // loop.cpp: loop scheduling, paper 002 Section 3.1
KindHandler dlt_kind();      // dlt.cpp: divisible load on a hypercube, paper 004
KindHandler dynamic_kind();  // dynamic.cpp: dynamic load balancing, papers 000, 002 §2.5, 003
KindHandler os_kind();       // os.cpp: OS scheduling of parallel jobs, paper 002 Section 4
KindHandler partition_kind();  // partition.cpp: mesh partitioning, paper 002 §2.2–2.3

/// loop.cpp: a cost-profile object {"profile", "value", ...} for n iterations (also read by
/// dynamic).
core::CostProfile read_cost_profile(const JsonReader& c, std::int64_t n);

}  // namespace loadlab::io
