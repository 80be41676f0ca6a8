// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Approximate Scheduling" (list scheduling with
// a priority queue); ../shared/seeds/001_37b951120b5002ad.txt, Sections 3.1-3.2 (MCP, ETF) and 4
// (the two-processor rule of FCP).
#include "core/dag/list_scheduler.h"

#include <queue>

#include "core/dag/placement.h"

namespace loadlab::core {

namespace {

bool key_less(const std::vector<PriorityKey>& k, TaskId a, TaskId b) {
  if (k[a].primary != k[b].primary) return k[a].primary < k[b].primary;
  if (k[a].secondary != k[b].secondary) return k[a].secondary < k[b].secondary;
  return a < b;
}

// FCP's processor choice: the enabling processor (last message, lowest index on ties) or the
// processor that becomes idle first, whichever gives the earlier start (EP on ties).
std::pair<int, double> fcp_proc(const TaskGraph& g, const Placement& pl, TaskId t) {
  int ep = -1;
  double last = -1;
  for (auto e : g.in_edges(t)) {
    const DagEdge& ed = g.edge(e);
    const double a = pl.finish(ed.from) + ed.comm;
    const int q = pl.proc(ed.from);
    if (a > last || (a == last && q < ep)) last = a, ep = q;
  }
  int idle = 0;
  for (int p = 1; p < pl.processors(); ++p)
    if (pl.prt(p) < pl.prt(idle)) idle = p;
  const double e_idle = pl.est(t, idle);
  if (ep >= 0) {
    const double e_ep = pl.est(t, ep);
    if (e_ep <= e_idle) return {ep, e_ep};
  }
  return {idle, e_idle};
}

}  // namespace

Schedule static_list_schedule(const TaskGraph& g, int processors,
                              const std::vector<PriorityKey>& keys, bool insertion,
                              ProcessorRule rule, ScheduleTrace* trace) {
  Placement pl(g, processors, insertion);
  auto cmp = [&](TaskId a, TaskId b) { return key_less(keys, b, a); };  // max-heap inverted
  std::priority_queue<TaskId, std::vector<TaskId>, decltype(cmp)> ready(cmp);
  for (TaskId t = 0; t < g.size(); ++t)
    if (g.is_entry(t)) ready.push(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    const TaskId t = ready.top();
    TraceStep* step = nullptr;
    if (trace) {
      step = &trace->steps.emplace_back();
      trace_ready_list(*step, ready, [&](TaskId u) {
        return TraceReady{u, -1, 0, pl.data_ready(u, -1), keys[u].primary};
      });
    }
    ready.pop();
    const auto [p, st] = rule == ProcessorRule::fcp ? fcp_proc(g, pl, t) : pl.best_proc(t);
    if (step) {
      if (rule == ProcessorRule::all)
        for (int q = 0; q < pl.processors(); ++q) step->candidates.push_back({t, q, pl.est(t, q)});
      else
        step->candidates.push_back({t, p, st});
    }
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, p, st, &fresh);
    if (step) step->chosen = en;
    for (TaskId v : fresh) ready.push(v);
  }
  return pl.take();
}

Schedule earliest_start_schedule(const TaskGraph& g, int processors,
                                 const std::vector<PriorityKey>& keys, ScheduleTrace* trace) {
  Placement pl(g, processors, false);
  const int P = pl.processors();
  IdenticalReadyTimes ready(pl);
  for (TaskId t = 0; t < g.size(); ++t)
    if (g.is_entry(t)) ready.add(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    std::size_t best_i = 0;
    int best_p = 0;
    double best = -1;
    TraceStep* step = trace ? &trace->steps.emplace_back() : nullptr;
    for (std::size_t i = 0; i < ready.size(); ++i) {
      const TaskId t = ready.task(i);
      int tp = 0;
      double te = -1;
      for (int p = 0; p < P; ++p) {
        const double e = std::max(ready.data_ready(i, p), pl.prt(p));
        if (te < 0 || e < te) te = e, tp = p;
      }
      if (step) {
        step->ready.push_back({t, -1, 0, 0, keys[t].primary});
        step->candidates.push_back({t, tp, te});
      }
      if (best < 0 || te < best || (te == best && key_less(keys, t, ready.task(best_i))))
        best = te, best_i = i, best_p = tp;
    }
    const TaskId t = ready.task(best_i);
    ready.remove(best_i);  // ties use keys and ids, so the set's order does not matter
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, best_p, best, &fresh);
    if (step) step->chosen = en;
    for (TaskId v : fresh) ready.add(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
