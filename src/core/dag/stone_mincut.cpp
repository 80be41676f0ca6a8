// Stone's network-flow assignment. H. S. Stone, "Multiprocessor Scheduling with the Aid of Network
// Flow Algorithms", IEEE Transactions on Software Engineering SE-3(1), 1977, pp. 85-93: on two
// processors, the assignment minimising the sum of execution costs plus the communication costs of
// the edges whose ends are on different processors is a minimum s-t cut of a graph with one node
// per task, s and t standing for the processors: arc s->i costs i's time on the second processor
// (cut when i goes there), arc i->t its time on the first, and each interaction its communication
// cost in the direction the data would travel. The course notes
// (../shared/seeds/003_6046837c8e4c81af.txt, "Terminology") name network-flow models for mapping
// task interaction graphs; here the interaction graph is the DAG's edges.
// On P > 2 processors the exact problem is NP-hard; the greedy extension used here (our reading of
// Stone's Section IV, one processor against the rest) cuts processor k off from the processors
// after it, k = 0 .. P-2, on the tasks still unplaced: the rest are charged their fastest time
// among the later processors and the data to and from k's bandwidth to processor k+1; tasks that
// fall on k's side stay on k. Tasks already placed on earlier processors cost the same whichever
// side a task takes, so they drop out. Stone minimises cost, not length: the tasks are then run in
// topological order on their processors, each as early as its data and processor allow.
#include <algorithm>
#include <limits>

#include "core/dag/hetero_schedulers.h"
#include "core/dag/immediate_mapping.h"

namespace loadlab::core {

namespace {

// A small Dinic max-flow on double capacities (LEMON's Preflow needs liblemon's tolerance for
// doubles, which the WebAssembly build does not link). Residuals below a relative epsilon of the
// largest capacity count as saturated.
class StoneFlow {
 public:
  explicit StoneFlow(int nodes) : head_(static_cast<std::size_t>(nodes), -1) {}
  void add_arc(int u, int v, double cap) {
    if (cap <= 0) return;
    arcs_.push_back({v, head_[static_cast<std::size_t>(u)], cap});
    head_[static_cast<std::size_t>(u)] = static_cast<int>(arcs_.size()) - 1;
    arcs_.push_back({u, head_[static_cast<std::size_t>(v)], 0});
    head_[static_cast<std::size_t>(v)] = static_cast<int>(arcs_.size()) - 1;
    eps_ = std::max(eps_, cap * 1e-12);
  }
  void run(int s, int t) {
    while (levels(s, t)) {
      next_ = head_;
      while (augment(s, t)) {
      }
    }
  }
  /// After run(): true for the nodes on the source's side of a minimum cut.
  bool source_side(int v) const { return level_[static_cast<std::size_t>(v)] >= 0; }

