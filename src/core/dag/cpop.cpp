// CPOP - Critical-Path-on-a-Processor. Topcuoglu, Hariri, Wu, IEEE TPDS 13(3), 2002, Section 4.2.
//
// priority(t) = rank_u(t) + rank_d(t) (mean costs as in HEFT). |CP| = priority of the entry task;
// the critical path is followed from the entry through successors whose priority equals |CP|.
// The critical-path processor minimises the summed execution time of the critical-path tasks.
// A priority queue of ready tasks: the highest priority goes next; a critical-path task goes to the
// critical-path processor, any other to the processor with the earliest finish (insertion policy,
// as in HEFT).
// Our reading where the paper leaves a choice: with several entry tasks the critical path starts
// at the entry of largest priority (smallest id on ties); "equals |CP|" is tested with a relative
// tolerance of 1e-9 because the two ranks are sums of means in floating point; the next critical
// task is the lowest-id successor that qualifies; ties in the queue go to the smaller id; ties
// between processors to the lower index.
#include <cmath>
#include <queue>
#include <tuple>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule cpop(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const auto n = static_cast<std::size_t>(g.size());
  const std::vector<double> up = upward_ranks(g, m), down = downward_ranks(g, m);
  std::vector<double> prio(n);
  for (std::size_t t = 0; t < n; ++t) prio[t] = up[t] + down[t];
  HeteroPlacement pl(g, m, true);
  if (n == 0) return pl.take();

  TaskId start = -1;
  for (TaskId t : g.entry_tasks())
    if (start < 0 || prio[static_cast<std::size_t>(t)] > prio[static_cast<std::size_t>(start)])
      start = t;
  const double cp = prio[static_cast<std::size_t>(start)];
  auto on_cp = [&](TaskId t) {
    return std::fabs(prio[static_cast<std::size_t>(t)] - cp) <= 1e-9 * std::max(1.0, std::fabs(cp));
  };
  std::vector<char> critical(n, 0);
  std::vector<TaskId> cp_tasks;
  for (TaskId t = start; t >= 0;) {
    critical[static_cast<std::size_t>(t)] = 1;
    cp_tasks.push_back(t);
    TaskId next = -1;
    for (auto e : g.out_edges(t)) {  // ascending target id
      const TaskId s = g.edge(e).to;
      if (on_cp(s)) {
        next = s;
        break;
      }
    }
    t = next;
  }
  int cp_proc = 0;
  double cp_best = -1;
  for (int p = 0; p < pl.processors(); ++p) {
    double sum = 0;
    for (TaskId t : cp_tasks) sum += pl.exec(t, p);
    if (cp_best < 0 || sum < cp_best) cp_best = sum, cp_proc = p;
  }

  auto lower = [&](TaskId a, TaskId b) {  // true if a has lower priority than b
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (prio[ia] != prio[ib]) return prio[ia] < prio[ib];
    return a > b;
  };
  std::priority_queue<TaskId, std::vector<TaskId>, decltype(lower)> ready(lower);
  for (TaskId t : g.entry_tasks()) ready.push(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    const TaskId t = ready.top();
    ready.pop();
    int p;
    double st;
    if (critical[static_cast<std::size_t>(t)]) {
      p = cp_proc;
      st = pl.est(t, p);
    } else {
      std::tie(p, st) = pl.best_eft(t);
    }
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, p, st, &fresh);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, prio[static_cast<std::size_t>(t)]});
      step.chosen = en;
    }
    for (TaskId v : fresh) ready.push(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
