// MET - Minimum Execution Time. Braun et al., "A comparison of eleven static heuristics for
// mapping a class of independent tasks onto heterogeneous distributed computing systems",
// JPDC 61(6), 2001, Section 2 (the heuristic "MET"): each task goes to the machine where it runs
// fastest, regardless of that machine's availability (so on identical processors everything lands
// on processor 0). On a DAG (immediate_mapping.h): topological order; ties to the lower index.
#include "core/dag/hetero_schedulers.h"
#include "core/dag/immediate_mapping.h"

namespace loadlab::core {

Schedule met(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return immediate_mapping(
      g, m,
      [](const HeteroPlacement& pl, TaskId t) {
        int bp = 0;
        for (int p = 1; p < pl.processors(); ++p)
          if (pl.exec(t, p) < pl.exec(t, bp)) bp = p;
        return bp;
      },
      trace);
}

}  // namespace loadlab::core
