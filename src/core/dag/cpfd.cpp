// CPFD - Critical Path Fast Duplication.
// Paper: I. Ahmad and Y.-K. Kwok, "On Exploiting Task Duplication in Parallel Program
// Scheduling", IEEE Transactions on Parallel and Distributed Systems 9(9), 1998, Section 4. Named
// by the FLB paper (../shared/seeds/001_37b951120b5002ad.txt, Section 1) among the
// duplication-based schedulers.
//
// Order: the CPN-dominant sequence. The tasks of one critical path (largest t-level + b-level,
// communication included) are listed from the entry; before each, its unlisted ancestors ("in-
// branch nodes"), the parent of larger b-level first (then smaller t-level, lower id),
// recursively; the remaining tasks ("out-branch nodes") follow in decreasing b-level, each again
// after its unlisted ancestors. Each task in turn is tried on every processor; on each, copies of
// its "very important parent" (the one whose message arrives last) are placed into idle time,
// recursively for that parent, while they make the task start earlier (duplication.h), with
// insertion into idle gaps. The task goes to the processor where it starts earliest.
//
// The paper schedules for an unbounded number of processors and tries the processors holding a
// parent plus one empty processor; with P processors, once none is empty, the one idle earliest
// stands in for it. With duplication turned off the same order and placement give its
// non-duplicating counterpart (tests compare the two).
#include <algorithm>

#include "core/dag/duplication.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

namespace {

// The CPN-dominant sequence (a topological order); iterative so a long chain cannot overflow the
// stack.
std::vector<TaskId> cpfd_sequence(const TaskGraph& g, const Levels& lv) {
  const auto n = static_cast<std::size_t>(g.size());
  auto before = [&](TaskId a, TaskId b) {  // larger b-level, then smaller t-level, then lower id
    if (lv.b_level[a] != lv.b_level[b]) return lv.b_level[a] > lv.b_level[b];
    if (lv.t_level[a] != lv.t_level[b]) return lv.t_level[a] < lv.t_level[b];
    return a < b;
  };
  std::vector<char> listed(n, 0);
  std::vector<TaskId> seq;
  seq.reserve(n);
  std::vector<std::vector<TaskId>> parents(n);
  for (TaskId t = 0; t < g.size(); ++t) {
    for (auto e : g.in_edges(t)) parents[static_cast<std::size_t>(t)].push_back(g.edge(e).from);
    std::sort(parents[static_cast<std::size_t>(t)].begin(),
              parents[static_cast<std::size_t>(t)].end(), before);
  }
  // Depth-first over unlisted parents (best first); a task is listed once all its parents are.
  std::vector<std::pair<TaskId, std::size_t>> stack;
  auto list_with_ancestors = [&](TaskId root) {
    if (listed[static_cast<std::size_t>(root)]) return;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto& [t, next] = stack.back();
      const auto& ps = parents[static_cast<std::size_t>(t)];
      while (next < ps.size() && listed[static_cast<std::size_t>(ps[next])]) ++next;
      if (next < ps.size()) {
        const TaskId u = ps[next++];
        stack.push_back({u, 0});
        continue;
      }
      listed[static_cast<std::size_t>(t)] = 1;
      seq.push_back(t);
      stack.pop_back();
    }
  };
  for (TaskId c : lv.critical_path_tasks) list_with_ancestors(c);
  std::vector<TaskId> rest;
  for (TaskId t = 0; t < g.size(); ++t)
    if (!listed[static_cast<std::size_t>(t)]) rest.push_back(t);
  std::sort(rest.begin(), rest.end(), before);
  for (TaskId t : rest) list_with_ancestors(t);
  return seq;
}

}  // namespace

Schedule cpfd(const TaskGraph& g, int processors, ScheduleTrace* trace, bool duplicate) {
  const Levels lv = compute_levels(g);
  const std::vector<TaskId> seq = cpfd_sequence(g, lv);
  DuplicationPlacement pl(g, processors, true);
  for (std::size_t i = 0; i < seq.size(); ++i) {
    TraceStep* step = nullptr;
    if (trace) {
      // The sequence is fixed: the "ready list" of a step is the rest of it, next first (capped so
      // a trace stays linear in size).
      step = &trace->steps.emplace_back();
      for (std::size_t j = i; j < seq.size() && j < i + 16; ++j)
        step->ready.push_back({seq[j], -1, 0, 0, lv.b_level[seq[j]]});
    }
    const std::vector<int> candidates = pl.parent_processors(seq[i]);
    pl.place_best(seq[i], duplicate, step, &candidates);
  }
  return pl.take();
}

}  // namespace loadlab::core
