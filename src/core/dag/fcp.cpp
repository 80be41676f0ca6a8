// FCP - Fast Critical Path (Radulescu & van Gemund, reference [7] of paper 001).
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Sections 4 and 6.2: FCP uses MCP's priorities
// but, as proven in [7], only two processors need to be tried: the enabling processor EP(t) and
// the processor becoming idle the earliest. Ties: EP(t) (lowest processor index for EP, ERRATA
// 001).
#include <limits>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule fcp(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) {
    double child = std::numeric_limits<double>::infinity();
    for (auto e : g.out_edges(t)) child = std::min(child, lv.alap[g.edge(e).to]);
    keys[t] = {lv.alap[t], child};
  }
  return static_list_schedule(g, processors, keys, false, ProcessorRule::fcp, trace);
}

}  // namespace loadlab::core
