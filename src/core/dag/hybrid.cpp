// Hybrid - the best of a portfolio. SAGA's HybridScheduler (Coleman, Krishnamachari et al.,
// ANRGUSC/saga, hybrid.py) runs a caller-given list of schedulers and keeps the schedule of least
// makespan; it has no paper of its own (Sakellariou & Zhao's "hybrid heuristic" of 2004 is HBMCT,
// hbmct.cpp). SAGA fixes no list; ours is the two heuristics of Topcuoglu, Hariri, Wu,
// "Performance-effective and low-complexity task scheduling for heterogeneous computing", IEEE
// TPDS 13(3), 2002 (HEFT, Section 4.1, and CPOP, Section 4.2) plus PEFT (Arabnejad & Barbosa,
// IEEE TPDS 25(3), 2014, which its paper reports ahead of HEFT). Equal makespans keep the
// earlier one in that order (HEFT, CPOP, PEFT). The trace is the kept schedule's.
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule hybrid(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  Schedule (*const portfolio[])(const TaskGraph&, const Machine&, ScheduleTrace*) = {heft, cpop,
                                                                                     peft};
  Schedule best;
  ScheduleTrace best_trace;
  bool first = true;
  for (auto* run : portfolio) {
    ScheduleTrace t;
    Schedule s = run(g, m, trace ? &t : nullptr);
    if (first || s.makespan() < best.makespan()) {
      best = std::move(s);
      best_trace = std::move(t);
      first = false;
    }
  }
  if (trace) *trace = std::move(best_trace);
  return best;
}

}  // namespace loadlab::core
