// The scenario kinds. Each is defined in its own file in this folder.
#pragma once

#include "io/scenario.h"

namespace loadlab::io {

KindHandler balance_kind();  // balance.cpp: processor networks, paper 000 (+ 003 for GDE/diffusion)
KindHandler dag_kind();      // dag.cpp: task-graph scheduling, papers 001 and 003
KindHandler loop_kind();     // loop.cpp: loop scheduling, paper 002 Section 3.1
KindHandler dlt_kind();      // dlt.cpp: divisible load on a hypercube, paper 004

}  // namespace loadlab::io
