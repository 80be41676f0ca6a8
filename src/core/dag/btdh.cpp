// BTDH - Bottom-up Top-down Duplication Heuristic.
// Paper: Y.-C. Chung and S. Ranka, "Application and Performance Analysis of a Compile-Time
// Optimization Approach for List Scheduling Algorithms on Distributed Memory Multiprocessors",
// Supercomputing 1992, as summarised by Kwok & Ahmad, "Static Scheduling Algorithms for Allocating
// Directed Task Graphs to Multiprocessors", ACM Computing Surveys 31(4), 1999, Section 6.4. Named
// by the FLB paper (../shared/seeds/001_37b951120b5002ad.txt, Section 1) beside DSH and CPFD.
//
// DSH's frame (dsh.cpp: static-level list, the task goes where it starts earliest, copies are
// appended before it). What differs is the copy search on a processor p. DSH stops as soon as a
// copy would make the task start later. BTDH keeps a duplication set D and keeps growing it even
// when the start rises: the start may come back down once the copies' own ancestors are copied
// too. Bottom-up: the next ancestor to copy is found by walking back from the task along what
// holds it: a message (its latest parent not yet on p is the next ancestor; a parent already
// copied in D is walked through) or the processor (the copy before it in D is walked through).
// Top-down: D is laid out in topological order, each copy as early as its data and the copy
// before it allow. The walk ends at a committed task on p, an entry task or the copy budget; the D
// that gave the earliest start is kept (none, if no set beat the plain start).
#include <algorithm>
#include <cmath>

#include "core/dag/duplication.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

DuplicationPlacement::Trial DuplicationPlacement::btdh_layout(
    TaskId t, int p, const std::vector<TaskId>& set) const {
  Trial tr;
  tr.proc = p;
  tr.free = free_[static_cast<std::size_t>(p)];
  TaskId latest = -1;
  // Parents precede their children in `set`, so each copy sees its parents' copies already laid
  // out; later copies are never its parents.
  for (TaskId u : set) {
    const double s = std::max(tr.free, data_ready(u, tr, &latest));
    tr.added.push_back({u, p, s, s + g_.comp(u), true});
    tr.free = s + g_.comp(u);
  }
  tr.start = std::max(tr.free, data_ready(t, tr, &latest));
  return tr;
}

TaskId DuplicationPlacement::btdh_next_ancestor(TaskId t, const Trial& tr) const {
  std::size_t idx = tr.added.size();  // position of `cur` in the layout; size() = t itself
  TaskId cur = t;
  double start = tr.start;
  for (;;) {
    TaskId latest = -1;
    const double ready = data_ready(cur, tr, &latest);
    const double tol = 1e-12 * std::max(1.0, std::fabs(start));
    if (latest >= 0 && ready >= start - tol) {  // a message holds it
      if (!on_proc(latest, tr)) return latest;
      std::size_t j = 0;
      while (j < idx && tr.added[j].task != latest) ++j;
      if (j == idx) return -1;  // held by a committed task on p: no copy moves that
      idx = j, cur = latest, start = tr.added[j].start;
      continue;
    }
    if (idx == 0) return -1;  // held by the processor's committed work
    --idx;
    cur = tr.added[idx].task, start = tr.added[idx].start;
  }
}

DuplicationPlacement::Trial DuplicationPlacement::evaluate_bottom_up(TaskId t, int p) const {
  std::vector<TaskId> set;
  Trial best = btdh_layout(t, p, set);
  Trial cur = best;
  for (int budget = kDuplicationAttemptBudget; budget > 0; --budget) {
    const TaskId u = btdh_next_ancestor(t, cur);
    if (u < 0) break;
    const auto at = std::upper_bound(set.begin(), set.end(), u, [&](TaskId a, TaskId b) {
      return topo_pos_[static_cast<std::size_t>(a)] < topo_pos_[static_cast<std::size_t>(b)];
    });
    set.insert(at, u);
    cur = btdh_layout(t, p, set);
    // Unlike DSH, a later start does not end the search; only a strictly earlier one is kept.
    if (cur.start < best.start - 1e-12 * std::max(1.0, std::fabs(best.start))) best = cur;
  }
  return best;
}

Schedule btdh(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  return static_level_duplication_schedule(g, processors, trace, true,
                                           DuplicationSearch::kBottomUp);
}

}  // namespace loadlab::core
