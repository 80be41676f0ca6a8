// Coffman-Graham.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Optimal Scheduling in Polynomial Time",
// steps 1-3; ERRATA.md 003: optimal for unit tasks on 2 processors (checked by brute force).
// Labels: among unlabeled tasks whose successors are all labeled, the one whose decreasing list
// of successor labels is lexicographically smallest gets the next label (smallest id on ties).
// Schedule: tasks in reverse label order, each "at the earliest possible time" - implemented as
// the earliest-start rule with the higher label first on ties, which for unit tasks without
// communication is exactly Graham's list schedule with the label list.
#include <algorithm>
#include <set>

#include "core/dag/list_scheduler.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

std::vector<std::int32_t> coffman_graham_labels(const TaskGraph& g) {
  const std::int32_t n = g.size();
  std::vector<std::int32_t> label(n, 0);
  std::vector<std::vector<std::int32_t>> seq(n);
  std::vector<std::int64_t> unlabeled_succ(n);
  auto less = [&](TaskId a, TaskId b) {
    if (seq[a] != seq[b])
      return std::lexicographical_compare(seq[a].begin(), seq[a].end(), seq[b].begin(),
                                          seq[b].end());
    return a < b;
  };
  std::set<TaskId, decltype(less)> candidates(less);
  for (TaskId t = 0; t < n; ++t) {
    unlabeled_succ[t] = g.out_degree(t);
    if (unlabeled_succ[t] == 0) candidates.insert(t);
  }
  for (std::int32_t next = 1; next <= n; ++next) {
    const TaskId x = *candidates.begin();
    candidates.erase(candidates.begin());
    label[x] = next;
    for (auto e : g.in_edges(x)) {
      const TaskId u = g.edge(e).from;
      if (--unlabeled_succ[u] == 0) {
        for (auto f : g.out_edges(u)) seq[u].push_back(label[g.edge(f).to]);
        std::sort(seq[u].begin(), seq[u].end(), std::greater<>());
        candidates.insert(u);
      }
    }
  }
  return label;
}

Schedule coffman_graham(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const auto label = coffman_graham_labels(g);
  std::vector<PriorityKey> keys(g.size());
  for (TaskId t = 0; t < g.size(); ++t) keys[t] = {-static_cast<double>(label[t]), 0};
  return earliest_start_schedule(g, processors, keys, trace);
}

}  // namespace loadlab::core
