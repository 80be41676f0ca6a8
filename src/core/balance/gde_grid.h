// GDE sweeps on a mesh or torus with its natural colouring, blocked by bands of rows so that each
// band's loads stay in cache through all colour classes of a sweep (temporal blocking).
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (GDE) and Problem 3;
// ERRATA.md 003 (the mesh colouring; core/model/edge_colouring.h extends it to the torus).
//
// The class-list sweep (gde.cpp) passes over all loads once per class: four passes over memory
// per sweep on a torus, which made the threaded kernel memory-bound. Here the classes of a band
// of rows are applied one after the other while its rows are in cache. Every edge gets the same
// operation, and every node sees its classes in the same order with the same neighbour values,
// as in the class-list sweep: the same bits (tests/sim/test_iterative_threads.cpp checks it for
// many sizes and thread counts).
#pragma once

#include "core/balance/iterative.h"

namespace loadlab::core {

/// The in-place sweep for run_sweeps_fused on `topology`, or false (nothing set) when it is not a
/// mesh or torus of at least 3 x 3 nodes. Phase 0: one unit per band of row pairs (rows, the
/// pair's first vertical class, the second vertical class inside the band); phase 1: the second
/// vertical class across band borders and the wrap-around rows. One spread block per row.
/// `bands` >= 1.
bool gde_grid_sweep(const Topology& topology, double lambda, int bands, FusedSweep& sweep);

}  // namespace loadlab::core