 private:
  struct Arc {
    int to, next;
    double cap;
  };
  bool levels(int s, int t) {
    level_.assign(head_.size(), -1);
    std::vector<int> queue{s};
    level_[static_cast<std::size_t>(s)] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (int a = head_[static_cast<std::size_t>(queue[i])]; a >= 0;
           a = arcs_[static_cast<std::size_t>(a)].next) {
        const Arc& arc = arcs_[static_cast<std::size_t>(a)];
        if (arc.cap > eps_ && level_[static_cast<std::size_t>(arc.to)] < 0) {
          level_[static_cast<std::size_t>(arc.to)] = level_[static_cast<std::size_t>(queue[i])] + 1;
          queue.push_back(arc.to);
        }
      }
    return level_[static_cast<std::size_t>(t)] >= 0;
  }
  // One augmenting path in the level graph, found without recursion (a chain of a million tasks
  // is a million levels deep); dead ends are skipped for the rest of the phase.
  bool augment(int s, int t) {
    path_.clear();
    int u = s;
    while (u != t) {
      int& a = next_[static_cast<std::size_t>(u)];
      while (a >= 0) {
        const Arc& arc = arcs_[static_cast<std::size_t>(a)];
        if (arc.cap > eps_ &&
            level_[static_cast<std::size_t>(arc.to)] == level_[static_cast<std::size_t>(u)] + 1)
          break;
        a = arc.next;
      }
      if (a >= 0) {
        path_.push_back(a);
        u = arcs_[static_cast<std::size_t>(a)].to;
        continue;
      }
      if (u == s) return false;
      level_[static_cast<std::size_t>(u)] = -2;  // dead end: never entered again this phase
      const int back = path_.back();
      path_.pop_back();
      u = arcs_[static_cast<std::size_t>(back ^ 1)].to;
      next_[static_cast<std::size_t>(u)] = arcs_[static_cast<std::size_t>(back)].next;
    }
    double f = std::numeric_limits<double>::infinity();
    for (int a : path_) f = std::min(f, arcs_[static_cast<std::size_t>(a)].cap);
    for (int a : path_) {
      arcs_[static_cast<std::size_t>(a)].cap -= f;
      arcs_[static_cast<std::size_t>(a ^ 1)].cap += f;
    }
    return true;
  }
  std::vector<int> head_, next_, level_, path_;
  std::vector<Arc> arcs_;
  double eps_ = 0;
};

// One s-t min cut over `tasks` (the unplaced ones): true for those on s's side (processor a).
std::vector<char> stone_cut(const TaskGraph& g, const std::vector<TaskId>& tasks,
                            const std::vector<double>& cost_a, const std::vector<double>& cost_b,
                            const Machine& m, int a, int b) {
  std::vector<int> node(static_cast<std::size_t>(g.size()), -1);
  int count = 2;  // 0 = s (processor a), 1 = t (the rest)
  for (TaskId v : tasks) node[static_cast<std::size_t>(v)] = count++;
  StoneFlow net(count);
  for (TaskId v : tasks) {
    net.add_arc(0, node[static_cast<std::size_t>(v)], cost_b[static_cast<std::size_t>(v)]);
    net.add_arc(node[static_cast<std::size_t>(v)], 1, cost_a[static_cast<std::size_t>(v)]);
  }
  for (const DagEdge& e : g.edges()) {
    const int u = node[static_cast<std::size_t>(e.from)], v = node[static_cast<std::size_t>(e.to)];
    if (u < 0 || v < 0) continue;
    net.add_arc(u, v, m.comm(e.comm, a, b));  // from on a, to on b
    net.add_arc(v, u, m.comm(e.comm, b, a));  // from on b, to on a
  }
  net.run(0, 1);
  std::vector<char> on_a(static_cast<std::size_t>(g.size()), 0);
  for (TaskId v : tasks)
    on_a[static_cast<std::size_t>(v)] = net.source_side(node[static_cast<std::size_t>(v)]);
  return on_a;
}

}  // namespace

std::vector<int> stone_assignment(const TaskGraph& g, const Machine& m) {
  const int P = m.processors;
  std::vector<int> where(static_cast<std::size_t>(g.size()), P - 1);
  if (P < 2) return std::vector<int>(static_cast<std::size_t>(g.size()), 0);
  std::vector<TaskId> open(static_cast<std::size_t>(g.size()));
  for (TaskId v = 0; v < g.size(); ++v) open[static_cast<std::size_t>(v)] = v;
  std::vector<double> cost_a(static_cast<std::size_t>(g.size())), cost_b(cost_a.size());
  for (int k = 0; k + 1 < P && !open.empty(); ++k) {
    for (TaskId v : open) {
      cost_a[static_cast<std::size_t>(v)] = m.exec(g, v, k);
      double best = std::numeric_limits<double>::infinity();
      for (int q = k + 1; q < P; ++q) best = std::min(best, m.exec(g, v, q));
      cost_b[static_cast<std::size_t>(v)] = best;
    }
    const std::vector<char> on_k = stone_cut(g, open, cost_a, cost_b, m, k, k + 1);
    std::vector<TaskId> rest;
    for (TaskId v : open) {
      if (on_k[static_cast<std::size_t>(v)])
        where[static_cast<std::size_t>(v)] = k;
      else
        rest.push_back(v);
    }
    open.swap(rest);
  }
  return where;
}

double stone_cost(const TaskGraph& g, const Machine& m, const std::vector<int>& where) {
  double c = 0;
  for (TaskId v = 0; v < g.size(); ++v) c += m.exec(g, v, where[static_cast<std::size_t>(v)]);
  for (const DagEdge& e : g.edges())
    c += m.comm(e.comm, where[static_cast<std::size_t>(e.from)],
                where[static_cast<std::size_t>(e.to)]);
  return c;
}

Schedule stone_mincut(const TaskGraph& g, const Machine& m, ScheduleTrace* trace) {
  const std::vector<int> where = stone_assignment(g, m);
  return immediate_mapping(
      g, m, [&](const HeteroPlacement&, TaskId t) { return where[static_cast<std::size_t>(t)]; },
      trace);
}

}  // namespace loadlab::core
