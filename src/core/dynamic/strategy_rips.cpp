// Strategy "rips": runtime incremental parallel scheduling.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 1: "It starts with a system phase which
// schedules initial tasks; it is followed by a user computation phase to execute the scheduled
// tasks and possibly to generate new tasks. In the next system phase, the old tasks that have not
// been executed will be scheduled together with the newly generated tasks. In each system phase, a
// parallel scheduling algorithm is applied to balance the load." Section 6: "a clear cutoff between
// system and user phases"; the system (Shu & Wu [11]) decides when to start a phase.
// Model: new tasks (initial, arrivals, spawned) wait on their node until the next system phase.
// A phase is triggered by `trigger`: all_idle (no node has scheduled work left), any_idle (some
// node ran dry while ready tasks exist), imbalance (max − min ready tasks above `imbalance`) or
// period (every `period`); whatever the trigger, a phase starts when every node is idle and tasks
// are ready (otherwise nothing could run). Running tasks are not preempted: the phase begins when
// the last one finishes (the synchronous cutoff). It then takes costs.system_phase (information
// collection and quota calculation) plus one hop time per communication step of the inner
// algorithm (core::run_balance: twa, cwa, mwa, dem or optimal on the per-node ready counts), whose
// transfers move the newest ready tasks in data-flow order. Messages: a sum reduction and a
// broadcast (2(N − 1)) plus one per transfer.
#include "core/dynamic/strategies.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "core/balance/registry.h"

namespace loadlab::core {

namespace {

enum RipsTag { kRipsStep = 1, kRipsEnd = 2, kRipsPeriod = 3 };

class RipsStrategy final : public DynamicStrategy {
 public:
  RipsStrategy(const RipsParams& p, const Topology& topo) : p_(p) {
    if (p_.inner.empty()) p_.inner = rips_default_inner(topo);
  }

  void on_new_task(DynamicSim& s, int node, DynTaskId t) override {
    if (pending_.empty()) pending_.resize(static_cast<std::size_t>(s.nodes()));
    pending_[static_cast<std::size_t>(node)].push_back(t);
    ++pending_total_;
    // A spawned task's siblings are still being created: on_task_end checks once they all exist.
    if (started_ && s.is_root(t)) check(s, false);
  }

  void on_start(DynamicSim& s) override {
    pending_.resize(static_cast<std::size_t>(s.nodes()));
    started_ = true;
    if (p_.trigger == "period") s.timer(p_.period, 0, kRipsPeriod);
    check(s, false);
  }

  void on_idle(DynamicSim& s, int) override { check(s, false); }

  void on_task_end(DynamicSim& s, int) override {
    if (waiting_ && s.running_count() == 0)
      exchange(s);
    else
      check(s, false);
  }

  void on_timer(DynamicSim& s, int, int tag, std::int64_t step) override {
    if (tag == kRipsPeriod) {
      if (s.work_remaining()) s.timer(s.now() + p_.period, 0, kRipsPeriod);
      check(s, true);
    } else if (tag == kRipsStep) {
      run_step(s, static_cast<int>(step));
    } else {
      end_phase(s);
    }
  }

 private:
  std::int64_t ready(const DynamicSim& s, int v) const {
    return s.queued(v) + static_cast<std::int64_t>(pending_[static_cast<std::size_t>(v)].size());
  }

  void check(DynamicSim& s, bool period_tick) {
    if (in_phase_) return;
    const int n = s.nodes();
    bool all_idle = s.running_count() == 0, any_idle = false, any_ready = pending_total_ > 0;
    std::int64_t lo = INT64_MAX, hi = 0;
    for (int v = 0; v < n && (all_idle || p_.trigger != "all_idle"); ++v) {
      if (s.queued(v) > 0) all_idle = false, any_ready = true;
      if (s.idle(v)) any_idle = true;
      const std::int64_t r = ready(s, v);
      lo = std::min(lo, r), hi = std::max(hi, r);
    }
    if (!any_ready) return;
    bool go = all_idle;
    if (p_.trigger == "any_idle") go = go || any_idle;
    if (p_.trigger == "imbalance") go = go || static_cast<double>(hi - lo) > p_.imbalance;
    if (p_.trigger == "period") go = go || period_tick;
    if (go) begin_phase(s);
  }

  void begin_phase(DynamicSim& s) {
    in_phase_ = true;
    s.set_hold(true);
    s.set_system(true);
    if (s.running_count() == 0)
      exchange(s);
    else
      waiting_ = true;
  }

  void exchange(DynamicSim& s) {
    waiting_ = false;
    const int n = s.nodes();
    for (int v = 0; v < n; ++v) {
      for (DynTaskId t : pending_[static_cast<std::size_t>(v)]) s.enqueue(v, t);
      pending_[static_cast<std::size_t>(v)].clear();
    }
    pending_total_ = 0;
    phase_ = {};
    phase_.start = s.now();
    phase_.loads.resize(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) phase_.loads[static_cast<std::size_t>(v)] = s.queued(v);
    result_ = run_balance(p_.inner, s.topology(), phase_.loads);
    phase_.steps = result_.steps;
    for (const auto& t : result_.transfers) phase_.task_hops += t.count;
    s.count_messages(2 * (n - 1) + static_cast<std::int64_t>(result_.transfers.size()));
    next_transfer_ = 0;
    const double at = s.now() + s.costs().system_phase;
    if (result_.steps > 0)
      s.timer(at, 0, kRipsStep, 0);
    else
      s.timer(at, 0, kRipsEnd);
  }

  void run_step(DynamicSim& s, int step) {
    const auto& tr = result_.transfers;
    for (; next_transfer_ < tr.size() && tr[next_transfer_].step == step; ++next_transfer_) {
      const Transfer& t = tr[next_transfer_];
      for (std::int64_t i = 0; i < t.count; ++i) {
        const DynTaskId task = s.take_newest(t.from);
        if (task < 0) throw std::logic_error("rips: a transfer left its sender with no task");
        s.migrate(task, t.from, t.to, 1);
      }
    }
    // Scheduled after this step's migrations, so at equal times their arrivals come first.
    if (step + 1 < result_.steps)
      s.timer(s.now() + s.costs().hop, 0, kRipsStep, step + 1);
    else
      s.timer(s.now() + s.costs().hop, 0, kRipsEnd);
  }

  void end_phase(DynamicSim& s) {
    phase_.end = s.now();
    s.add_phase(std::move(phase_));
    in_phase_ = false;
    s.set_system(false);
    s.set_hold(false);
    check(s, false);
  }

  RipsParams p_;
  bool started_ = false, in_phase_ = false, waiting_ = false;
  std::vector<std::vector<DynTaskId>> pending_;
  std::int64_t pending_total_ = 0;
  PhaseRecord phase_;
  BalanceResult result_;
  std::size_t next_transfer_ = 0;
};

}  // namespace

std::string rips_default_inner(const Topology& topo) {
  switch (topo.kind()) {
    case TopologyKind::Tree:
      return "twa";
    case TopologyKind::Hypercube:
      return "cwa";
    case TopologyKind::Mesh:
      return "mwa";
    default:
      return "optimal";
  }
}

std::unique_ptr<DynamicStrategy> make_rips_strategy(const RipsParams& p, const Topology& topo) {
  return make_dynamic_strategy<RipsStrategy>(p, topo);
}

}  // namespace loadlab::core
