// GDE, diffusion and the gradient model (course notes 003) as per-node programs on the BSP engine,
// with Dijkstra-Scholten termination detection as control messages.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination Detection".
//
// What a node is given at construction (as the notes assume each processor knows it): its load,
// lambda/alpha, the colour of each of its links (gde), the diffusion tree's parent and children and
// the root's eccentricity (termination), the network's diameter bound (gradient). Loads are
// exchanged only with neighbours. Supersteps per sweep: diffusion real 1, tasks 2; gde real one per
// colour, tasks two per colour; gradient diameter + 2.
// Without termination detection the stop rule is a Pregel-style aggregator: between supersteps the
// driver reduces max - min over the nodes and, when the rule holds, tells every node to stop before
// the next sweep. With "termination": "dijkstra_scholten" there is no aggregator: the nodes stop by
// themselves after the root detected termination (core/balance/termination.h).
// Results (final loads, history, per-edge flows, transfers, sweeps, termination) are identical to
// the central functions in core/balance for every thread count; the real model bit for bit.
#pragma once

#include <atomic>
#include <string>

#include "core/balance/iterative.h"
#include "sim/bsp_engine.h"

namespace loadlab::sim {

struct NodeIterativeRun {
  core::IterativeResult result;
  std::int64_t supersteps = 0;
  std::int64_t messages = 0;
  RunStatus status = RunStatus::Finished;
};

/// "gde", "diffusion", "gradient".
const std::vector<std::string>& node_iterative_algorithms();

/// Runs the algorithm's node programs. Throws std::invalid_argument like the central functions.
NodeIterativeRun run_iterative_nodes(const std::string& algorithm, const core::Topology& topology,
                                     const core::LoadVector& loads,
                                     const core::IterativeOptions& options, int threads,
                                     const std::atomic<bool>* cancel = nullptr);

/// core::ParallelFor on a sim::WorkerPool (for the central kernels' multi-threaded benchmark).
std::unique_ptr<core::ParallelFor> make_pool_parallel_for(int threads);

}  // namespace loadlab::sim
