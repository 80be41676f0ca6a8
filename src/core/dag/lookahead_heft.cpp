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
//
// Cost: the paper's O(E V P) evaluations, made cheap: a child's data-ready time from the parents
// placed before t is computed once per t (not once per processor of t), only the edges from t and
// from t's other children (tentatively placed) are added per trial, and the insertion search
// starts at the first slot that can fit (HeteroPlacement::est_from). Same results as placing and
// recomputing everything per trial (checked byte for byte on the dag examples and STG graphs).
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
  const std::vector<TaskId> order = upward_rank_order(g, rank);

  HeteroPlacement pl(g, m, true);
  const int P = pl.processors();
  const auto Pz = static_cast<std::size_t>(P);
  std::vector<TaskId> children;
  std::vector<double> undo;
  // Per child (in `children` order): data ready on every processor from the parents already
  // placed before t (fixed while t's processor is tried), and the in-edges whose source is t or
  // another child of t (placed only tentatively, so added per trial).
  std::vector<double> base_ready;
  std::vector<std::vector<std::int64_t>> trial_edges;
  std::vector<char> is_child(n, 0);
  for (TaskId t : order) {
    children.clear();
    for (auto e : g.out_edges(t)) children.push_back(g.edge(e).to);
    std::sort(children.begin(), children.end(), before);
    // A task with two edges to one child lists it twice, as the plain form did (it is then
    // placed twice and undone twice); keep that.
    for (TaskId c : children) is_child[static_cast<std::size_t>(c)] = 1;
    base_ready.assign(children.size() * Pz, 0.0);
    trial_edges.resize(children.size());
    for (std::size_t k = 0; k < children.size(); ++k) {
      trial_edges[k].clear();
      for (auto e : g.in_edges(children[k])) {
        const DagEdge& ed = g.edge(e);
        if (ed.from == t || is_child[static_cast<std::size_t>(ed.from)]) {
          trial_edges[k].push_back(e);
          continue;
        }
        if (!pl.placed(ed.from)) continue;
        const int pu = pl.proc(ed.from);
        const double fu = pl.finish(ed.from);
        for (std::size_t q = 0; q < Pz; ++q) {
          double& r = base_ready[k * Pz + q];
          r = std::max(r, fu + m.comm(ed.comm, pu, static_cast<int>(q)));
        }
      }
    }
    for (TaskId c : children) is_child[static_cast<std::size_t>(c)] = 0;

    int bp = 0;
    double best_score = 0, best_start = 0;
    for (int p = 0; p < P; ++p) {
      const double st = pl.est(t, p);
      undo.clear();
      undo.push_back(pl.prt(p));
      pl.place(t, p, st, nullptr);
      double score = pl.finish(t);
      if (!children.empty()) {
        score = 0;
        for (std::size_t k = 0; k < children.size(); ++k) {
          const TaskId c = children[k];
          // HEFT's rule for c (HeteroPlacement::best_eft) with the split data-ready time.
          int q_best = 0;
          double s_best = 0, f_best = 0;
          for (int q = 0; q < P; ++q) {
            double ready = base_ready[k * Pz + static_cast<std::size_t>(q)];
            for (std::int64_t e : trial_edges[k]) {
              const DagEdge& ed = g.edge(e);
              if (!pl.placed(ed.from)) continue;
              ready = std::max(ready, pl.finish(ed.from) + m.comm(ed.comm, pl.proc(ed.from), q));
            }
            const double dur = pl.exec(c, q);
            const double s = pl.est_from(q, ready, dur), f = s + dur;
            if (q == 0 || f < f_best) q_best = q, s_best = s, f_best = f;
          }
          undo.push_back(pl.prt(q_best));
          pl.place(c, q_best, s_best, nullptr);
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
