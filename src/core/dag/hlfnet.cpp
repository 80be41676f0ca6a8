// HLFNET - Highest Levels First with No Estimated Times.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling": like HLFET but every
// task counts as one time unit when computing levels (scheduling itself uses the real costs).
#include <algorithm>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule hlfnet(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  std::vector<double> level(g.size(), 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double s = 0;
    for (auto e : g.out_edges(*it)) s = std::max(s, level[g.edge(e).to]);
    level[*it] = s + 1;
  }
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-level[t], 0};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
