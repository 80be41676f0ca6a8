// Exact branch-and-bound for small task graphs, so users see the true optimum beside heuristics.
//
// Search space: sequences of (ready task, processor) decisions, each task appended at its
// earliest start on that processor. Every semi-active schedule (no task can start earlier without
// changing processor orders) arises from its tasks sorted by start time, and some optimal
// schedule is semi-active, so restricting sequences to non-decreasing start times keeps the search
// complete while removing most permutations. Further pruning: empty processors are symmetric
// (only the first is tried); equal starts of positive-length tasks are taken in id order; bounds
// from comp-only levels and from the remaining work.
// Model: paper 001, Section 2 (../shared/seeds/001_37b951120b5002ad.txt).
// Heterogeneous machines: the same search with the machine's execution and
// communication times (class MachineCosts); empty processors are then no longer interchangeable,
// so that symmetry cut is off, and the bounds use each task's fastest execution time.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/dag/hetero_placement.h"
#include "core/dag/hetero_schedulers.h"
#include "core/dag/schedulers.h"

namespace loadlab::core {

namespace {

constexpr double kEps = 1e-9;

// Identical processors: the expressions of paper 001's model, unchanged.
struct IdenticalCosts {
  const TaskGraph& g;
  static constexpr bool symmetric = true;
  double exec(TaskId t, int) const { return g.comp(t); }
  double comm(double data, int p, int q) const { return p == q ? 0.0 : data; }
  double min_exec(TaskId t) const { return g.comp(t); }
};

struct MachineCosts {
  const TaskGraph& g;
  const Machine& m;
  std::vector<double> fastest;
  static constexpr bool symmetric = false;
  double exec(TaskId t, int p) const { return m.exec(g, t, p); }
  double comm(double data, int p, int q) const { return m.comm(data, p, q); }
  double min_exec(TaskId t) const { return fastest[static_cast<std::size_t>(t)]; }
};

template <class Costs>
class BranchAndBound {
 public:
  /// `sl`: comp-only static levels with the fastest times; `bl`: the exploration order's key;
  /// `work`: the summed fastest execution times.
  BranchAndBound(const TaskGraph& g, const Costs& c, int P, std::int64_t budget,
                 std::vector<double> sl, std::vector<double> bl, double work)
      : g_(g),
        c_(c),
        P_(P),
        budget_(budget),
        proc_(g.size(), -1),
        ft_(g.size(), 0),
        prt_(P, 0),
        missing_(g.size()),
        used_(P, 0) {
    sl_ = std::move(sl);
    bl_ = std::move(bl);
    for (TaskId t = 0; t < g.size(); ++t) missing_[t] = g.in_degree(t);
    remaining_work_ = work;
    order_.resize(g.size());
    std::iota(order_.begin(), order_.end(), 0);
    // Try critical tasks first so good schedules (and tight bounds) come early.
    std::sort(order_.begin(), order_.end(),
              [&](TaskId a, TaskId b) { return bl_[a] != bl_[b] ? bl_[a] > bl_[b] : a < b; });
  }

  void run(double upper, std::vector<ScheduleEntry> incumbent, double root_lb) {
    best_ = upper;
    best_entries_ = std::move(incumbent);
    root_lb_ = root_lb;
    if (best_ <= root_lb_ + kEps) return;
    dfs(0, -1, 0.0);
  }
  bool exhausted() const { return nodes_ > budget_; }
  std::int64_t nodes() const { return nodes_; }
  double best() const { return best_; }
  const std::vector<ScheduleEntry>& best_entries() const { return best_entries_; }

 private:
  double est(TaskId t, int p) const {
    double r = prt_[p];
    for (auto e : g_.in_edges(t)) {
      const DagEdge& ed = g_.edge(e);
      r = std::max(r, ft_[ed.from] + c_.comm(ed.comm, proc_[ed.from], p));
    }
    return r;
  }

  double bound(double last_start, double makespan_so_far) const {
    double lb = makespan_so_far;
    double busy = 0;
    for (int p = 0; p < P_; ++p) busy += std::max(prt_[p], last_start);
    lb = std::max(lb, (busy + remaining_work_) / P_);
    for (TaskId t = 0; t < g_.size(); ++t) {
      if (proc_[t] >= 0 || missing_[t] != 0) continue;
      double e = est(t, 0);
      for (int p = 1; p < P_; ++p) e = std::min(e, est(t, p));
      lb = std::max(lb, std::max(e, last_start) + sl_[t]);
    }
    return lb;
  }

