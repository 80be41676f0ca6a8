// The record of an online run (online.h): reveal times read back from the schedule under the
// online model of online.cpp (a task is revealed when its last parent finishes and decided at
// that instant), its check, and the playground's frame at a decision.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/dag/online.h"

namespace loadlab::core {

std::vector<OnlineArrival> online_arrivals(const TaskGraph& g, const Schedule& s) {
  std::vector<double> finish(static_cast<std::size_t>(g.size()), 0.0);
  for (const auto& e : s.entries)
    if (!e.duplicate && e.task >= 0 && e.task < g.size())
      finish[static_cast<std::size_t>(e.task)] = e.finish;
  std::vector<OnlineArrival> out;
  out.reserve(s.entries.size());
  for (const auto& e : s.entries) {
    if (e.duplicate || e.task < 0 || e.task >= g.size()) continue;
    double at = 0;
    for (auto pe : g.in_edges(e.task))
      at = std::max(at, finish[static_cast<std::size_t>(g.edge(pe).from)]);
    out.push_back({e.task, at});
  }
  return out;
}

std::vector<std::string> verify_online_arrivals(const TaskGraph& g, const Schedule& s,
                                                const std::vector<OnlineArrival>& arrivals,
                                                std::size_t max_errors) {
  std::vector<std::string> errors;
  auto fail = [&](std::string m) {
    if (errors.size() < max_errors) errors.push_back(std::move(m));
  };
  auto close = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
  };
  const auto n = static_cast<std::size_t>(g.size());
  std::vector<const ScheduleEntry*> entry(n, nullptr);
  std::vector<const ScheduleEntry*> order;
  for (const auto& e : s.entries)
    if (!e.duplicate && e.task >= 0 && e.task < g.size())
      entry[static_cast<std::size_t>(e.task)] = &e, order.push_back(&e);
  if (arrivals.size() != n)
    fail("online: " + std::to_string(arrivals.size()) + " decisions recorded for " +
         std::to_string(n) + " tasks");
  std::vector<char> seen(n, 0);
  double last = 0;
  for (std::size_t k = 0; k < arrivals.size(); ++k) {
    const OnlineArrival& a = arrivals[k];
    if (a.task < 0 || a.task >= g.size()) {
      fail("online: decision " + std::to_string(k) + " names no task of the graph");
      continue;
    }
    const auto t = static_cast<std::size_t>(a.task);
    const std::string name = g.name(a.task);
    if (seen[t]++) fail("online: task " + name + " decided twice");
    if (k < order.size() && order[k]->task != a.task)
      fail("online: decision " + std::to_string(k) + " is " + name + " but the schedule placed " +
           g.name(order[k]->task) + " then");
    double at = 0;
    for (auto pe : g.in_edges(a.task)) {
      const ScheduleEntry* p = entry[static_cast<std::size_t>(g.edge(pe).from)];
      if (p) at = std::max(at, p->finish);
    }
    if (!close(at, a.released))
      fail("online: task " + name + " is recorded as revealed at " + std::to_string(a.released) +
           " but its last parent finishes at " + std::to_string(at));
    if (k > 0 && a.released < last && !close(a.released, last))
      fail("online: task " + name + " (revealed at " + std::to_string(a.released) +
           ") is decided after a task revealed at " + std::to_string(last));
    last = std::max(last, a.released);
    if (entry[t] && entry[t]->start < a.released && !close(entry[t]->start, a.released))
      fail("online: task " + name + " starts at " + std::to_string(entry[t]->start) +
           " before it is revealed at " + std::to_string(a.released));
  }
  return errors;
}

OnlineFrame online_frame(const TaskGraph& g, const std::vector<OnlineArrival>& arrivals, int step) {
  OnlineFrame f;
  if (step < 0 || arrivals.empty()) return f;
  step = std::min(step, static_cast<int>(arrivals.size()) - 1);
  f.step = step;
  f.time = arrivals[static_cast<std::size_t>(step)].released;
  const auto n = static_cast<std::size_t>(g.size());
  constexpr int kNever = std::numeric_limits<int>::max();
  std::vector<int> decided_at(n, kNever);
  std::vector<double> released(n, std::numeric_limits<double>::infinity());
  for (std::size_t k = 0; k < arrivals.size(); ++k) {
    const TaskId t = arrivals[k].task;
    if (t < 0 || t >= g.size()) continue;
    decided_at[static_cast<std::size_t>(t)] = static_cast<int>(k);
    released[static_cast<std::size_t>(t)] = arrivals[k].released;
  }
  for (int k = 0; k <= step; ++k) {
    const TaskId t = arrivals[static_cast<std::size_t>(k)].task;
    f.placed.push_back(t);
    f.revealed.push_back(t);
  }
  for (TaskId t = 0; t < g.size(); ++t) {
    const auto ti = static_cast<std::size_t>(t);
    if (decided_at[ti] <= step) continue;
    bool parents_placed = true;
    for (auto pe : g.in_edges(t))
      if (decided_at[static_cast<std::size_t>(g.edge(pe).from)] > step) parents_placed = false;
    if (parents_placed && released[ti] <= f.time) {
      f.revealed.push_back(t);
      f.waiting.push_back(t);
    } else if (f.next_task < 0 || released[ti] < f.next_release) {
      f.next_task = t;
      f.next_release = released[ti];
    }
  }
  return f;
}

}  // namespace loadlab::core
