// Papers: Kruatrachue & Lewis, "Grain Size Determination for Parallel Processing", IEEE Software
// 1988 (DSH's duplication of a task's ancestors into the idle slot before it); Ahmad & Kwok, "On
// Exploiting Task Duplication in Parallel Program Scheduling", IEEE TPDS 1998 (CPFD's recursive
// duplication of the "very important parent"). Both are named by the FLB paper
// (../shared/seeds/001_37b951120b5002ad.txt, Section 1) and the course notes' "replicating tasks
// to avoid communication".
#include "core/dag/duplication.h"

#include <algorithm>
#include <cmath>

namespace loadlab::core {

DuplicationPlacement::DuplicationPlacement(const TaskGraph& g, int processors, bool insertion,
                                           DuplicationSearch search)
    : g_(g),
      P_(std::max(1, processors)),
      insertion_(insertion),
      search_(search),
      busy_(static_cast<std::size_t>(P_)),
      copies_(static_cast<std::size_t>(g.size())),
      free_(static_cast<std::size_t>(P_), 0.0) {
  if (search_ == DuplicationSearch::kBottomUp) {
    topo_pos_.resize(static_cast<std::size_t>(g.size()));
    const auto& order = g.topo_order();
    for (std::size_t i = 0; i < order.size(); ++i)
      topo_pos_[static_cast<std::size_t>(order[i])] = static_cast<std::int32_t>(i);
  }
  sched_.processors = P_;
  sched_.entries.reserve(static_cast<std::size_t>(g.size()));
}

double DuplicationPlacement::arrival(TaskId u, double comm, const Trial& tr) const {
  double best = INFINITY;
  for (const ScheduleEntry& c : copies_[static_cast<std::size_t>(u)])
    best = std::min(best, c.finish + (c.proc == tr.proc ? 0.0 : comm));
  for (const ScheduleEntry& c : tr.added)
    if (c.task == u) best = std::min(best, c.finish);
  return best;
}

bool DuplicationPlacement::on_proc(TaskId u, const Trial& tr) const {
  for (const ScheduleEntry& c : copies_[static_cast<std::size_t>(u)])
    if (c.proc == tr.proc) return true;
  for (const ScheduleEntry& c : tr.added)
    if (c.task == u) return true;
  return false;
}

double DuplicationPlacement::data_ready(TaskId t, const Trial& tr, TaskId* latest) const {
  double ready = 0;
  *latest = -1;
  for (auto e : g_.in_edges(t)) {
    const DagEdge& ed = g_.edge(e);
    const double a = arrival(ed.from, ed.comm, tr);
    if (*latest < 0 || a > ready) ready = a, *latest = ed.from;
  }
  return std::max(ready, 0.0);
}

double DuplicationPlacement::slot_start(const Trial& tr, double ready, double dur) const {
  if (!insertion_) return std::max(ready, tr.free);
  // Earliest s >= ready with [s, s + dur) clear of the processor's intervals and the trial's
  // copies. The committed intervals do not overlap, so their ends grow with their starts and a
  // binary search skips those ending by s.
  const auto& base = busy_[static_cast<std::size_t>(tr.proc)];
  double s = ready;
  for (;;) {
    auto it =
        std::partition_point(base.begin(), base.end(),
                             [&](const std::pair<double, double>& b) { return b.second <= s; });
    for (; it != base.end() && it->first < s + dur; ++it)
      if (s < it->second) s = it->second;
    bool moved = false;
    for (const ScheduleEntry& c : tr.added)
      if (s < c.finish && c.start < s + dur) s = c.finish, moved = true;
    if (!moved) return s;
  }
}

double DuplicationPlacement::improve(TaskId t, Trial& tr, int& budget) const {
  const double dur = g_.comp(t);
  TaskId latest = -1;
  double ready = data_ready(t, tr, &latest);
  double best_start = slot_start(tr, ready, dur);
  Trial cur = tr;
  while (budget > 0 && latest >= 0 && !on_proc(latest, cur)) {
    // Appending: when the processor, not the data, holds t, no copy can start it earlier.
    if (!insertion_ && ready <= cur.free) break;
    --budget;
    Trial with = cur;
    const double ust = improve(latest, with, budget);
    const double uf = ust + g_.comp(latest);
    with.added.push_back({latest, with.proc, ust, uf, true});
    with.free = std::max(with.free, uf);
    ready = data_ready(t, with, &latest);
    const double st = slot_start(with, ready, dur);
    const double tol = 1e-12 * std::max(1.0, std::fabs(best_start));
    if (st > best_start + tol) break;  // the copy costs more time than its message saved
    cur = std::move(with);
    // Equal starts are kept going: two parents arriving together need both copied to gain.
    if (st < best_start - tol) best_start = st, tr = cur;
  }
  return best_start;
}

DuplicationPlacement::Trial DuplicationPlacement::evaluate(TaskId t, int p, bool duplicate) const {
  Trial tr;
  tr.proc = p;
  tr.free = free_[static_cast<std::size_t>(p)];
  if (duplicate && search_ == DuplicationSearch::kBottomUp && !insertion_) {
    tr = evaluate_bottom_up(t, p);
  } else if (duplicate) {
    int budget = kDuplicationAttemptBudget;
    tr.start = improve(t, tr, budget);
  } else {
    TaskId latest = -1;
    tr.start = slot_start(tr, data_ready(t, tr, &latest), g_.comp(t));
  }
  return tr;
}

const ScheduleEntry& DuplicationPlacement::commit(TaskId t, const Trial& trial,
                                                  std::vector<ScheduleEntry>* copies) {
  const auto pi = static_cast<std::size_t>(trial.proc);
  auto add = [&](const ScheduleEntry& e) {
    copies_[static_cast<std::size_t>(e.task)].push_back(e);
    auto& b = busy_[pi];
    const std::pair<double, double> slot{e.start, e.finish};
    b.insert(std::upper_bound(b.begin(), b.end(), slot), slot);
    free_[pi] = std::max(free_[pi], e.finish);
    sched_.entries.push_back(e);
  };
  for (const ScheduleEntry& c : trial.added) {
    add(c);
    if (copies) copies->push_back(c);
  }
  add({t, trial.proc, trial.start, trial.start + g_.comp(t), false});
  return sched_.entries.back();
}

std::vector<int> DuplicationPlacement::parent_processors(TaskId t) const {
  std::vector<char> mark(static_cast<std::size_t>(P_), 0);
  for (auto e : g_.in_edges(t))
    for (const ScheduleEntry& c : copies_[static_cast<std::size_t>(g_.edge(e).from)])
      mark[static_cast<std::size_t>(c.proc)] = 1;
  int extra = -1;
  for (int p = 0; p < P_ && extra < 0; ++p)
    if (busy_[static_cast<std::size_t>(p)].empty()) extra = p;
  if (extra < 0) {
    extra = 0;
    for (int p = 1; p < P_; ++p)
      if (free_[static_cast<std::size_t>(p)] < free_[static_cast<std::size_t>(extra)]) extra = p;
  }
  mark[static_cast<std::size_t>(extra)] = 1;
  std::vector<int> out;
  for (int p = 0; p < P_; ++p)
    if (mark[static_cast<std::size_t>(p)]) out.push_back(p);
  return out;
}

const ScheduleEntry& DuplicationPlacement::place_best(TaskId t, bool duplicate, TraceStep* step,
                                                      const std::vector<int>* only) {
  const int first = only ? only->front() : 0;
  Trial best = evaluate(t, first, duplicate);
  if (step) step->candidates.push_back({t, first, best.start});
  const int count = only ? static_cast<int>(only->size()) : P_;
  for (int i = 1; i < count; ++i) {
    const int p = only ? (*only)[static_cast<std::size_t>(i)] : i;
    Trial tr = evaluate(t, p, duplicate);
    if (step) step->candidates.push_back({t, p, tr.start});
    if (tr.start < best.start || (tr.start == best.start && tr.added.size() < best.added.size()))
      best = std::move(tr);
  }
  const ScheduleEntry& e = commit(t, best, step ? &step->duplicates : nullptr);
  if (step) step->chosen = e;
  return e;
}

}  // namespace loadlab::core
