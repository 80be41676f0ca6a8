// SCFNET - Smallest Co-levels First with No Estimated Times.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling": SCFET with unit
// task times (co-level = number of tasks on the longest path from an entry, including the task).
#include <algorithm>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule scfnet(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  std::vector<double> co(g.size(), 0);
  for (TaskId t : g.topo_order()) {
    double c = 0;
    for (auto e : g.in_edges(t)) c = std::max(c, co[g.edge(e).from]);
    co[t] = c + 1;
  }
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {co[t], 0};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
