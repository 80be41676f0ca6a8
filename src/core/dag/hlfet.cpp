// HLFET - Highest Level First with Estimated Times.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling": priority sl(i)
// (largest first), "ties are broken based on the task that has the earliest possible start time".
// hlfet breaks ties by the static t-level, a lower bound of the start computed once, so the list
// order is fixed before scheduling (the existing row, kept as it is). hlfet_est follows the notes:
// among the ready tasks of the largest sl, the one that can start earliest in the partial
// schedule (over all processors) goes first; further ties: the smaller task id. hlfet_comm is the
// notes' "with communication" entry: "HLFET, but with communication costs used in computing
// distance to exit nodes", i.e. the b-level instead of sl (ties: smaller t-level, then id).
#include <set>

#include "core/dag/list_scheduler.h"
#include "core/dag/placement.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule hlfet(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.sl[t], lv.t_level[t]};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

Schedule hlfet_comm(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.b_level[t], lv.t_level[t]};
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

Schedule hlfet_est(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  Placement pl(g, processors, false);
  auto by_level = [&](TaskId a, TaskId b) {
    return lv.sl[a] != lv.sl[b] ? lv.sl[a] > lv.sl[b] : a < b;
  };
  std::set<TaskId, decltype(by_level)> ready(by_level);
  for (TaskId t = 0; t < g.size(); ++t)
    if (g.is_entry(t)) ready.insert(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    const double top = lv.sl[*ready.begin()];
    TaskId best = -1;
    int best_p = 0;
    double best_st = 0;
    TraceStep* step = trace ? &trace->steps.emplace_back() : nullptr;
    for (TaskId t : ready) {
      if (step) step->ready.push_back({t, -1, 0, 0, lv.sl[t]});
      if (lv.sl[t] != top) {
        if (!step) break;  // the set is in decreasing sl: no more ties
        continue;
      }
      const auto [p, st] = pl.best_proc(t);
      if (step) step->candidates.push_back({t, p, st});
      if (best < 0 || st < best_st) best = t, best_p = p, best_st = st;
    }
    ready.erase(best);
    fresh.clear();
    const ScheduleEntry& en = pl.place(best, best_p, best_st, &fresh);
    if (step) step->chosen = en;
    for (TaskId v : fresh) ready.insert(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
