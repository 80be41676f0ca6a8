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
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/dag/schedulers.h"

namespace loadlab::core {

namespace {

constexpr double kEps = 1e-9;

class BranchAndBound {
 public:
  BranchAndBound(const TaskGraph& g, int P, std::int64_t budget)
      : g_(g), P_(P), budget_(budget), proc_(g.size(), -1), ft_(g.size(), 0), prt_(P, 0),
        missing_(g.size()), used_(P, 0) {
    const Levels lv = compute_levels(g);
    sl_ = lv.sl;
    bl_ = lv.b_level;
    for (TaskId t = 0; t < g.size(); ++t) missing_[t] = g.in_degree(t);
    remaining_work_ = g.total_comp();
    order_.resize(g.size());
    std::iota(order_.begin(), order_.end(), 0);
    // Try critical tasks first so good schedules (and tight bounds) come early.
    std::sort(order_.begin(), order_.end(), [&](TaskId a, TaskId b) {
      return bl_[a] != bl_[b] ? bl_[a] > bl_[b] : a < b;
    });
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
      r = std::max(r, ft_[ed.from] + (proc_[ed.from] == p ? 0.0 : ed.comm));
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
        if (used_[p] == 0) {
          if (tried_empty) continue;
          tried_empty = true;
        }
        const double st = est(t, p);
        if (st < last_start - kEps) continue;
        if (last_task >= 0 && std::fabs(st - last_start) <= kEps && g_.comp(t) > 0 &&
            g_.comp(last_task) > 0 && t < last_task)
          continue;
        const double ft = st + g_.comp(t);
        if (std::max(so_far, ft) >= best_ - kEps) continue;
        if (st + sl_[t] >= best_ - kEps) continue;
        // Apply.
        const double old_prt = prt_[p];
        proc_[t] = p;
        ft_[t] = ft;
        prt_[p] = ft;
        ++used_[p];
        remaining_work_ -= g_.comp(t);
        for (auto e : g_.out_edges(t)) --missing_[g_.edge(e).to];
        stack_.push_back({t, p, st, ft});
        if (bound(st, std::max(so_far, ft)) < best_ - kEps) dfs(depth + 1, t, st);
        stack_.pop_back();
        for (auto e : g_.out_edges(t)) ++missing_[g_.edge(e).to];
        remaining_work_ += g_.comp(t);
        --used_[p];
        prt_[p] = old_prt;
        ft_[t] = 0;
        proc_[t] = -1;
        if (stop_ || nodes_ > budget_) return;
      }
    }
  }

  const TaskGraph& g_;
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
  BranchAndBound bb(g, P, node_budget);
  bb.run(best.makespan(), best.entries, r.lower_bound);
  r.nodes = bb.nodes();
  r.proven = !bb.exhausted();
  r.schedule.processors = std::max(1, processors);
  r.schedule.entries = bb.best_entries();
  if (r.proven) r.lower_bound = bb.best();
  return r;
}

}  // namespace loadlab::core
