// The immediate-mode heuristics of Braun et al. (2001), Section 2 (OLB, MET, MCT), applied to a
// DAG as SAGA does (our reading): tasks are taken one at a time in the graph's topological order
// (Kahn, smallest id first among ready tasks, so every predecessor is mapped first) and appended
// on the processor the rule picks, at max(data ready there, the processor's last finish).
#pragma once

#include <algorithm>

#include "core/dag/hetero_placement.h"

namespace loadlab::core {

/// `pick(pl, t)` returns the processor for t; the engine computes its start.
template <class Pick>
Schedule immediate_mapping(const TaskGraph& g, const Machine& m, Pick pick, ScheduleTrace* trace) {
  HeteroPlacement pl(g, m, false);
  for (TaskId t : g.topo_order()) {
    const int p = pick(pl, t);
    const double start = std::max(pl.data_ready(t, p), pl.prt(p));
    const ScheduleEntry& en = pl.place(t, p, start, nullptr);
    if (trace) trace->steps.emplace_back().chosen = en;
  }
  return pl.take();
}

}  // namespace loadlab::core
