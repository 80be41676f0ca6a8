// HLFET - Highest Level First with Estimated Times.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling": priority sl(i)
// (largest first), ties to the task that can start earliest - here the smaller t-level.
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule hlfet(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.sl[t], lv.t_level[t]};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
