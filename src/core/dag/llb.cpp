// LLB - List-based Load Balancing (Radulescu & van Gemund, reference [12] of paper 001).
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 3.3: a cluster is mapped to the
// processor where its first task is scheduled. Each step takes the processor that becomes idle the
// earliest and compares two candidates: (a) the ready task of a cluster already mapped to it and
// (b) the ready task of a not yet mapped cluster; the one starting earlier is scheduled (a on
// ties). The FLB paper's text says "least bottom level" for both candidates; LLB's own paper ranks
// critical path first (largest bottom level). Both are offered: the largest-first rule is the
// default (llb, dsc_llb) and the printed rule is llb_least, dsc_llb_least; docs/scenario-dag.md
// says which reproduces the FLB paper's DSC-LLB figures better. Ties: the smaller task id.
#include <algorithm>
#include <set>

#include "core/dag/placement.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

Schedule llb(const TaskGraph& g, int processors, const std::vector<std::int32_t>& cluster_of,
             ScheduleTrace* trace, LlbOrder order) {
  const std::int32_t n = g.size();
  const Levels lv = compute_levels(g);
  Placement pl(g, processors, false);
  const int P = pl.processors();
  std::int32_t clusters = 0;
  for (auto c : cluster_of) clusters = std::max(clusters, c + 1);
  std::vector<std::int32_t> mapped(clusters, -1);
  const bool least = order == LlbOrder::least_bottom_level;
  auto less = [&](TaskId a, TaskId b) {
    if (lv.b_level[a] != lv.b_level[b])
      return least ? lv.b_level[a] < lv.b_level[b] : lv.b_level[a] > lv.b_level[b];
    return a < b;
  };
  std::vector<std::set<TaskId, decltype(less)>> on_proc(P, std::set<TaskId, decltype(less)>(less));
  std::set<TaskId, decltype(less)> unmapped(less);
  std::vector<std::vector<TaskId>> waiting(clusters);  // ready tasks of unmapped clusters
  auto add_ready = [&](TaskId t) {
    const std::int32_t c = cluster_of[t];
    if (mapped[c] >= 0)
      on_proc[mapped[c]].insert(t);
    else {
      unmapped.insert(t);
      waiting[c].push_back(t);
    }
  };
  for (TaskId t = 0; t < n; ++t)
    if (g.is_entry(t)) add_ready(t);
  std::vector<TaskId> fresh;
  for (std::int32_t done = 0; done < n; ++done) {
    int p = -1;
    for (int q = 0; q < P; ++q) {
      if (unmapped.empty() && on_proc[q].empty()) continue;
      if (p < 0 || pl.prt(q) < pl.prt(p)) p = q;
    }
    TaskId ta = on_proc[p].empty() ? -1 : *on_proc[p].begin();
    TaskId tb = unmapped.empty() ? -1 : *unmapped.begin();
    const double ea = ta >= 0 ? pl.est(ta, p) : 0, eb = tb >= 0 ? pl.est(tb, p) : 0;
    TraceStep* step = trace ? &trace->steps.emplace_back() : nullptr;
    if (step) {
      for (TaskId u : on_proc[p]) step->ready.push_back({u, p, 0, 0, lv.b_level[u]});
      for (TaskId u : unmapped) step->ready.push_back({u, -1, 0, 0, lv.b_level[u]});
      if (ta >= 0) step->candidates.push_back({ta, p, ea});
      if (tb >= 0) step->candidates.push_back({tb, p, eb});
    }
    TaskId t;
    double st;
    if (ta >= 0 && (tb < 0 || ea <= eb)) {
      t = ta, st = ea;
      on_proc[p].erase(on_proc[p].begin());
    } else {
      t = tb, st = eb;
      const std::int32_t c = cluster_of[t];
      mapped[c] = p;
      for (TaskId u : waiting[c]) {
        unmapped.erase(u);
        if (u != t) on_proc[p].insert(u);
      }
      waiting[c].clear();
    }
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, p, st, &fresh);
    if (step) step->chosen = en;
    for (TaskId v : fresh) add_ready(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
