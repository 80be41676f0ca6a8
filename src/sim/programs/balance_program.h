// Internal: pieces shared by the balance node programs (twa/cwa/mwa/dem_nodes.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/balance/quota.h"
#include "sim/bsp_engine.h"
#include "sim/comm.h"
#include "sim/programs/balance_nodes.h"

namespace loadlab::sim::detail {

/// Message tags used by the balance programs.
enum BalanceTag : int { kReduce = 1, kBroadcast = 2, kTasks = 3, kLoad = 4, kScan = 5 };

/// What every balance node keeps besides its algorithm state: its task count and the transfers it
/// sent. `phase` and the phase-local data-flow step are what the node itself knows; the driver turns
/// them into global step numbers (a phase starts after the previous phase's last step).
struct SentTransfer {
  int phase = 0;
  int step = 0;  // within the phase
  int to = 0;
  std::int64_t count = 0;
};

struct BalanceNodeBase {
  std::int64_t load = 0;
  std::vector<SentTransfer> sent;

  /// Sends `count` tasks (plus `data`) to `to` and records the transfer; loads never go negative
  /// (ERRATA.md 000 "Execution order": assert it).
  void send_tasks(Comm& c, int to, int phase, int step, std::int64_t count,
                  std::span<const std::int64_t> data) {
    if (count > load)
      throw std::logic_error("node " + std::to_string(c.id()) + " would send " +
                             std::to_string(count) + " tasks but holds " + std::to_string(load));
    load -= count;
    if (count > 0) sent.push_back({phase, step, to, count});
    c.send(to, kTasks, data, count);
  }
};

/// Fig 4 steps 2: w_avg and R from the total (each node computes it itself).
inline core::Average average_from_total(std::int64_t total, std::int64_t nodes) {
  core::Average a;
  a.total = total;
  a.nodes = nodes;
  a.w_avg = total / nodes;
  a.remainder = total % nodes;
  return a;
}

/// Collects the nodes' results into a NodeBalanceRun. Phase p's steps are offset by the steps the
/// phases before it used (data-flow numbered phases: TWA has 1, MWA 2). Programs with a fixed step
/// per dimension (CWA, DEM) use one phase and global step numbers, and set result.steps themselves.
template <class Node>
void collect(const NodeArray<Node>& programs, const BspEngine& engine, int phases,
             NodeBalanceRun& out) {
  const int n = programs.size();
  std::vector<int> used(static_cast<std::size_t>(phases), 0);
  for (int v = 0; v < n; ++v)
    for (const SentTransfer& t : programs.node(v).sent)
      used[static_cast<std::size_t>(t.phase)] = std::max(used[static_cast<std::size_t>(t.phase)],
                                                         t.step + 1);
  std::vector<int> base(static_cast<std::size_t>(phases) + 1, 0);
  for (int p = 0; p < phases; ++p)
    base[static_cast<std::size_t>(p) + 1] = base[static_cast<std::size_t>(p)] + used[static_cast<std::size_t>(p)];
  auto& r = out.result;
  r.final_loads.resize(static_cast<std::size_t>(n));
  r.transfers.clear();
  for (int v = 0; v < n; ++v) {
    r.final_loads[static_cast<std::size_t>(v)] = programs.node(v).load;
    for (const SentTransfer& t : programs.node(v).sent)
      r.transfers.push_back({base[static_cast<std::size_t>(t.phase)] + t.step, v, t.to, t.count});
  }
  std::stable_sort(r.transfers.begin(), r.transfers.end(),
                   [](const core::Transfer& a, const core::Transfer& b) {
                     if (a.step != b.step) return a.step < b.step;
                     if (a.from != b.from) return a.from < b.from;
                     return a.to < b.to;
                   });
  r.steps = base.back();
  out.supersteps = engine.supersteps();
  out.executed_supersteps = engine.executed_supersteps();
  out.messages = engine.messages();
  out.tasks_moved = engine.tasks_moved();
  out.trace = engine.trace();
}

/// Runs the engine with cancellation and a progress fraction based on an expected superstep count.
RunStatus drive(BspEngine& engine, std::int64_t expected_supersteps,
                const std::atomic<bool>* cancel, const std::function<void(double)>& progress);

// One entry per algorithm (twa_nodes.cpp, cwa_nodes.cpp, mwa_nodes.cpp, dem_nodes.cpp).
NodeBalanceRun run_twa_nodes(const core::Topology& topology, const core::LoadVector& loads,
                             int threads, const std::atomic<bool>* cancel,
                             const std::function<void(double)>& progress);
NodeBalanceRun run_cwa_nodes(const core::Topology& topology, const core::LoadVector& loads,
                             int threads, const std::atomic<bool>* cancel,
                             const std::function<void(double)>& progress);
NodeBalanceRun run_mwa_nodes(const core::Topology& topology, const core::LoadVector& loads,
                             int threads, const std::atomic<bool>* cancel,
                             const std::function<void(double)>& progress);
NodeBalanceRun run_dem_nodes(const core::Topology& topology, const core::LoadVector& loads,
                             int threads, const std::atomic<bool>* cancel,
                             const std::function<void(double)>& progress);

}  // namespace loadlab::sim::detail
