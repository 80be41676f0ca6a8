// MST - Minimum Start Time. An immediate-mode mapping heuristic in the family of Braun et al.,
// "A comparison of eleven static heuristics for mapping a class of independent tasks onto
// heterogeneous distributed computing systems", JPDC 61(6), 2001, Section 2 (OLB, MET, MCT): it
// is MCT with the start instead of the completion time. No original paper for it could be
// consulted; the rule is SAGA's (Coleman, Krishnamachari et al., ANRGUSC/saga, mst.py): tasks in
// topological order, each appended on the processor where it can start earliest (its data there
// and the processor free), ignoring how long it runs there; ties to the lower processor index.
// On identical processors it is list scheduling by topological order with earliest start.
#include "core/dag/hetero_schedulers.h"
#include "core/dag/immediate_mapping.h"

namespace loadlab::core {

Schedule mst(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return immediate_mapping(
      g, m,
      [](const HeteroPlacement& pl, TaskId t) {
        int bp = 0;
        double best = 0;
        for (int p = 0; p < pl.processors(); ++p) {
          const double st = std::max(pl.data_ready(t, p), pl.prt(p));
          if (p == 0 || st < best) best = st, bp = p;
        }
        return bp;
      },
      trace);
}

}  // namespace loadlab::core
