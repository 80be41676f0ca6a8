// Online scheduling: a task is revealed only when its last parent finishes (entry tasks at time
// 0), and the scheduler places it then, knowing the tasks revealed so far and nothing below them.
// The online model is the one SAGA's issue asks for and Topcuoglu et al.'s HEFT (IEEE TPDS 13(3),
// 2002) and Braun et al.'s MCT (JPDC 61(6), 2001) are the rules it is compared with; our reading
// of "online HEFT": HEFT's rank of a task whose successors are unknown is its own mean execution
// time, so among tasks revealed at the same instant the heavier goes first, each placed at its
// earliest finish with HEFT's insertion; "online MCT": revealed tasks in order, each on the
// processor where it completes first, appended. Reveal times come from the schedule being built:
// a task is placed as soon as everything revealed before it is placed, so no decision can depend
// on a later task's costs (tests/core/test_dag_online.cpp changes the future and checks).
#include <queue>
#include <tuple>
#include <vector>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

namespace {

enum class OnlineRule { heft, mct };

Schedule online_schedule(const TaskGraph& g, const Machine& m, OnlineRule rule,
                         ScheduleTrace* trace) {
  HeteroPlacement pl(g, m, rule == OnlineRule::heft);
  const std::vector<double> wbar = mean_exec_times(g, m);
  // (reveal time, -priority, id): the smallest pops first.
  using Revealed = std::tuple<double, double, TaskId>;
  std::priority_queue<Revealed, std::vector<Revealed>, std::greater<>> revealed;
  auto push = [&](TaskId t, double at) {
    const double prio = rule == OnlineRule::heft ? wbar[static_cast<std::size_t>(t)] : 0.0;
    revealed.emplace(at, -prio, t);
  };
  std::vector<std::int64_t> parents_left(static_cast<std::size_t>(g.size()));
  for (TaskId t = 0; t < g.size(); ++t) {
    parents_left[static_cast<std::size_t>(t)] = g.in_degree(t);
    if (parents_left[static_cast<std::size_t>(t)] == 0) push(t, 0.0);
  }
  while (!revealed.empty()) {
    const TaskId t = std::get<2>(revealed.top());
    revealed.pop();
    int p = 0;
    double start = 0;
    if (rule == OnlineRule::heft) {
      std::tie(p, start) = pl.best_eft(t);
    } else {
      double best = 0;
      for (int q = 0; q < pl.processors(); ++q) {
        const double s = std::max(pl.data_ready(t, q), pl.prt(q)), f = s + pl.exec(t, q);
        if (q == 0 || f < best) best = f, p = q, start = s;
      }
    }
    const ScheduleEntry& en = pl.place(t, p, start, nullptr);
    if (trace) trace->steps.emplace_back().chosen = en;
    for (auto e : g.out_edges(t)) {
      const TaskId c = g.edge(e).to;
      if (--parents_left[static_cast<std::size_t>(c)] > 0) continue;
      double at = 0;
      for (auto pe : g.in_edges(c)) at = std::max(at, pl.finish(g.edge(pe).from));
      push(c, at);
    }
  }
  return pl.take();
}

}  // namespace

Schedule online_heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return online_schedule(g, m, OnlineRule::heft, trace);
}

Schedule online_mct(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  return online_schedule(g, m, OnlineRule::mct, trace);
}

}  // namespace loadlab::core
