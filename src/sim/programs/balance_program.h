// Internal: pieces shared by the balance node programs (twa/cwa/mwa/dem_nodes.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
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
enum BalanceTag : int {
  kReduce = 1,
  kBroadcast = 2,
  kTasks = 3,
  kLoad = 4,
  kScan = 5,
  kSpread = 6,
  kRowTasks = 7,
  kColTasks = 8
};

/// What every balance node keeps besides its algorithm state: its task count and the transfers it
/// sent. `phase` and the phase-local data-flow step are what the node itself knows; the driver
/// turns them into global step numbers (a phase starts after the previous phase's last step).
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
                  std::span<const std::int64_t> data, int tag = kTasks) {
    if (count > load)
      throw std::logic_error("node " + std::to_string(c.id()) + " would send " +
                             std::to_string(count) + " tasks but holds " + std::to_string(load));
    load -= count;
    if (count > 0) sent.push_back({phase, step, to, count});
    c.send(to, tag, data, count);
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

/// A balance algorithm's node programs plus what is needed to report its result.
template <class Node>
class BalanceProgramsOf final : public BalancePrograms {
 public:
  struct Info {
    std::string algorithm;
    core::LoadVector initial;
    /// Phases numbered by data flow: phase p's steps are offset by the steps the phases before it
    /// used (TWA 1, MWA 2). CWA and DEM use one phase with global step numbers (fixed_steps = d).
    int phases = 1;
    int fixed_steps = -1;  // >= 0: result.steps (one step per dimension), else from data flow
    int info_steps = 0;    // the paper's count for information collection, as core reports it
    std::int64_t expected_supersteps = 1;
  };
  BalanceProgramsOf(std::vector<Node> nodes, Info info)
      : nodes_(std::move(nodes)), info_(std::move(info)) {}

  int size() const override { return nodes_.size(); }
  void step(int v, Comm& comm) override { nodes_.step(v, comm); }
  std::int64_t load(int v) const override { return nodes_.node(v).load; }
  std::int64_t expected_supersteps() const override { return info_.expected_supersteps; }

  void collect(const BspEngine& engine, NodeBalanceRun& out) const override {
    collect_result(out);
    out.supersteps = engine.supersteps();
    out.executed_supersteps = engine.executed_supersteps();
    out.messages = engine.messages();
    out.tasks_moved = engine.tasks_moved();
    out.trace = engine.trace();
  }

  // Outcome words: load, number of transfers, then (phase, step, to, count) per transfer.
  std::vector<std::int64_t> export_outcome(int v) const override {
    const BalanceNodeBase& node = nodes_.node(v);
    std::vector<std::int64_t> w{node.load, static_cast<std::int64_t>(node.sent.size())};
    for (const SentTransfer& t : node.sent) w.insert(w.end(), {t.phase, t.step, t.to, t.count});
    return w;
  }

  void import_outcome(int v, std::span<const std::int64_t> w) override {
    if (w.size() < 2 || w.size() != 2 + 4 * static_cast<std::size_t>(w[1]))
      throw std::logic_error("import_outcome: malformed outcome of node " + std::to_string(v));
    BalanceNodeBase& node = nodes_.node(v);
    node.load = w[0];
    node.sent.clear();
    for (std::size_t i = 2; i < w.size(); i += 4)
      node.sent.push_back({static_cast<int>(w[i]), static_cast<int>(w[i + 1]),
                           static_cast<int>(w[i + 2]), w[i + 3]});
  }

  void collect_result(NodeBalanceRun& out) const override {
    const int n = nodes_.size();
    const auto phases = static_cast<std::size_t>(info_.phases);
    std::vector<int> used(phases, 0);
    for (int v = 0; v < n; ++v)
      for (const SentTransfer& t : nodes_.node(v).sent)
        used[static_cast<std::size_t>(t.phase)] =
            std::max(used[static_cast<std::size_t>(t.phase)], t.step + 1);
    std::vector<int> base(phases + 1, 0);
    for (std::size_t p = 0; p < phases; ++p) base[p + 1] = base[p] + used[p];
    core::BalanceResult& r = out.result;
    r.algorithm = info_.algorithm;
    r.initial_loads = info_.initial;
    r.final_loads.resize(static_cast<std::size_t>(n));
    r.transfers.clear();
    for (int v = 0; v < n; ++v) {
      r.final_loads[static_cast<std::size_t>(v)] = nodes_.node(v).load;
      for (const SentTransfer& t : nodes_.node(v).sent)
        r.transfers.push_back({base[static_cast<std::size_t>(t.phase)] + t.step, v, t.to, t.count});
    }
    std::stable_sort(r.transfers.begin(), r.transfers.end(),
                     [](const core::Transfer& a, const core::Transfer& b) {
                       if (a.step != b.step) return a.step < b.step;
                       if (a.from != b.from) return a.from < b.from;
                       return a.to < b.to;
                     });
    r.steps = info_.fixed_steps >= 0 ? info_.fixed_steps : base.back();
    r.info_steps = info_.info_steps;
  }

 private:
  NodeArray<Node> nodes_;
  Info info_;
};

// One factory per algorithm (twa_nodes.cpp, cwa_nodes.cpp, mwa_nodes.cpp, dem_nodes.cpp); each
// throws std::invalid_argument for a topology it does not support.
std::unique_ptr<BalancePrograms> make_twa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads);
std::unique_ptr<BalancePrograms> make_cwa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads);
std::unique_ptr<BalancePrograms> make_mwa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads);
std::unique_ptr<BalancePrograms> make_dem_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads);

}  // namespace loadlab::sim::detail
