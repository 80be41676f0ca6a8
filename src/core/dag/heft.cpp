// HEFT - Heterogeneous Earliest Finish Time. Topcuoglu, Hariri, Wu, "Performance-effective and
// low-complexity task scheduling for heterogeneous computing", IEEE TPDS 13(3), 2002, Section 4.1.
//
// Task prioritizing: decreasing upward rank rank_u(t) = w-bar(t) + max_s (c-bar(t, s) +
// rank_u(s)) with w-bar the mean execution time over the processors and c-bar the data divided by
// the mean bandwidth. Processor selection: the processor giving the earliest finish, with the
// insertion policy (a task may fill an idle gap between two scheduled tasks if it fits after its
// data arrive).
// Our reading where the paper leaves a choice: equal ranks go to the smaller task id (the paper's
// example schedules n3 before n4, both 80.000); equal finish times to the lower processor index.
//
// The rank's averaging is a choice (heft_rank.h: the paper's mean, SAGA's, best, worst); the
// processor selection is the same for every variant.
//
// heft(g, P) is the identical-processor form (paper 001's model): rank_u is the b-level. It keeps
// its own code path so the results on identical processors stay byte-identical.
#include "core/dag/heft_rank.h"
#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"
#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

#include <numeric>

namespace loadlab::core {

Schedule heft(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-lv.b_level[t], 0};
  return static_list_schedule(g, processors, keys, true, ProcessorRule::all, trace);
}

Schedule heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return heft(g, m, HeftRank::mean, trace);
}

Schedule heft(const TaskGraph& g, const Machine& m, HeftRank variant, ScheduleTrace* trace) {
  const std::vector<double> rank = heft_upward_ranks(g, m, variant);
  // A decreasing-rank order is topological when every task costs more than 0 on average; with
  // zero costs a successor can tie its predecessor, so ties go to the smaller topological index.
  std::vector<std::size_t> topo_pos(static_cast<std::size_t>(g.size()));
  for (std::size_t i = 0; i < g.topo_order().size(); ++i)
    topo_pos[static_cast<std::size_t>(g.topo_order()[i])] = i;
  std::vector<TaskId> order(static_cast<std::size_t>(g.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](TaskId a, TaskId b) {
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (rank[ia] != rank[ib]) return rank[ia] > rank[ib];
    return topo_pos[ia] < topo_pos[ib];
  });
  HeteroPlacement pl(g, m, true);
  for (TaskId t : order) {
    const auto [p, st] = pl.best_eft(t);
    const ScheduleEntry& en = pl.place(t, p, st, nullptr);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, rank[static_cast<std::size_t>(t)]});
      step.chosen = en;
    }
  }
  return pl.take();
}

}  // namespace loadlab::core
