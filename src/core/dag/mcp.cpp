// MCP - Modified Critical Path.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.1; notes 003 ("MCP - tasks with
// smallest ALAPs are given highest priority"). Priority = ALAP (latest possible start); "ties are
// broken considering the priorities of the task's descendents".
// mcp (and mcp_insertion) break ties with the smallest ALAP among the children and then the task
// id: a deterministic, O(E) stand-in for the paper's lower-cost MCP, which breaks ties randomly.
// mcp_descendants follows the paper: each task's list of the ALAPs of itself and all its
// descendants, in increasing order, compared lexicographically (Wu & Gajski's MCP); then the
// task id. The lists are built only for tasks whose ALAP is tied, at O(V + E) each.
// ERRATA.md 001: MCP gives 13 (optimal) on the Figure 1 graph.
// Without insertion a task is appended on the processor where it starts earliest; with insertion
// it may fill an idle gap (original MCP).
#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

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

namespace {

// ALAPs of t and all its descendants, increasing.
std::vector<double> mcp_descendant_alaps(const TaskGraph& g, const Levels& lv, TaskId t,
                                         std::vector<int>& seen, int mark) {
  std::vector<double> out;
  std::vector<TaskId> stack{t};
  seen[static_cast<std::size_t>(t)] = mark;
  while (!stack.empty()) {
    const TaskId u = stack.back();
    stack.pop_back();
    out.push_back(lv.alap[u]);
    for (auto e : g.out_edges(u)) {
      const TaskId v = g.edge(e).to;
      if (seen[static_cast<std::size_t>(v)] != mark) {
        seen[static_cast<std::size_t>(v)] = mark;
        stack.push_back(v);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

Schedule mcp_descendants(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const Levels lv = compute_levels(g);
  const TaskId n = g.size();
  std::map<double, std::vector<TaskId>> by_alap;
  for (TaskId t = 0; t < n; ++t) by_alap[lv.alap[t]].push_back(t);
  std::vector<PriorityKey> keys(static_cast<std::size_t>(n));
  std::vector<int> seen(static_cast<std::size_t>(n), -1);
  double rank = 0;
  for (auto& [alap, group] : by_alap) {
    if (group.size() > 1) {
      std::vector<std::vector<double>> lists(group.size());
      for (std::size_t i = 0; i < group.size(); ++i)
        lists[i] = mcp_descendant_alaps(g, lv, group[i], seen, group[i]);
      std::vector<std::size_t> order(group.size());
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return lists[a] < lists[b];  // lexicographic; group is in task id order
      });
      std::vector<TaskId> sorted;
      for (std::size_t i : order) sorted.push_back(group[i]);
      group = std::move(sorted);
    }
    for (TaskId t : group) keys[static_cast<std::size_t>(t)] = {rank++, 0};
  }
  return static_list_schedule(g, processors, keys, false, ProcessorRule::all, trace);
}

}  // namespace loadlab::core
