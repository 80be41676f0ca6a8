// DPS - Decisive Path Scheduling. Park, Shirazi, Marquis, Choo, "Decisive path scheduling: a new
// list scheduling method", Proc. International Conference on Parallel Processing (ICPP), 1997.
// The paper itself could not be consulted here: the method below is as the scheduling literature
// summarises it, and the choices it leaves are marked as ours.
//
// The decisive path of a task is the longest entry-to-exit path through it; its length is
// DP(t) = TL(t) + BL(t), with the top level TL (longest path from an entry to t, without t) and
// the bottom level BL (longest path from t to an exit, with t), computation and communication
// both counted; the tasks of largest DP form the critical path. The task queue follows the
// critical path from its entry, and a task is queued only after its parents, so a parent off the
// path is queued (with its own unqueued ancestors first) just before the path task that needs it;
// tasks on no such path follow. Tasks are then taken in queue order, each to the processor where
// it can start earliest, after the processor's last task.
//
// Our reading where the paper (identical processors) leaves a choice or does not apply: unqueued
// parents go in decreasing DP, the remaining tasks in decreasing DP (each after its unqueued
// ancestors); on a heterogeneous machine TL and BL use the mean execution time and data / mean
// bandwidth, as HEFT's ranks (on identical processors exactly the paper's levels), and the
// processor is the one of earliest finish (the earliest start when all run alike), as every
// heterogeneous list scheduler here. Ties: the critical path follows the successor giving the
// parent's BL, the smaller topological index on equal values; equal DP to the smaller
// topological index; equal finish times to the lower processor index.
//
// SAGA's dps.py differs: it orders the tasks by BL - TL, re-sorted after every placement with the
// processors chosen so far, instead of building the decisive-path queue, and inserts into idle
// gaps.
#include <algorithm>
#include <vector>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

namespace {

// Queues `root` after every unqueued ancestor, parents of larger DP first (iterative: task graphs
// may be chains of a million tasks).
void dps_enqueue_with_parents(const TaskGraph& g, TaskId root, const std::vector<double>& dp,
                              const std::vector<std::size_t>& topo_pos, std::vector<char>& queued,
                              std::vector<TaskId>& queue) {
  struct Frame {
    TaskId task;
    std::vector<TaskId> parents;
    std::size_t next = 0;
  };
  auto open = [&](TaskId t) {
    Frame f{t, {}, 0};
    for (auto e : g.in_edges(t)) {
      const TaskId u = g.edge(e).from;
      if (!queued[static_cast<std::size_t>(u)]) f.parents.push_back(u);
    }
    std::sort(f.parents.begin(), f.parents.end(), [&](TaskId a, TaskId b) {
      const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
      if (dp[ia] != dp[ib]) return dp[ia] > dp[ib];
      return topo_pos[ia] < topo_pos[ib];
    });
    return f;
  };
  if (queued[static_cast<std::size_t>(root)]) return;
  std::vector<Frame> stack;
  stack.push_back(open(root));
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next < f.parents.size()) {
      const TaskId u = f.parents[f.next++];
      if (!queued[static_cast<std::size_t>(u)]) stack.push_back(open(u));
      continue;
    }
    const TaskId t = f.task;
    stack.pop_back();
    if (!queued[static_cast<std::size_t>(t)]) {
      queued[static_cast<std::size_t>(t)] = 1;
      queue.push_back(t);
    }
  }
}

}  // namespace

std::vector<TaskId> dps_queue(const TaskGraph& g, const Machine& m) {
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<TaskId> queue;
  if (n == 0) return queue;
  queue.reserve(n);
  const std::vector<double> tl = downward_ranks(g, m);
  const std::vector<double> bl = upward_ranks(g, m);
  const double bbar = mean_bandwidth(m);
  const bool comm = m.processors > 1;
  std::vector<double> dp(n);
  for (std::size_t i = 0; i < n; ++i) dp[i] = tl[i] + bl[i];
  std::vector<std::size_t> topo_pos(n);
  for (std::size_t i = 0; i < n; ++i) topo_pos[static_cast<std::size_t>(g.topo_order()[i])] = i;
  std::vector<TaskId> by_dp(g.topo_order().begin(), g.topo_order().end());
  std::stable_sort(by_dp.begin(), by_dp.end(), [&](TaskId a, TaskId b) {
    return dp[static_cast<std::size_t>(a)] > dp[static_cast<std::size_t>(b)];
  });
  std::vector<char> queued(n, 0);
  // The critical path: from the entry of largest DP, each step to the successor that gives the
  // task its bottom level.
  TaskId t = -1;
  for (TaskId c : by_dp)
    if (g.in_degree(c) == 0) {
      t = c;
      break;
    }
  while (t >= 0) {
    dps_enqueue_with_parents(g, t, dp, topo_pos, queued, queue);
    TaskId next = -1;
    double best = 0;
    for (auto e : g.out_edges(t)) {
      const DagEdge& ed = g.edge(e);
      const double v = (comm ? ed.comm / bbar : 0.0) + bl[static_cast<std::size_t>(ed.to)];
      if (next < 0 || v > best ||
          (v == best &&
           topo_pos[static_cast<std::size_t>(ed.to)] < topo_pos[static_cast<std::size_t>(next)]))
        next = ed.to, best = v;
    }
    t = next;
  }
  for (TaskId c : by_dp) dps_enqueue_with_parents(g, c, dp, topo_pos, queued, queue);
  return queue;
}

Schedule dps(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const std::vector<TaskId> queue = dps_queue(g, m);
  HeteroPlacement pl(g, m, false);
  for (TaskId t : queue) {
    const auto [p, st] = pl.best_eft(t);
    const ScheduleEntry& en = pl.place(t, p, st, nullptr);
    if (trace) trace->steps.emplace_back().chosen = en;
  }
  return pl.take();
}

}  // namespace loadlab::core
