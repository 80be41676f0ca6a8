// Independent checker of dynamic runs; the rules are listed in dynamic_verify.h.
#include "core/verify/dynamic_verify.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace loadlab::core {

namespace {

class Errors {
 public:
  explicit Errors(DynamicVerification& v) : v_(v) {}
  template <class... A>
  void add(const A&... parts) {
    v_.ok = false;
    if (++count_ > 20) return;
    std::ostringstream os;
    (os << ... << parts);
    v_.errors.push_back(os.str());
  }
  void close() {
    if (count_ > 20) v_.errors.push_back("... and " + std::to_string(count_ - 20) + " more");
  }

 private:
  DynamicVerification& v_;
  std::int64_t count_ = 0;
};

}  // namespace

std::vector<ExecutionRecord> executions_of(const std::vector<TaskRecord>& tasks) {
  std::vector<ExecutionRecord> out;
  out.reserve(tasks.size());
  for (std::size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i].node >= 0)
      out.push_back({static_cast<DynTaskId>(i), tasks[i].node, tasks[i].start, tasks[i].end});
  return out;
}

DynamicVerification verify_dynamic(const Topology& topo, const DynamicWorkload& w, double hop_cost,
                                   const std::vector<TaskRecord>& tasks,
                                   const std::vector<ExecutionRecord>& execs,
                                   const std::vector<MigrationRecord>& migs,
                                   const DynamicReported& rep) {
  DynamicVerification v;
  Errors err(v);
  const auto n = static_cast<std::int64_t>(tasks.size());
  const int nodes = topo.size();

  // Roots: exactly the workload's initial tasks and arrivals, in order.
  std::vector<RootTask> roots;
  try {
    roots = root_tasks(w, std::max<std::int64_t>(n + 1, 4 * DynamicLimits::max_tasks));
  } catch (const DynamicLimitError& e) {
    err.add("the workload itself exceeds a limit: ", e.what());
  }
  std::size_t r = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const TaskRecord& t = tasks[static_cast<std::size_t>(i)];
    if (t.parent >= 0) continue;
    if (r >= roots.size()) {
      err.add("task ", i, ": no initial task or arrival of the workload matches it");
      continue;
    }
    const RootTask& e = roots[r++];
    if (t.appear != e.time || t.origin != e.node || t.desc != e.desc || t.depth != 0)
      err.add("task ", i, ": arrival (time ", t.appear, ", node ", t.origin,
              ") differs from the workload's (time ", e.time, ", node ", e.node, ")");
  }
  if (r != roots.size())
    err.add(roots.size() - r, " initial tasks or arrivals of the workload are missing");

  // Executions: exactly one per task, for its duration, after it appeared.
  std::vector<std::int64_t> exec_of(static_cast<std::size_t>(n), -1);
  for (std::size_t k = 0; k < execs.size(); ++k) {
    const ExecutionRecord& e = execs[k];
    if (e.task < 0 || e.task >= n) {
      err.add("execution ", k, ": unknown task ", e.task);
      continue;
    }
    if (e.node < 0 || e.node >= nodes) err.add("task ", e.task, ": ran on unknown node ", e.node);
    auto& slot = exec_of[static_cast<std::size_t>(e.task)];
    if (slot >= 0)
      err.add("task ", e.task, ": executed more than once");
    else
      slot = static_cast<std::int64_t>(k);
    const TaskRecord& t = tasks[static_cast<std::size_t>(e.task)];
    if (e.start < t.appear)
      err.add("task ", e.task, ": started at ", e.start, " before it appeared at ", t.appear);
    if (t.duration != task_duration(w.duration, t.desc))
      err.add("task ", e.task, ": duration ", t.duration, " is not the workload's");
    if (e.end != e.start + t.duration)
      err.add("task ", e.task, ": ran ", e.end - e.start, " instead of its duration ", t.duration);
  }
  for (std::int64_t i = 0; i < n; ++i)
    if (exec_of[static_cast<std::size_t>(i)] < 0) err.add("task ", i, ": never executed");

  // Spawned tasks: appeared when and where their parent finished; exactly the spawn model's
  // children of every executed task.
  std::vector<int> kids(static_cast<std::size_t>(n), 0);
  std::set<std::pair<DynTaskId, int>> seen;
  for (std::int64_t i = 0; i < n; ++i) {
    const TaskRecord& t = tasks[static_cast<std::size_t>(i)];
    if (t.parent < 0) continue;
    if (t.parent >= i) {
      err.add("task ", i, ": spawn parent ", t.parent, " does not precede it");
      continue;
    }
    const TaskRecord& p = tasks[static_cast<std::size_t>(t.parent)];
    const auto pe = exec_of[static_cast<std::size_t>(t.parent)];
    if (pe >= 0) {
      const ExecutionRecord& x = execs[static_cast<std::size_t>(pe)];
      if (t.appear != x.end || t.origin != x.node)
        err.add("task ", i, ": appeared at (", t.appear, ", node ", t.origin, ") but its parent ",
                t.parent, " finished at (", x.end, ", node ", x.node, ")");
    }
    if (t.depth != p.depth + 1 || t.desc != child_descriptor(p.desc, t.child_index))
      err.add("task ", i, ": is not child ", t.child_index, " of task ", t.parent);
    if (!seen.insert({t.parent, t.child_index}).second)
      err.add("task ", i, ": child ", t.child_index, " of task ", t.parent, " exists twice");
    ++kids[static_cast<std::size_t>(t.parent)];
  }
  for (std::int64_t i = 0; i < n; ++i) {
    const TaskRecord& t = tasks[static_cast<std::size_t>(i)];
    if (exec_of[static_cast<std::size_t>(i)] < 0) continue;
    const int want = spawn_count(w.spawn, t.desc, t.depth);
    if (kids[static_cast<std::size_t>(i)] != want)
      err.add("task ", i, ": spawned ", kids[static_cast<std::size_t>(i)],
              " children, the workload says ", want);
  }

  // Migrations: a chain from the node where the task appeared to the node that ran it.
  std::vector<std::vector<std::size_t>> per_task(static_cast<std::size_t>(n));
  std::int64_t hops_total = 0;
  const bool cheap_distance =
      topo.kind() != TopologyKind::Custom && topo.kind() != TopologyKind::Tree;
  for (std::size_t k = 0; k < migs.size(); ++k) {
    const MigrationRecord& m = migs[k];
    hops_total += m.hops;
    if (m.task < 0 || m.task >= n) {
      err.add("migration ", k, ": unknown task ", m.task);
      continue;
    }
    if (m.from < 0 || m.from >= nodes || m.to < 0 || m.to >= nodes || m.from == m.to) {
      err.add("migration ", k, ": bad nodes ", m.from, " -> ", m.to);
      continue;
    }
    if (m.hops < 1 || ((cheap_distance || nodes <= 4096) && m.hops < topo.distance(m.from, m.to)))
      err.add("migration ", k, ": ", m.hops, " hops is less than the distance from ", m.from,
              " to ", m.to);
    if (m.arrive < m.depart + m.hops * hop_cost)
      err.add("migration ", k, " of task ", m.task, ": arrived faster than ", m.hops,
              " hops allow");
    per_task[static_cast<std::size_t>(m.task)].push_back(k);
  }
  for (std::int64_t i = 0; i < n; ++i) {
    const TaskRecord& t = tasks[static_cast<std::size_t>(i)];
    int at = t.origin;
    double ready = t.appear;
    for (std::size_t k : per_task[static_cast<std::size_t>(i)]) {
      const MigrationRecord& m = migs[k];
      if (m.from != at)
        err.add("task ", i, ": migrated from node ", m.from, " while it was on node ", at);
      if (m.depart < ready)
        err.add("task ", i, ": migration departed at ", m.depart, " before ", ready);
      at = m.to;
      ready = m.arrive;
    }
    const auto pe = exec_of[static_cast<std::size_t>(i)];
    if (pe < 0) continue;
    const ExecutionRecord& x = execs[static_cast<std::size_t>(pe)];
    if (x.node != at) err.add("task ", i, ": ran on node ", x.node, " but was on node ", at);
    if (x.start < ready)
      err.add("task ", i, ": started at ", x.start, " before its migration finished at ", ready);
  }

  // One task at a time per node.
  std::vector<ExecutionRecord> sorted = execs;
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.node != b.node ? a.node < b.node : a.start < b.start;
  });
  double completion = 0;
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    completion = std::max(completion, sorted[k].end);
    if (k > 0 && sorted[k].node == sorted[k - 1].node && sorted[k].start < sorted[k - 1].end)
      err.add("node ", sorted[k].node, ": ran tasks ", sorted[k - 1].task, " and ", sorted[k].task,
              " at the same time");
  }

  if (completion != rep.completion_time)
    err.add("completion_time ", rep.completion_time, " but the last task ended at ", completion);
  if (rep.migrations != static_cast<std::int64_t>(migs.size()))
    err.add("migrations ", rep.migrations, " but ", migs.size(), " were recorded");
  if (rep.task_hops != hops_total)
    err.add("task_hops ", rep.task_hops, " but the migrations add up to ", hops_total);
  err.close();
  return v;
}

}  // namespace loadlab::core
