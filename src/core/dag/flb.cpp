// FLB - Fast Load Balancing.
// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 4.1 (procedures FLB, ScheduleTask,
// UpdateTaskLists, UpdateProcLists, UpdateReadyTasks), Appendix (Theorem 3), Table 1.
// Erratum: ERRATA.md 001 "Tie-breaks": EP(t) on simultaneous arrivals = lowest processor index;
// processor-list ties = lowest index; the EP pair wins only if strictly earlier; EP type <=>
// LMT(t) >= PRT(EP(t)).
//
// EMT(t, p) counts messages from predecessors on p as arriving at their finish time (comm 0); this
// is what Table 1 prints (t1[EMT 2] after t0 on p0 finishes at 2).
// Each list is an indexed binary heap: O(log W) per task operation, O(log P) per processor one.
#include <algorithm>

#include "core/dag/indexed_heap.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

namespace {

// Task lists: smaller key first, then larger bottom level, then smaller id (deterministic).
struct TaskLess {
  const std::vector<double>* key;
  const std::vector<double>* bl;
  bool operator()(std::int32_t a, std::int32_t b) const {
    if ((*key)[a] != (*key)[b]) return (*key)[a] < (*key)[b];
    if ((*bl)[a] != (*bl)[b]) return (*bl)[a] > (*bl)[b];
    return a < b;
  }
};

struct ProcLess {
  const std::vector<double>* key;
  bool operator()(std::int32_t a, std::int32_t b) const {
    if ((*key)[a] != (*key)[b]) return (*key)[a] < (*key)[b];
    return a < b;
  }
};

}  // namespace

Schedule flb(const TaskGraph& g, int processors, ScheduleTrace* trace) {
  const std::int32_t n = g.size();
  const int P = std::max(1, processors);
  // Bottom levels (with communication) break ties in all task lists (Section 4.1).
  std::vector<double> bl(n, 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double b = 0;
    for (auto e : g.out_edges(*it)) b = std::max(b, g.edge(e).comm + bl[g.edge(e).to]);
    bl[*it] = b + g.comp(*it);
  }
  std::vector<double> emt(n, 0), lmt(n, 0), ft(n, 0), prt(P, 0), active_prio(P, 0);
  std::vector<std::int32_t> proc_of(n, -1), ep(n, -1);
  std::vector<std::int64_t> missing(n);
  for (TaskId t = 0; t < n; ++t) missing[t] = g.in_degree(t);

  std::vector<std::int32_t> pos_emt(n, -1), pos_lmt(n, -1), pos_non(n, -1), pos_act(P, -1),
      pos_all(P, -1);
  std::vector<IndexedHeap<TaskLess>> emt_ep, lmt_ep;
  emt_ep.reserve(P);
  lmt_ep.reserve(P);
  for (int p = 0; p < P; ++p) {
    emt_ep.emplace_back(&pos_emt, TaskLess{&emt, &bl});
    lmt_ep.emplace_back(&pos_lmt, TaskLess{&lmt, &bl});
  }
  IndexedHeap<TaskLess> non_ep(&pos_non, TaskLess{&lmt, &bl});
  IndexedHeap<ProcLess> active(&pos_act, ProcLess{&active_prio});
  IndexedHeap<ProcLess> all_proc(&pos_all, ProcLess{&prt});

  for (TaskId t = 0; t < n; ++t)
    if (missing[t] == 0) non_ep.push(t);
  for (int p = 0; p < P; ++p) all_proc.push(p);

  auto refresh_active = [&](int p) {  // UpdateProcLists for the active list
    if (emt_ep[p].empty()) {
      if (active.contains(p)) active.erase(p);
    } else {
      active_prio[p] = std::max(emt[emt_ep[p].top()], prt[p]);
      active.update(p);
    }
  };
  auto record_lists = [&](TraceStep& step) {
    for (int p = 0; p < P; ++p) {
      std::vector<std::int32_t> items = emt_ep[p].items();
      std::sort(items.begin(), items.end(), TaskLess{&emt, &bl});
      for (auto t : items) step.ready.push_back({t, p, emt[t], lmt[t], bl[t]});
    }
    std::vector<std::int32_t> items = non_ep.items();
    std::sort(items.begin(), items.end(), TaskLess{&lmt, &bl});
    for (auto t : items) step.ready.push_back({t, -1, emt[t], lmt[t], bl[t]});
  };

  Schedule s;
  s.processors = P;
  s.entries.reserve(n);
  for (std::int32_t iter = 0; iter < n; ++iter) {
    // ScheduleTask: compare the earliest-starting EP pair with the non-EP pair (Theorem 3).
    TaskId t1 = -1, t2 = -1;
    int p1 = -1, p2 = all_proc.top();
    double est1 = 0, est2 = 0;
    if (!active.empty()) {
      p1 = active.top();
      t1 = emt_ep[p1].top();
      est1 = std::max(emt[t1], prt[p1]);
    }
    if (!non_ep.empty()) {
      t2 = non_ep.top();
      est2 = std::max(lmt[t2], prt[p2]);
    }
    TraceStep* step = nullptr;
    if (trace) {
      step = &trace->steps.emplace_back();
      record_lists(*step);
      if (t1 >= 0) step->candidates.push_back({t1, p1, est1});
      if (t2 >= 0) step->candidates.push_back({t2, p2, est2});
    }
    TaskId t;
    int p;
    double st;
    if (t1 >= 0 && (t2 < 0 || est1 < est2)) {
      t = t1, p = p1, st = est1;
      emt_ep[p].pop();
      lmt_ep[p].erase(t);
    } else {
      t = t2, p = p2, st = est2;
      non_ep.pop();
    }
    proc_of[t] = p;
    ft[t] = st + g.comp(t);
    prt[p] = ft[t];
    s.entries.push_back({t, p, st, ft[t]});
    if (step) step->chosen = s.entries.back();

    // UpdateTaskLists: EP tasks of p whose last message now arrives before PRT(p) become non-EP.
    while (!lmt_ep[p].empty()) {
      const TaskId u = lmt_ep[p].top();
      if (lmt[u] >= prt[p]) break;
      lmt_ep[p].pop();
      emt_ep[p].erase(u);
      non_ep.push(u);
    }
    // UpdateProcLists.
    refresh_active(p);
    all_proc.update(p);

    // UpdateReadyTasks.
    for (auto e : g.out_edges(t)) {
      const TaskId v = g.edge(e).to;
      if (--missing[v] != 0) continue;
      double last = -1;
      int enabling = -1;
      for (auto pe : g.in_edges(v)) {
        const DagEdge& ed = g.edge(pe);
        const double arrive = ft[ed.from] + ed.comm;
        const int q = proc_of[ed.from];
        if (arrive > last || (arrive == last && q < enabling)) last = arrive, enabling = q;
      }
      double eff = 0;
      for (auto pe : g.in_edges(v)) {
        const DagEdge& ed = g.edge(pe);
        eff = std::max(eff, ft[ed.from] + (proc_of[ed.from] == enabling ? 0.0 : ed.comm));
      }
      lmt[v] = last;
      emt[v] = eff;
      ep[v] = enabling;
      if (last < prt[enabling]) {
        non_ep.push(v);
      } else {
        emt_ep[enabling].push(v);
        lmt_ep[enabling].push(v);
        refresh_active(enabling);
      }
    }
  }
  return s;
}

}  // namespace loadlab::core
