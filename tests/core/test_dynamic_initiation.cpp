// The notes' symmetric initiation and work stealing with a global target: each shows the
// behaviour that defines it, on workloads where the outcome follows from counting alone.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/dynamic/registry.h"
#include "core/verify/dynamic_verify.h"

using namespace loadlab::core;

namespace {

bool initiation_verified(const Topology& t, const DynamicWorkload& w, const DynamicRunResult& r) {
  const auto v = verify_dynamic(t, w, 0, r.task_log, executions_of(r.task_log), r.migration_log,
                                {r.completion_time, r.migrations, r.task_hops});
  for (const auto& e : v.errors) MESSAGE(e);
  return v.ok;
}

// 64 unit tasks on node 0, no arrivals, free communication.
DynamicWorkload initiation_hot_node(int nodes) {
  DynamicWorkload w;
  w.initial.assign(static_cast<std::size_t>(nodes), 0);
  w.initial[0] = 64;
  return w;
}

}  // namespace

TEST_CASE("Dynamic.SymmetricPullsWhatTheSenderRuleNeverPushes") {
  // With no arrivals the sender rule acts only at time 0: it pushes to nodes whose load is below
  // T = 2, so each of the 7 others ends up with at most 2 tasks and node 0 runs at least
  // 64 - 14 = 50 of them one after another. The receiver half keeps pulling as nodes drain, so
  // the symmetric rule finishes near 64 / 8 = 8.
  const Topology k8 = Topology::complete(8);
  const DynamicWorkload w = initiation_hot_node(8);
  const DynamicRunResult sender = run_dynamic("sender", k8, w, {}, {});
  CHECK(initiation_verified(k8, w, sender));
  CHECK(sender.completion_time >= 50);
  const DynamicRunResult sym = run_dynamic("symmetric", k8, w, {}, {});
  CHECK(initiation_verified(k8, w, sym));
  CHECK(sym.completion_time >= 8);
  CHECK(sym.completion_time < 16);
  // Without its receiver half (probe_limit 0 disables both halves) nothing moves at all.
  DynamicParams off;
  off.symmetric.probe_limit = 0;
  const DynamicRunResult none = run_dynamic("symmetric", k8, w, {}, off);
  CHECK(none.migrations == 0);
  CHECK(none.completion_time == 64);
}

TEST_CASE("Dynamic.GlobalTargetStealsBeyondTheNeighbours") {
  // On a line, plain work stealing asks neighbours only, so every stolen task moves one hop. The
  // global target names every node in turn, so the nodes far from the hot end steal from it
  // directly, over their distance.
  const Topology line = Topology::line(8);
  const DynamicWorkload w = initiation_hot_node(8);
  const DynamicRunResult local = run_dynamic("work_stealing", line, w, {}, {});
  const DynamicRunResult global = run_dynamic("work_stealing_global", line, w, {}, {});
  CHECK(initiation_verified(line, w, local));
  CHECK(initiation_verified(line, w, global));
  int local_max = 0, global_max = 0;
  for (const auto& m : local.migration_log) local_max = std::max(local_max, m.hops);
  for (const auto& m : global.migration_log) global_max = std::max(global_max, m.hops);
  CHECK(local_max == 1);
  CHECK(global_max > 1);
  for (const auto& m : global.migration_log) CHECK(m.hops == line.distance(m.from, m.to));
  CHECK(global.completion_time >= 8);
  CHECK(global.completion_time < 64);
}
