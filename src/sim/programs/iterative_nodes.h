// GDE, diffusion and the gradient model (course notes 003) as per-node programs on the BSP engine,
// with Dijkstra-Scholten termination detection as control messages.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination
// Detection".
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
// The driver and the result collection only talk to the engine through IterativeTransport, so the
// same code runs on the thread engine and, in src/mpi (docs/mpi.md), on MPI ranks.
#pragma once

#include <atomic>
#include <span>
#include <string>
#include <vector>

#include "core/balance/iterative.h"
#include "sim/bsp_engine.h"

namespace loadlab::sim {

struct NodeIterativeRun {
  core::IterativeResult result;
  std::int64_t supersteps = 0;
  std::int64_t messages = 0;
  RunStatus status = RunStatus::Finished;
};

/// Runs the algorithm's node programs. Throws std::invalid_argument like the central functions.
NodeIterativeRun run_iterative_nodes(const std::string& algorithm, const core::Topology& topology,
                                     const core::LoadVector& loads,
                                     const core::IterativeOptions& options, int threads,
                                     const std::atomic<bool>* cancel = nullptr);

/// max - min and standard deviation of all N loads (core::load_spread, blocks in node order), and
/// whether any node moved load in the sweep.
struct SweepSpread {
  double max_minus_min = 0;
  double std_dev = 0;
  bool any_moved = false;
};

/// The engine the iterative node programs are stepped on, and the few collectives their driver
/// needs between supersteps. The driver is written once against this interface: the thread
/// implementation (run_iterative_nodes above) owns every node and its collectives are copies; the
/// MPI one (src/mpi/mpi_iterative.h) owns one block of nodes per process. So that the sim layer
/// never sees MPI, the processes are only known through these calls.
///
/// A "process" owns the contiguous nodes [lo, hi); the blocks of all processes, in process order,
/// are 0..N. Every call except lo/hi/supersteps/messages is collective: every process makes the
/// same calls in the same order (the driver's decisions only depend on collective results).
class IterativeTransport {
 public:
  virtual ~IterativeTransport() = default;
  /// Builds the engine over all N programs (each process steps only its block). Called once, first.
  virtual void start(const core::Topology& topology, NodePrograms& programs) = 0;
  virtual bool finished() const = 0;
  virtual void step() = 0;
  virtual int lo() const = 0;
  virtual int hi() const = 0;
  /// The engine's counters (equal on every process).
  virtual std::int64_t supersteps() const = 0;
  virtual std::int64_t messages() const = 0;
  /// True on every process if `mine` is true on any.
  virtual bool any(bool mine) = 0;
  /// block = this process's loads (nodes lo..hi-1); moved = a node of the block moved load. Must
  /// equal core::load_spread over the whole vector with core::spread_block(topology), bit for bit
  /// (the history is part of the result): other partial sums would round differently.
  virtual SweepSpread spread(const std::vector<double>& block, bool moved) = 0;
  /// Every process's `mine`, concatenated in process order, on every process.
  virtual std::vector<double> concat(std::span<const double> mine) = 0;
  virtual std::vector<std::int64_t> concat(std::span<const std::int64_t> mine) = 0;
  virtual std::int64_t sum(std::int64_t mine) = 0;
  /// The owner of node 0's `data` copied to every process.
  virtual void broadcast_from_node0(std::span<std::int64_t> data) = 0;
};

/// As above on any transport: the programs, the driver (history, stop rule) and the collection of
/// the result are the same code for the thread engine and MPI. `cancel` must be null on every
/// process or on none; every process returns the complete result.
NodeIterativeRun run_iterative_nodes(const std::string& algorithm, const core::Topology& topology,
                                     const core::LoadVector& loads,
                                     const core::IterativeOptions& options,
                                     IterativeTransport& transport,
                                     const std::atomic<bool>* cancel = nullptr);

/// core::ParallelFor on a sim::WorkerPool (for the central kernels' multi-threaded benchmark).
std::unique_ptr<core::ParallelFor> make_pool_parallel_for(int threads);

}  // namespace loadlab::sim
