// DLS - Dynamic Level Scheduling. Sih & Lee, "A compile-time scheduling heuristic for
// interconnection-constrained heterogeneous processor architectures", IEEE TPDS 4(2), 1993,
// Sections III-IV (heterogeneous form, Eq. for DL with the Delta term).
//
// DL(t, p) = SL*(t) - max(DA(t, p), TF(p)) + Delta(t, p)
//   SL*(t)      static level: longest path of median execution times from t to an exit (with t)
//   DA(t, p)    time all of t's data are available on p (the machine's link costs)
//   TF(p)       time p finishes its last task (no insertion: DLS appends)
//   Delta(t, p) = E*(t) - E(t, p), E* the median execution time of t over the processors
// At each step the (ready task, processor) pair of largest DL is scheduled.
// Our reading where the paper leaves a choice: the median of an even number of processors is the
// mean of the two middle values; we model a contention-free network (no route scheduling), as the
// rest of the dag kind does; ties go to the smaller task id, then the lower processor index.
#include <algorithm>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule dls(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const auto n = static_cast<std::size_t>(g.size());
  const int P = std::max(1, m.processors);
  std::vector<double> median(n), sl(n, 0), times(static_cast<std::size_t>(P));
  for (TaskId t = 0; t < g.size(); ++t) {
    for (int p = 0; p < P; ++p) times[static_cast<std::size_t>(p)] = m.exec(g, t, p);
    std::sort(times.begin(), times.end());
    const auto h = static_cast<std::size_t>(P / 2);
    median[static_cast<std::size_t>(t)] = P % 2 ? times[h] : (times[h - 1] + times[h]) / 2;
  }
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double s = 0;
    for (auto e : g.out_edges(*it)) s = std::max(s, sl[static_cast<std::size_t>(g.edge(e).to)]);
    sl[static_cast<std::size_t>(*it)] = s + median[static_cast<std::size_t>(*it)];
  }

  HeteroPlacement pl(g, m, false);
  ReadyTimes ready(pl);
  for (TaskId t : g.entry_tasks()) ready.add(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    std::size_t bi = 0;
    int bp = 0;
    double best_dl = 0, best_start = 0;
    bool have = false;
    for (std::size_t i = 0; i < ready.size(); ++i) {
      const TaskId t = ready.task(i);
      const auto ti = static_cast<std::size_t>(t);
      for (int p = 0; p < P; ++p) {
        const double start = std::max(ready.data_ready(i, p), pl.prt(p));
        const double dl = sl[ti] - start + (median[ti] - pl.exec(t, p));
        if (!have || dl > best_dl ||
            (dl == best_dl && (t < ready.task(bi) || (t == ready.task(bi) && p < bp)))) {
          have = true;
          best_dl = dl, bi = i, bp = p, best_start = start;
        }
      }
    }
    const TaskId t = ready.task(bi);
    ready.remove(bi);
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, bp, best_start, &fresh);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, best_dl});
      step.chosen = en;
    }
    for (TaskId v : fresh) ready.add(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
