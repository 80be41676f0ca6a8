// DSH - Duplication Scheduling Heuristic.
// Paper: B. Kruatrachue and T. Lewis, "Grain Size Determination for Parallel Processing", IEEE
// Software 5(1), 1988, as summarised by Kwok & Ahmad, "Static Scheduling Algorithms for Allocating
// Directed Task Graphs to Multiprocessors", ACM Computing Surveys 31(4), 1999, Section 6.4. Named
// by the FLB paper (../shared/seeds/001_37b951120b5002ad.txt, Section 1) among the
// duplication-based schedulers for a bounded number of processors.
//
// List scheduling by static level (HLFET's priority: the longest computation path to an exit,
// largest first; ties to the smaller t-level, then the lower id). For each processor, the task's
// start is found first without duplication; then the idle slot between the processor's last task
// and that start is filled with copies of the ancestors whose messages hold the task back, while
// that makes it start earlier (duplication.h). The task goes to the processor where it starts
// earliest. Tasks and copies are appended (no insertion into earlier gaps), so with duplication
// turned off this is exactly hlfet, its non-duplicating counterpart.
#include <queue>

#include "core/dag/duplication.h"
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule static_level_duplication_schedule(const TaskGraph& g, int processors, ScheduleTrace* trace,
                                           bool duplicate, DuplicationSearch search) {
  const Levels lv = compute_levels(g);
  auto after = [&](TaskId a, TaskId b) {  // priority_queue: true when a comes after b
    if (lv.sl[a] != lv.sl[b]) return lv.sl[a] < lv.sl[b];
    if (lv.t_level[a] != lv.t_level[b]) return lv.t_level[a] > lv.t_level[b];
    return a > b;
  };
  std::priority_queue<TaskId, std::vector<TaskId>, decltype(after)> ready(after);
  std::vector<std::int64_t> missing(static_cast<std::size_t>(g.size()));
  for (TaskId t = 0; t < g.size(); ++t) {
    missing[static_cast<std::size_t>(t)] = g.in_degree(t);
    if (g.is_entry(t)) ready.push(t);
  }
  DuplicationPlacement pl(g, processors, false, search);
  while (!ready.empty()) {
    const TaskId t = ready.top();
    TraceStep* step = nullptr;
    if (trace) {
      step = &trace->steps.emplace_back();
      trace_ready_list(*step, ready, [&](TaskId u) { return TraceReady{u, -1, 0, 0, lv.sl[u]}; });
    }
    ready.pop();
    pl.place_best(t, duplicate, step);
    for (auto e : g.out_edges(t)) {
      const TaskId v = g.edge(e).to;
      if (--missing[static_cast<std::size_t>(v)] == 0) ready.push(v);
    }
  }
  return pl.take();
}

Schedule dsh(const TaskGraph& g, int processors, ScheduleTrace* trace, bool duplicate) {
  return static_level_duplication_schedule(g, processors, trace, duplicate,
                                           DuplicationSearch::kGreedy);
}

}  // namespace loadlab::core
