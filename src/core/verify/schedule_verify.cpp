// Paper: ../shared/seeds/001_37b951120b5002ad.txt, Section 2 (a task starts only after all its
// messages arrive; messages between tasks on one processor take no time; one task at a time).
// Written independently of the schedulers: it only reads the graph, the machine and the entries.
// Heterogeneous machines: a task on p must run exactly its time there (comp / speed,
// or the ETC entry), and a message from p to q takes data / bandwidth(p, q) (0 when p == q).
#include "core/verify/schedule_verify.h"

#include <algorithm>
#include <cmath>

namespace loadlab::core {

namespace {

bool le(double a, double b) {  // a <= b up to rounding
  return a <= b + 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

std::string num_text(double x) {
  std::string s = std::to_string(x);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

// The identical-processor model of paper 001: duration = comp, delay = edge cost off-processor.
struct IdenticalModel {
  static constexpr bool any_proc = true;  // durations do not depend on the processor
  const TaskGraph& g;
  double duration(TaskId t, int) const { return g.comp(t); }
  double delay(double data, int p, int q) const { return p == q ? 0.0 : data; }
  std::string cost_text(TaskId t, int) const { return "costs " + num_text(g.comp(t)); }
};

struct MachineModel {
  static constexpr bool any_proc = false;
  const TaskGraph& g;
  const Machine& m;
  double duration(TaskId t, int p) const {
    if (!m.etc.empty())
      return m.etc[static_cast<std::size_t>(t) * static_cast<std::size_t>(m.processors) +
                   static_cast<std::size_t>(p)];
    const double speed = m.speeds.empty() ? 1.0 : m.speeds[static_cast<std::size_t>(p)];
    return g.comp(t) / speed;
  }
  double delay(double data, int p, int q) const {
    if (p == q) return 0.0;
    if (m.bandwidth.empty()) return data;
    return data / m.bandwidth[static_cast<std::size_t>(p) * static_cast<std::size_t>(m.processors) +
                              static_cast<std::size_t>(q)];
  }
  std::string cost_text(TaskId t, int p) const {
    if (!m.etc.empty())
      return "takes " + num_text(duration(t, p)) + " on processor " + std::to_string(p) + " (etc)";
    return "takes " + num_text(duration(t, p)) + " on processor " + std::to_string(p) + " (cost " +
           num_text(g.comp(t)) + " / speed " +
           num_text(m.speeds.empty() ? 1.0 : m.speeds[static_cast<std::size_t>(p)]) + ")";
  }
};

template <class Model>
ScheduleCheck check_schedule(const TaskGraph& g, const Model& model, const Schedule& s, int P,
                             std::size_t max_errors) {
  ScheduleCheck r;
  auto fail = [&](std::string msg) {
    r.ok = false;
    if (r.errors.size() < max_errors) r.errors.push_back(std::move(msg));
  };
  const std::int32_t n = g.size();
  std::vector<std::int64_t> at(n, -1);
  // Every copy of each task (its own entry and its duplicates), for the earliest-arrival rule.
  std::vector<std::vector<const ScheduleEntry*>> copies(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < s.entries.size(); ++i) {
    const ScheduleEntry& e = s.entries[i];
    if (e.task < 0 || e.task >= n) {
      fail("entry " + std::to_string(i) + " names task id " + std::to_string(e.task) +
           " which does not exist");
      continue;
    }
    if (!e.duplicate) {
      if (at[e.task] >= 0) {
        fail("task " + g.name(e.task) +
             " is scheduled more than once (extra copies must be marked duplicate)");
        continue;
      }
      at[e.task] = static_cast<std::int64_t>(i);
    }
    copies[static_cast<std::size_t>(e.task)].push_back(&e);
    if (e.proc < 0 || e.proc >= P) {
      fail("task " + g.name(e.task) + " is on processor " + std::to_string(e.proc) + " (have " +
           std::to_string(P) + ")");
      if (!Model::any_proc) continue;  // no duration to compare with
    }
    const double dur = model.duration(e.task, e.proc);
    if (!std::isfinite(e.start) || !std::isfinite(e.finish) || e.start < 0)
      fail("task " + g.name(e.task) + " has an invalid time interval");
    else if (std::fabs((e.finish - e.start) - dur) >
             1e-9 * std::max({1.0, std::fabs(e.finish), dur}))
      fail("task " + g.name(e.task) + " runs " + num_text(e.finish - e.start) + " but " +
           model.cost_text(e.task, e.proc));
  }
  for (TaskId t = 0; t < n; ++t)
    if (at[t] < 0)
      fail("task " + g.name(t) + " is not scheduled" +
           (copies[static_cast<std::size_t>(t)].empty() ? "" : " (it has only duplicate copies)"));
  if (!r.ok) return r;  // the checks below need every task exactly once

  // Each copy of a child waits for the earliest arrival of each parent's data from any copy of
  // that parent (free from a copy on its own processor).
  for (const DagEdge& ed : g.edges()) {
    for (const ScheduleEntry* b : copies[static_cast<std::size_t>(ed.to)]) {
      double ready = 0;
      bool first = true;
      for (const ScheduleEntry* a : copies[static_cast<std::size_t>(ed.from)]) {
        const double arrive = a->finish + model.delay(ed.comm, a->proc, b->proc);
        if (first || arrive < ready) ready = arrive;
        first = false;
      }
      if (!le(ready, b->start))
        fail("task " + g.name(ed.to) +
             (b->duplicate ? " (duplicate on processor " + std::to_string(b->proc) + ")" : "") +
             " starts at " + num_text(b->start) + " before its input from " + g.name(ed.from) +
             " is available at " + num_text(ready));
    }
  }
  std::vector<const ScheduleEntry*> byproc;
  byproc.reserve(s.entries.size());
  for (const auto& e : s.entries) byproc.push_back(&e);
  std::sort(byproc.begin(), byproc.end(), [](const ScheduleEntry* a, const ScheduleEntry* b) {
    if (a->proc != b->proc) return a->proc < b->proc;
    if (a->start != b->start) return a->start < b->start;
    return a->finish < b->finish;
  });
  // Sweep each processor in start order, remembering the task that keeps it busy longest.
  const ScheduleEntry* busy = nullptr;
  for (const ScheduleEntry* e : byproc) {
    if (busy && busy->proc != e->proc) busy = nullptr;
    if (busy && !le(busy->finish, e->start))
      fail("tasks " + g.name(busy->task) + " and " + g.name(e->task) + " overlap on processor " +
           std::to_string(e->proc));
    if (e->finish > e->start && (!busy || e->finish > busy->finish)) busy = e;
  }
  return r;
}

}  // namespace

ScheduleCheck verify_schedule(const TaskGraph& g, const Schedule& s, int processors,
                              std::size_t max_errors) {
  return check_schedule(g, IdenticalModel{g}, s, processors > 0 ? processors : s.processors,
                        max_errors);
}

ScheduleCheck verify_schedule(const TaskGraph& g, const Machine& m, const Schedule& s,
                              std::size_t max_errors) {
  return check_schedule(g, MachineModel{g, m}, s, m.processors, max_errors);
}

}  // namespace loadlab::core
