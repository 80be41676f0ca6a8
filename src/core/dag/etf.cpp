// ETF - Earliest Task First.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.2: every ready task is tentatively
// placed on every processor and the pair with the earliest start wins; ties go to the statically
// larger bottom level (Section 6.2: "ETF uses statically computed task priorities"), then the
// smaller task id and processor index. ERRATA.md 001: ETF gives 14 on the Figure 1 graph.
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule etf(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.b_level[t], 0};
  return earliest_start_schedule(g, processors, keys, trace);
}

}  // namespace loadlab::core
