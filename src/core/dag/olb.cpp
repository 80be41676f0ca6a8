// OLB - Opportunistic Load Balancing. Braun et al., "A comparison of eleven static heuristics for
// mapping a class of independent tasks onto heterogeneous distributed computing systems",
// JPDC 61(6), 2001, Section 2 (the heuristic "OLB"): each task goes to the machine expected to be
// available next, regardless of the task's execution time there. On a DAG (immediate_mapping.h):
// topological order; "available" = the machine's last finish (not the task's data), ties to the
// lower index.
#include "core/dag/hetero_schedulers.h"
#include "core/dag/immediate_mapping.h"

namespace loadlab::core {

Schedule olb(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return immediate_mapping(
      g, m,
      [](const HeteroPlacement& pl, TaskId t) {
        (void)t;
        int bp = 0;
        for (int p = 1; p < pl.processors(); ++p)
          if (pl.prt(p) < pl.prt(bp)) bp = p;
        return bp;
      },
      trace);
}

}  // namespace loadlab::core
