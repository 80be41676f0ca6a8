// Paper 000's load-balancing algorithms (TWA, CWA, MWA, DEM) as per-node programs on the BSP
// engine.
//
// This is the entry point the CLI/io layer calls for `loadlab run <scenario> --engine nodes
// --threads N`. It returns the same core::BalanceResult the centralized functions in
// core/balance/ return (transfers per communication step + final loads; identical values, see
// tests/sim/test_balance_crosscheck.cpp), plus what the node simulation measured.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "sim/bsp_engine.h"

namespace loadlab::sim {

struct NodeBalanceRun {
  /// Same fields and values as the centralized algorithm's result (transfers sorted by step, then
  /// from, then to). Incomplete when status != Finished.
  core::BalanceResult result;
  /// Communication supersteps (compare with the paper's communication steps; docs/simulation.md).
  std::int64_t supersteps = 0;
  /// Supersteps executed, including the final one that only receives.
  std::int64_t executed_supersteps = 0;
  /// Every message: reductions, scans, broadcasts and task transfers.
  std::int64_t messages = 0;
  /// Tasks carried by messages (= task-hops of the result when finished).
  std::int64_t tasks_moved = 0;
  RunStatus status = RunStatus::Finished;
  /// Per-superstep totals and task transfers (for the UI's animation).
  std::vector<SuperstepStats> trace;
};

namespace detail {
/// The node programs of one balance algorithm (implemented per algorithm in programs/*.cpp).
class BalancePrograms : public NodePrograms {
 public:
  /// Node v's current task count (read between supersteps only).
  virtual std::int64_t load(int v) const = 0;
  /// Fills out.result and the engine counters from the nodes' records.
  virtual void collect(const BspEngine& engine, NodeBalanceRun& out) const = 0;
  /// The paper's bound, used to turn supersteps into a progress fraction.
  virtual std::int64_t expected_supersteps() const = 0;

  // For a transport whose nodes live in several processes (src/mpi): each process steps only its
  // block, then every node's outcome is copied to every process before the result is collected.
  // The defaults throw std::logic_error ("cannot be distributed"); BalanceProgramsOf implements
  // them.
  /// Node v's outcome (its load and the transfers it sent) as words.
  virtual std::vector<std::int64_t> export_outcome(int v) const;
  /// Replaces node v's outcome by one export_outcome() produced (possibly in another process).
  virtual void import_outcome(int v, std::span<const std::int64_t> words);
  /// Fills out.result from the nodes' records only (collect() minus the engine's counters).
  virtual void collect_result(NodeBalanceRun& out) const;
};

/// The node programs of `algorithm` ("twa", "cwa", "mwa", "dem") for this topology and loads;
/// throws std::invalid_argument like NodeBalanceSession's constructor.
std::unique_ptr<BalancePrograms> make_balance_programs(const std::string& algorithm,
                                                       const core::Topology& topology,
                                                       const core::LoadVector& loads);
}  // namespace detail

/// Names accepted by run_balance_nodes: the rows of core::balance_algorithms() flagged
/// node_program (today twa, cwa, mwa, dem), in the table's order. Thread-safe.
const std::vector<std::string>& node_balance_algorithms();

/// A node simulation that can be advanced one superstep at a time (the playground's pause /
/// single-step / resume). Thread safety: like BspEngine, one controlling thread at a time; the
/// cancel flag passed to run() may be set from any thread.
class NodeBalanceSession {
 public:
  /// Builds the node programs. Throws std::invalid_argument for an unknown algorithm, an
  /// unsupported topology or bad loads (the same checks as the centralized functions). The
  /// topology must outlive the session.
  NodeBalanceSession(const std::string& algorithm, const core::Topology& topology,
                     const core::LoadVector& loads, int threads);
  NodeBalanceSession(const std::string&, core::Topology&&, const core::LoadVector&, int) = delete;
  ~NodeBalanceSession();

  /// Runs one superstep; false once finished. [controlling thread only]
  bool step();
  /// Runs until finished, cancelled or the step limit. [controlling thread only]
  RunStatus run(const RunControl& control = {});
  /// [this and the accessors below: controlling thread, between supersteps]
  bool finished() const;
  /// Current loads of all nodes (tasks in flight are counted at their receiver only once they
  /// arrive, i.e. after the next step()).
  core::LoadVector loads() const;
  /// The engine: counters, trace, link traffic, messages in flight.
  const BspEngine& engine() const { return *engine_; }
  /// The result so far (complete once finished()).
  NodeBalanceRun result() const;
  /// The paper's bound on supersteps for this run (for progress bars).
  std::int64_t expected_supersteps() const;

 private:
  std::unique_ptr<detail::BalancePrograms> programs_;
  std::unique_ptr<BspEngine> engine_;
};

/// Runs `algorithm` as node programs on `threads` threads and returns the result. Throws like
/// NodeBalanceSession's constructor. `cancel` is polled between supersteps (status Cancelled,
/// partial result); `progress` receives a non-decreasing fraction in [0, 1] after every superstep,
/// on the calling thread. Independent calls may run concurrently (no shared state); each blocks
/// its caller until done or cancelled.
NodeBalanceRun run_balance_nodes(const std::string& algorithm, const core::Topology& topology,
                                 const core::LoadVector& loads, int threads,
                                 const std::atomic<bool>* cancel = nullptr,
                                 const std::function<void(double)>& progress = {});

}  // namespace loadlab::sim
