// HEFT - Heterogeneous Earliest Finish Time (Topcuoglu, Hariri, Wu 2002), the field's standard
// reference, here on the identical processors of paper 001 Section 2: the upward rank equals the
// b-level (average costs are the costs), tasks in decreasing rank, each to the processor with the
// earliest finish using insertion into idle gaps.
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule heft(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.b_level[t], 0};
  return static_list_schedule(g, processors, keys, true, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
