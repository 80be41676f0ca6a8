// SCFET - Smallest Co-levels First with Estimated Times.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling": the co-level is the
// computation time of the longest path from an entry node to the node; smallest first. Ties: the
// larger static level.
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule scfet(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {lv.co_level[t], -lv.sl[t]};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
