// MCP - Modified Critical Path.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.1; notes 003 ("MCP - tasks with
// smallest ALAPs are given highest priority"). Priority = ALAP (latest possible start); the full
// MCP compares the sorted ALAP lists of all descendants, we break ties with the smallest ALAP
// among the children and then the task id (deterministic version of the paper's lower-cost MCP,
// which breaks ties randomly). ERRATA.md 001: MCP gives 13 (optimal) on the Figure 1 graph.
// Without insertion a task is appended on the processor where it starts earliest; with insertion
// it may fill an idle gap (original MCP).
#include <limits>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule mcp(const TaskGraph& g, int processors, bool insertion, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) {
    double child = std::numeric_limits<double>::infinity();
    for (auto e : g.out_edges(t)) child = std::min(child, lv.alap[g.edge(e).to]);
    keys[t] = {lv.alap[t], child};
  }
  return static_list_schedule(g, processors, keys, insertion, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
