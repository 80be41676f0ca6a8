// Batch-mode mapping heuristics: Min-Min, Max-Min and Sufferage. Braun et al., "A comparison of
// eleven static heuristics for mapping a class of independent tasks onto heterogeneous
// distributed computing systems", JPDC 61(6), 2001, Section 2 (Min-min, Max-min), and
// Maheswaran et al., JPDC 59(2), 1999 (Sufferage).
//
// Braun et al. map independent tasks: a batch is a fixed set, mapped completely, one task at a
// time. On a DAG two readings exist, both offered:
//  - refresh per batch (min_min_batch, max_min_batch; SAGA's reading): the batch is the ready set
//    (tasks whose predecessors are all mapped) at the moment it opens; tasks made ready while it
//    is being mapped wait for the next batch, so the heuristic runs as Braun et al. state it on
//    each batch;
//  - refresh per mapping (min_min, max_min, sufferage): a task made ready by a mapping joins the
//    candidates at once, so every choice sees every mappable task.
// the completion time of t on p is CT(t, p) = max(data ready on p, p's last finish) + ETC(t, p)
// (tasks are appended, no insertion, as in the paper's machine-availability model).
//   Min-Min:   the task whose best CT is smallest goes to that processor.
//   Max-Min:   the task whose best CT is largest goes to its best processor.
//   Sufferage: the task with the largest sufferage (second-best CT - best CT; 0 on one processor)
//              goes to its best processor. Braun's version maps a whole round before updating;
//              we update after every task, like Min-Min, so the three differ only in the choice.
// Ties: best processor = lowest index; between tasks, the smaller task id.
#include <algorithm>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule batch_mapping(const TaskGraph& g, const Machine& m, BatchRule rule, ScheduleTrace* trace,
                       BatchRefresh refresh) {
  HeteroPlacement pl(g, m, false);
  const int P = pl.processors();
  ReadyTimes ready(pl);
  for (TaskId t : g.entry_tasks()) ready.add(t);
  std::vector<TaskId> fresh, next_batch;
  for (;;) {
    if (ready.empty()) {
      if (next_batch.empty()) break;
      for (TaskId v : next_batch) ready.add(v);
      next_batch.clear();
    }
    std::size_t bi = 0;
    int bp = 0;
    double bkey = 0, bstart = 0;
    bool have = false;
    TraceStep* step = trace ? &trace->steps.emplace_back() : nullptr;
    for (std::size_t i = 0; i < ready.size(); ++i) {
      const TaskId t = ready.task(i);
      int p1 = 0;
      double ct1 = 0, ct2 = 0, st1 = 0;
      for (int p = 0; p < P; ++p) {
        const double st = std::max(ready.data_ready(i, p), pl.prt(p));
        const double ct = st + pl.exec(t, p);
        if (p == 0 || ct < ct1) {
          ct2 = p == 0 ? ct : ct1;
          ct1 = ct, p1 = p, st1 = st;
        } else if (p == 1 || ct < ct2) {
          ct2 = ct;
        }
      }
      if (P == 1) ct2 = ct1;
      // Larger key wins.
      const double key = rule == BatchRule::min_min   ? -ct1
                         : rule == BatchRule::max_min ? ct1
                                                      : ct2 - ct1;
      if (step) step->candidates.push_back({t, p1, st1});
      if (!have || key > bkey || (key == bkey && t < ready.task(bi))) {
        have = true;
        bkey = key, bi = i, bp = p1, bstart = st1;
      }
    }
    const TaskId t = ready.task(bi);
    ready.remove(bi);
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, bp, bstart, &fresh);
    if (step) step->chosen = en;
    if (refresh == BatchRefresh::per_batch)
      next_batch.insert(next_batch.end(), fresh.begin(), fresh.end());
    else
      for (TaskId v : fresh) ready.add(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
