// Lookahead HEFT. Bittencourt, Sakellariou, Madeira, "DAG scheduling using a lookahead variant of
// the Heterogeneous Earliest Finish Time algorithm", Euromicro PDP 2010, Section III.
//
// HEFT's task order (decreasing upward rank, heft.cpp); but the processor for task t is chosen by
// looking one level ahead: for every processor p, t is placed on p tentatively, then each child of
// t is placed tentatively by HEFT's rule (earliest finish, insertion) in decreasing rank; p is
// scored by the largest finish time among those children (t's own finish if it has none), and
// the processor with the smallest score gets t. The tentative placements are then undone.
// Our reading where the paper leaves a choice: a child's parents that are not scheduled yet are
// ignored when computing its data-ready time (optimistic, as the lookahead cannot know where they
// will go); ties between processors go to the lower index, ties in rank to the topological order.
#include <numeric>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"

namespace loadlab::core {

Schedule lookahead_heft(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const std::vector<double> rank = upward_ranks(g, m);
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<std::size_t> topo_pos(n);
  for (std::size_t i = 0; i < g.topo_order().size(); ++i)
    topo_pos[static_cast<std::size_t>(g.topo_order()[i])] = i;
  auto before = [&](TaskId a, TaskId b) {
    const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
    if (rank[ia] != rank[ib]) return rank[ia] > rank[ib];
    return topo_pos[ia] < topo_pos[ib];
  };
  std::vector<TaskId> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), before);

  HeteroPlacement pl(g, m, true);
  std::vector<TaskId> children;
  std::vector<double> undo;
  for (TaskId t : order) {
    children.clear();
    for (auto e : g.out_edges(t)) children.push_back(g.edge(e).to);
    std::sort(children.begin(), children.end(), before);
    int bp = 0;
    double best_score = 0, best_start = 0;
    for (int p = 0; p < pl.processors(); ++p) {
      const double st = pl.est(t, p);
      undo.clear();
      undo.push_back(pl.prt(p));
      pl.place(t, p, st, nullptr);
      double score = pl.finish(t);
      if (!children.empty()) {
        score = 0;
        for (TaskId c : children) {
          const auto [q, cs] = pl.best_eft(c);
          undo.push_back(pl.prt(q));
          pl.place(c, q, cs, nullptr);
          score = std::max(score, pl.finish(c));
        }
      }
      for (auto it = undo.rbegin(); it != undo.rend(); ++it) pl.unplace_last(*it);
      if (p == 0 || score < best_score) best_score = score, bp = p, best_start = st;
    }
    const ScheduleEntry& en = pl.place(t, bp, best_start, nullptr);
    if (trace) {
      TraceStep& step = trace->steps.emplace_back();
      step.ready.push_back({t, -1, 0, 0, rank[static_cast<std::size_t>(t)]});
      step.chosen = en;
    }
  }
  return pl.take();
}

}  // namespace loadlab::core
