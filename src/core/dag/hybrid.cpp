// Hybrid - the best of a portfolio. SAGA's HybridScheduler (Coleman, Krishnamachari et al.,
// ANRGUSC/saga, hybrid.py) runs a caller-given list of schedulers and keeps the schedule of least
// makespan; it has no paper of its own (Sakellariou & Zhao's "hybrid heuristic" of 2004 is HBMCT,
// hbmct.cpp). SAGA fixes no list; ours is the two heuristics of Topcuoglu, Hariri, Wu,
// "Performance-effective and low-complexity task scheduling for heterogeneous computing", IEEE
// TPDS 13(3), 2002 (HEFT, Section 4.1, and CPOP, Section 4.2) plus PEFT (Arabnejad & Barbosa,
// IEEE TPDS 25(3), 2014, which its paper reports ahead of HEFT). Equal makespans keep the
// earlier one in that order (HEFT, CPOP, PEFT). params.hybrid.schedulers names another list, as
// SAGA's constructor takes one; members run by name with the scenario's options (so HEFT in the
// portfolio follows params.heft.rank). The trace is the kept schedule's.
#include <stdexcept>

#include "core/dag/hetero_schedulers.h"
#include "core/dag/registry.h"

namespace loadlab::core {

std::vector<std::string> hybrid_members(const DagOptions& opts) {
  if (!opts.hybrid_portfolio.empty()) return opts.hybrid_portfolio;
  return {"heft", "cpop", "peft"};
}

Schedule hybrid(const TaskGraph& g, const Machine& m, const DagOptions& opts,
                ScheduleTrace* trace) {
  Schedule best;
  ScheduleTrace best_trace;
  bool first = true;
  for (const std::string& name : hybrid_members(opts)) {
    if (name == "hybrid") throw std::invalid_argument("hybrid cannot contain itself");
    ScheduleTrace t;
    Schedule s = run_dag_algorithm(name, g, m, opts, trace ? &t : nullptr);
    if (first || s.makespan() < best.makespan()) {
      best = std::move(s);
      best_trace = std::move(t);
      first = false;
    }
  }
  if (trace) *trace = std::move(best_trace);
  return best;
}

Schedule hybrid(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return hybrid(g, m, DagOptions{}, trace);
}

}  // namespace loadlab::core
