// PEFT - Predict Earliest Finish Time. Arabnejad & Barbosa, "List scheduling algorithm for
// heterogeneous systems by an optimistic cost table", IEEE TPDS 25(3), 2014, Section 4.
//
// OCT(t, p) = max over successors s of min over processors q of
//             OCT(s, q) + w(s, q) + (q == p ? 0 : c-bar(t, s)),   OCT(exit, p) = 0   (Eq. 9)
// rank_oct(t) = mean over p of OCT(t, p)                                          (Eq. 10)
// The ready task of largest rank_oct goes to the processor minimising
// O_EFT(t, p) = EFT(t, p) + OCT(t, p), EFT with the insertion policy (as HEFT).
// c-bar is the data divided by the mean bandwidth, as in HEFT.
// Our reading where the paper leaves a choice: ties in rank_oct go to the smaller task id, ties in
// O_EFT to the lower processor index. The inner minimum is computed in O(P) per edge as
// min(OCT(s, p) + w(s, p), min_q (OCT(s, q) + w(s, q)) + c-bar) (same value as Eq. 9).
#include <queue>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule peft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const auto n = static_cast<std::size_t>(g.size());
  const auto P = static_cast<std::size_t>(std::max(1, m.processors));
  const double bbar = mean_bandwidth(m);
  std::vector<double> oct(n * P, 0.0), rank(n, 0.0);
  std::vector<double> inner(P);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto t = static_cast<std::size_t>(*it);
    for (auto e : g.out_edges(*it)) {
      const DagEdge& ed = g.edge(e);
      const auto s = static_cast<std::size_t>(ed.to);
      double best_any = -1;
      for (std::size_t q = 0; q < P; ++q) {
        inner[q] = oct[s * P + q] + m.exec(g, ed.to, static_cast<int>(q));
        if (best_any < 0 || inner[q] < best_any) best_any = inner[q];
      }
      const double c = P > 1 ? ed.comm / bbar : 0.0;
      for (std::size_t p = 0; p < P; ++p)
        oct[t * P + p] = std::max(oct[t * P + p], std::min(inner[p], best_any + c));
    }
    double sum = 0;
    for (std::size_t p = 0; p < P; ++p) sum += oct[t * P + p];
    rank[t] = sum / static_cast<double>(P);
  }

  HeteroPlacement pl(g, m, true);
  auto lower = [&](TaskId a, TaskId b) {
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (rank[ia] != rank[ib]) return rank[ia] < rank[ib];
    return a > b;
  };
  std::priority_queue<TaskId, std::vector<TaskId>, decltype(lower)> ready(lower);
  for (TaskId t : g.entry_tasks()) ready.push(t);
  std::vector<TaskId> fresh;
  while (!ready.empty()) {
    const TaskId t = ready.top();
    ready.pop();
    const auto ti = static_cast<std::size_t>(t);
    int bp = 0;
    double bs = 0, bo = -1;
    for (int p = 0; p < pl.processors(); ++p) {
      const double s = pl.est(t, p);
      const double o = s + pl.exec(t, p) + oct[ti * P + static_cast<std::size_t>(p)];
      if (bo < 0 || o < bo) bo = o, bp = p, bs = s;
    }
    fresh.clear();
    const ScheduleEntry& en = pl.place(t, bp, bs, &fresh);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, rank[ti]});
      step.chosen = en;
    }
    for (TaskId v : fresh) ready.push(v);
  }
  return pl.take();
}

}  // namespace loadlab::core
