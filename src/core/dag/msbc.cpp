// MSBC - Multiple Strict Bound Constraints. The list scheduler SAGA (Coleman, Krishnamachari et
// al., ANRGUSC/saga, msbc.py) takes from a paper of the IEEE Pacific Rim Conference on
// Communications, Computers and Signal Processing (PACRIM), 2005 (doi 10.1109/PACRIM.2005.1517309),
// which could not be consulted here: the definitions below are SAGA's, read as stated.
//
//   SBCT(t) = min_p [ max_{u in pred(t)} (SBCT(u) + c(u, t; fav(u), p)) + w(t, p) ], the
//             strict-bound completion time: every task as early as its parents' own bounds allow,
//             processors not shared; fav(t) is the processor attaining it (lowest index on ties).
//   ST(t)   = max_{u in pred(t)} (ST(u) + w(u, fav(u)) + c(u, t; fav(u), fav(t))), 0 at entries:
//             the start when every task runs on its favourite processor without contention.
//   SBL(t)  = static b-level: w-bar(t) + max_{s in succ(t)} SBL(s) (mean execution times, no
//             communication; Kwok & Ahmad, "Static scheduling algorithms for allocating directed
//             task graphs to multiprocessors", ACM Computing Surveys 31(4), 1999, Section 4.1).
//   priority = SBCT(t) + SBL(t) + ST(t); the ready task of largest priority is placed where it
//             starts earliest, inserted into an idle gap when one fits; equal starts go to the
//             processor running it fastest (SAGA tries processors fastest first), then the lower
//             index. Equal priorities go to the smaller topological index (SAGA: set order).
//
// Where we differ from SAGA's code: its "static b-level" is computed over the predecessors
// (max over parents of their mean time plus their level, 0 at entries: a top level), contrary to
// the name; ours is the static b-level the name denotes.
#include <queue>
#include <vector>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

std::vector<double> msbc_priorities(const TaskGraph& g, const Machine& m) {
  const auto n = static_cast<std::size_t>(g.size());
  const int P = std::max(1, m.processors);
  std::vector<double> sbct(n, 0), st(n, 0), sbl(n, 0), prio(n, 0);
  std::vector<int> fav(n, 0);
  const std::vector<double> w = mean_exec_times(g, m);
  for (TaskId t : g.topo_order()) {
    const auto ti = static_cast<std::size_t>(t);
    for (int p = 0; p < P; ++p) {
      double ready = 0;
      for (auto e : g.in_edges(t)) {
        const DagEdge& ed = g.edge(e);
        const auto u = static_cast<std::size_t>(ed.from);
        ready = std::max(ready, sbct[u] + m.comm(ed.comm, fav[u], p));
      }
      const double ct = ready + m.exec(g, t, p);
      if (p == 0 || ct < sbct[ti]) sbct[ti] = ct, fav[ti] = p;
    }
    for (auto e : g.in_edges(t)) {
      const DagEdge& ed = g.edge(e);
      const auto u = static_cast<std::size_t>(ed.from);
      st[ti] =
          std::max(st[ti], st[u] + m.exec(g, ed.from, fav[u]) + m.comm(ed.comm, fav[u], fav[ti]));
    }
  }
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto ti = static_cast<std::size_t>(*it);
    double below = 0;
    for (auto e : g.out_edges(*it))
      below = std::max(below, sbl[static_cast<std::size_t>(g.edge(e).to)]);
    sbl[ti] = w[ti] + below;
    prio[ti] = sbct[ti] + sbl[ti] + st[ti];
  }
  return prio;
}

Schedule msbc(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const std::vector<double> prio = msbc_priorities(g, m);
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<std::size_t> topo_pos(n);
  for (std::size_t i = 0; i < n; ++i) topo_pos[static_cast<std::size_t>(g.topo_order()[i])] = i;
  auto lower = [&](TaskId a, TaskId b) {
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (prio[ia] != prio[ib]) return prio[ia] < prio[ib];
    return topo_pos[ia] > topo_pos[ib];
  };
  std::priority_queue<TaskId, std::vector<TaskId>, decltype(lower)> ready(lower);
  for (TaskId t : g.entry_tasks()) ready.push(t);
  HeteroPlacement pl(g, m, true);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    const TaskId t = ready.top();
    ready.pop();
    int bp = 0;
    double bs = 0;
    for (int p = 0; p < pl.processors(); ++p) {
      const double s = pl.est(t, p);
      if (p == 0 || s < bs || (s == bs && pl.exec(t, p) < pl.exec(t, bp))) bs = s, bp = p;
    }
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, bp, bs, &fresh);
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
