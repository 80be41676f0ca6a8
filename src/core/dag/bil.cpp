// BIL - Best Imaginary Level. Oh & Ha, "A static scheduling heuristic for heterogeneous
// processors", Euro-Par 1996 (LNCS 1124), Section 3.
//
// BIL(t, p) = w(t, p) + max over successors s of min( BIL(s, p), min_{q != p} BIL(s, q) + c(t, s) )
//   (exit tasks: w(t, p)) - the best completion of the rest of the graph if t runs on p.
// BIM(t, p) = max(data ready on p, p free) + BIL(t, p)   (best imaginary makespan)
// Task selection: with k ready tasks, a task's priority is the k-th smallest BIM(t, .) over the
// processors (the largest when k > P): the ready task of largest priority is scheduled.
// Processor selection: the processor minimising BIM*(t, p) = BIM(t, p) + w(t, p) max(k / P - 1, 0),
// which charges slow processors more when there are more ready tasks than processors.
// Our reading where the paper leaves a choice: c(t, s) is the data divided by the mean bandwidth
// (as in HEFT; the paper's links are homogeneous); tasks are appended (no insertion); ties go to
// the smaller task id and the lower processor index.
#include <algorithm>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule bil(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const auto n = static_cast<std::size_t>(g.size());
  const int P = std::max(1, m.processors);
  const auto Pz = static_cast<std::size_t>(P);
  const double bbar = mean_bandwidth(m);
  std::vector<double> level(n * Pz, 0.0), inner(Pz);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto t = static_cast<std::size_t>(*it);
    std::vector<double> best(Pz, 0.0);
    for (auto e : g.out_edges(*it)) {
      const DagEdge& ed = g.edge(e);
      const auto s = static_cast<std::size_t>(ed.to);
      // The smallest and second smallest BIL(s, .) give min_{q != p} in O(1) per p.
      std::size_t arg = 0;
      double m1 = level[s * Pz], m2 = -1;
      for (std::size_t q = 1; q < Pz; ++q) {
        const double v = level[s * Pz + q];
        if (v < m1)
          m2 = m1, m1 = v, arg = q;
        else if (m2 < 0 || v < m2)
          m2 = v;
      }
      const double c = P > 1 ? ed.comm / bbar : 0.0;
      for (std::size_t p = 0; p < Pz; ++p) {
        double v = level[s * Pz + p];
        if (P > 1) v = std::min(v, (p == arg ? m2 : m1) + c);
        best[p] = std::max(best[p], v);
      }
    }
    for (std::size_t p = 0; p < Pz; ++p)
      level[t * Pz + p] = m.exec(g, *it, static_cast<int>(p)) + best[p];
  }

  HeteroPlacement pl(g, m, false);
  ReadyTimes ready(pl);
  for (TaskId t : g.entry_tasks()) ready.add(t);
  std::vector<TaskId> fresh;
  std::vector<double> bim(Pz), sorted(Pz);
  while (!ready.empty()) {
    const std::size_t k = ready.size();
    const std::size_t kth = std::min(k, Pz) - 1;
    std::size_t bi = 0;
    double bprio = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const TaskId t = ready.task(i);
      for (int p = 0; p < P; ++p)
        sorted[static_cast<std::size_t>(p)] =
            std::max(ready.data_ready(i, p), pl.prt(p)) +
            level[static_cast<std::size_t>(t) * Pz + static_cast<std::size_t>(p)];
      std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(kth),
                       sorted.end());
      const double prio = sorted[kth];
      if (i == 0 || prio > bprio || (prio == bprio && t < ready.task(bi))) bprio = prio, bi = i;
    }
    const TaskId t = ready.task(bi);
    const double extra = std::max(static_cast<double>(k) / P - 1.0, 0.0);
    int bp = 0;
    double bval = 0, bstart = 0;
    for (int p = 0; p < P; ++p) {
      const double st = std::max(ready.data_ready(bi, p), pl.prt(p));
      const double v = st + level[static_cast<std::size_t>(t) * Pz + static_cast<std::size_t>(p)] +
                       pl.exec(t, p) * extra;
      if (p == 0 || v < bval) bval = v, bp = p, bstart = st;
    }
    ready.remove(bi);
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, bp, bstart, &fresh);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, bprio});
      step.chosen = en;
    }
    for (TaskId v : fresh) ready.add(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
