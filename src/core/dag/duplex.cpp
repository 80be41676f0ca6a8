// Duplex. Braun et al., "A comparison of eleven static heuristics for mapping a class of
// independent tasks onto heterogeneous distributed computing systems", JPDC 61(6), 2001,
// Section 2 ("Duplex"): run Min-Min and Max-Min and keep the better mapping. On a DAG both run on
// the ready set (batch_mapping.cpp, as SAGA does); equal makespans keep Min-Min's schedule (as
// SAGA's duplex.py). The trace is the kept schedule's.
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule duplex(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  ScheduleTrace a_trace, b_trace;
  Schedule a = min_min(g, m, trace ? &a_trace : nullptr);
  Schedule b = max_min(g, m, trace ? &b_trace : nullptr);
  const bool keep_min_min = a.makespan() <= b.makespan();
  if (trace) *trace = std::move(keep_min_min ? a_trace : b_trace);
  return keep_min_min ? a : b;
}

}  // namespace loadlab::core