  void dfs(std::int32_t depth, TaskId last_task, double last_start) {
    if (++nodes_ > budget_ || stop_) return;
    if (depth == g_.size()) {
      double m = 0;
      for (const auto& e : stack_) m = std::max(m, e.finish);
      if (m < best_ - kEps) {
        best_ = m;
        best_entries_ = stack_;
        if (best_ <= root_lb_ + kEps) stop_ = true;
      }
      return;
    }
    double so_far = 0;
    for (const auto& e : stack_) so_far = std::max(so_far, e.finish);
    bool tried_empty = false;
    for (TaskId t : order_) {
      if (proc_[t] >= 0 || missing_[t] != 0) continue;
      tried_empty = false;
      for (int p = 0; p < P_; ++p) {
        if (Costs::symmetric && used_[p] == 0) {
          if (tried_empty) continue;
          tried_empty = true;
        }
        const double st = est(t, p);
        if (st < last_start - kEps) continue;
        const double dur = c_.exec(t, p);
        if (last_task >= 0 && std::fabs(st - last_start) <= kEps && dur > 0 &&
            c_.exec(last_task, proc_[last_task]) > 0 && t < last_task)
          continue;
        const double ft = st + dur;
        if (std::max(so_far, ft) >= best_ - kEps) continue;
        if (st + sl_[t] >= best_ - kEps) continue;
        // Apply.
        const double old_prt = prt_[p];
        proc_[t] = p;
        ft_[t] = ft;
        prt_[p] = ft;
        ++used_[p];
        remaining_work_ -= c_.min_exec(t);
        for (auto e : g_.out_edges(t)) --missing_[g_.edge(e).to];
        stack_.push_back({t, p, st, ft});
        if (bound(st, std::max(so_far, ft)) < best_ - kEps) dfs(depth + 1, t, st);
        stack_.pop_back();
        for (auto e : g_.out_edges(t)) ++missing_[g_.edge(e).to];
        remaining_work_ += c_.min_exec(t);
        --used_[p];
        prt_[p] = old_prt;
        ft_[t] = 0;
        proc_[t] = -1;
        if (stop_ || nodes_ > budget_) return;
      }
    }
  }

  const TaskGraph& g_;
  const Costs& c_;
  int P_;
  std::int64_t budget_;
  std::int64_t nodes_ = 0;
  bool stop_ = false;
  std::vector<int> proc_;
  std::vector<double> ft_, prt_, sl_, bl_;
  std::vector<std::int64_t> missing_;
  std::vector<int> used_;
  std::vector<TaskId> order_;
  double remaining_work_ = 0;
  double best_ = 0, root_lb_ = 0;
  std::vector<ScheduleEntry> best_entries_, stack_;
};

}  // namespace

OptimalResult optimal_schedule(const TaskGraph& g, int processors, std::int64_t node_budget,
                               std::int32_t max_tasks) {
  const int P = std::max(1, std::min<int>(processors, std::max<std::int32_t>(1, g.size())));
  OptimalResult r;
  // Incumbent: the best of the fast heuristics.
  Schedule best = flb(g, P);
  for (Schedule s : {etf(g, P), mcp(g, P, false), mcp(g, P, true), heft(g, P), dsc_llb(g, P)})
    if (s.makespan() < best.makespan()) best = std::move(s);
  best.processors = std::max(1, processors);
  r.lower_bound = makespan_lower_bound(g, P);
  if (g.size() > max_tasks || best.makespan() <= r.lower_bound + kEps) {
    r.proven = best.makespan() <= r.lower_bound + kEps;
    r.schedule = std::move(best);
    return r;
  }
  const Levels lv = compute_levels(g);
  const IdenticalCosts costs{g};
  BranchAndBound<IdenticalCosts> bb(g, costs, P, node_budget, lv.sl, lv.b_level, g.total_comp());
  bb.run(best.makespan(), best.entries, r.lower_bound);
  r.nodes = bb.nodes();
  r.proven = !bb.exhausted();
  r.schedule.processors = std::max(1, processors);
  r.schedule.entries = bb.best_entries();
  if (r.proven) r.lower_bound = bb.best();
  return r;
}

OptimalResult optimal_schedule(const TaskGraph& g, const Machine& m, std::int64_t node_budget,
                               std::int32_t max_tasks) {
  if (m.uniform()) {
    OptimalResult r =
        m.trivial() ? optimal_schedule(g, m.processors, node_budget, max_tasks)
                    : optimal_schedule(uniform_graph(g, m), m.processors, node_budget, max_tasks);
    return r;
  }
  const int P = std::max(1, m.processors);
  OptimalResult r;
  // Incumbent: the best of the heterogeneous heuristics.
  Schedule best = heft(g, m);
  for (Schedule s : {cpop(g, m), lookahead_heft(g, m), peft(g, m), dls(g, m), bil(g, m),
                     min_min(g, m), max_min(g, m), sufferage(g, m), mct(g, m), met(g, m)})
    if (s.makespan() < best.makespan()) best = std::move(s);
  r.lower_bound = makespan_lower_bound(g, m);
  if (g.size() > max_tasks || best.makespan() <= r.lower_bound + kEps) {
    r.proven = best.makespan() <= r.lower_bound + kEps;
    r.schedule = std::move(best);
    return r;
  }
  MachineCosts costs{g, m, min_exec_times(g, m)};
  std::vector<double> sl(costs.fastest.size(), 0);
  const auto& order = g.topo_order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double s = 0;
    for (auto e : g.out_edges(*it)) s = std::max(s, sl[static_cast<std::size_t>(g.edge(e).to)]);
    sl[static_cast<std::size_t>(*it)] = s + costs.fastest[static_cast<std::size_t>(*it)];
  }
  double work = 0;
  for (double x : costs.fastest) work += x;
  BranchAndBound<MachineCosts> bb(g, costs, P, node_budget, sl, upward_ranks(g, m), work);
  bb.run(best.makespan(), best.entries, r.lower_bound);
  r.nodes = bb.nodes();
  r.proven = !bb.exhausted();
  r.schedule.processors = P;
  r.schedule.entries = bb.best_entries();
  if (r.proven) r.lower_bound = bb.best();
  return r;
}

}  // namespace loadlab::core
