// Diffusion sweeps on a mesh or torus, two sweeps per pass over memory (temporal blocking).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (diffusion).
//
// Diffusion is a Jacobi update: sweep s + 1 reads all of sweep s. A pass takes a band of rows
// through two sweeps: the rows of sweep s + 1 live in a three-row ring while they are needed for
// sweep s + 2, so a double sweep reads the loads once and writes them once, half the memory
// traffic of two single sweeps (which is what limited two threads on a 1024 x 1024 torus). Each
// band also computes the sweep-(s + 1) rows just outside it, so bands never wait for each other.
// Every node gets the operations of diffusion_sweep_real in the same order: the same bits.
#pragma once

#include "core/balance/iterative.h"

namespace loadlab::core {

/// The sweep for run_sweeps_fused (sweeps_per_pass = 2), or false (nothing set) when `topology`
/// is not a mesh or torus of at least 3 x 3 nodes. Uniform `alpha` (per-edge averaging weights
/// take the general kernel). One unit per band of rows; one spread block per row.
bool diffusion_grid_sweep(const Topology& topology, double alpha, int bands, FusedSweep& sweep);

}  // namespace loadlab::core
