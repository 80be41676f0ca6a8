// MCT - Minimum Completion Time. Braun et al., "A comparison of eleven static heuristics for
// mapping a class of independent tasks onto heterogeneous distributed computing systems",
// JPDC 61(6), 2001, Section 2 (the heuristic "MCT"): each task, in arbitrary order, goes to the
// machine with the earliest completion time for it. On a DAG (immediate_mapping.h): topological
// order; completion = max(data ready, machine free) + ETC; ties to the lower processor index.
#include "core/dag/hetero_schedulers.h"
#include "core/dag/immediate_mapping.h"

namespace loadlab::core {

Schedule mct(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return immediate_mapping(
      g, m,
      [](const HeteroPlacement& pl, TaskId t) {
        int bp = 0;
        double best = 0;
        for (int p = 0; p < pl.processors(); ++p) {
          const double ct = std::max(pl.data_ready(t, p), pl.prt(p)) + pl.exec(t, p);
          if (p == 0 || ct < best) best = ct, bp = p;
        }
        return bp;
      },
      trace);
}

}  // namespace loadlab::core
