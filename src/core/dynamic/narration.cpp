// Dynamic narration. Strategies and their sources: random and sender-initiated transfer (Wu,
// "On Runtime Parallel Scheduling for Processor Load Balancing", IEEE TPDS 1997, §6, citing Eager
// et al.), the receiver-initiated policy with cost function (3) (Houstis, Kapidakis, Markatos &
// Gelenbe, "Execution of Compute-Intensive Applications into Parallel Machines", 1996, §2.5), work
// stealing and the gradient model (the course notes "Task Scheduling & Load Balancing"), RIPS
// (Wu 1997 and Shu & Wu). The captions read the run's records only: the timeline of the node,
// the migrations (one batch = the tasks one sender sent one receiver at one instant) and the
// system phases.
#include "core/dynamic/narration.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "core/common/citations.h"
namespace loadlab::core {

namespace {

std::string dyn_num(double x) {
  return narration_number(x);
}

std::string dynamic_citation_of(std::string_view a) {
  if (a == "receiver") return cite_full("houstis1996", "Section 2.5");
  if (a == "work_stealing" || a == "gradient")
    return cite_full("notes", "work stealing; the gradient model");
  return cite_full("wu1997", "");
}

struct DynEvent {
  double time = 0;
  int order = 0;  // at one instant: state changes, then sends, then receives
  std::string text;
  int line = -1;
};

std::string dyn_tasks(std::int64_t k) {
  return std::to_string(k) + (k == 1 ? " task" : " tasks");
}

}  // namespace

std::vector<std::string> dynamic_pseudocode(std::string_view a) {
  if (a == "none")
    return {"a new task runs on the node where it appears", "no node ever sends work away"};
  if (a == "random")
    return {"a task appears on node v",
            "if load(v) > threshold and the task has moved < transfer_limit times:",
            "  send it to a random neighbour", "else run it on v"};
  if (a == "sender")
    return {"a task appears on node v; if load(v) ≤ threshold: keep it",
            "probe up to probe_limit random neighbours",
            "push the task to the first neighbour whose load is below the threshold",
            "no neighbour qualifies: keep it"};
  if (a == "receiver")
    return {
        "every round: broadcast loads; L_A = average load",
        "receivers r (load below L_A − θ_r) request W_sr ≤ L_A − L_r from senders s",
        "senders send at most what is requested (cost function (3) sums f, g and the imbalance)",
        "tasks migrate; the next round starts at the period or when a node idles"};
  if (a == "work_stealing")
    return {"when node v's queue is empty:",
            "  ask a victim (a random neighbour, or the next one round robin)",
            "  the victim sends half (or one) of its queue, oldest first",
            "  an empty victim refuses: wait the backoff, ask the next"};
  if (a == "gradient")
    return {"pressure(v) = 0 if load(v) ≤ low_mark, else 1 + min over neighbours",
            "a node above high_mark pushes a task to its neighbour of least pressure",
            "light nodes pull the work downhill; repeat as loads change"};
  if (a == "rips")
    return {"user phase: nodes run their ready tasks; new tasks wait",
            "when the trigger fires (all idle, any idle, imbalance, period): system phase",
            "  balance the ready loads with the inner algorithm (TWA / CWA / MWA / DEM / optimum)",
            "  tasks migrate; the next user phase begins"};
  return {};
}

int dynamic_narrated_node(const DynamicRunResult& run, int nodes) {
  if (nodes <= 0) return 0;
  std::vector<std::int64_t> involved(static_cast<std::size_t>(nodes), 0);
  for (const MigrationRecord& m : run.migration_log) {
    if (m.from >= 0 && m.from < nodes) ++involved[static_cast<std::size_t>(m.from)];
    if (m.to >= 0 && m.to < nodes) ++involved[static_cast<std::size_t>(m.to)];
  }
  const auto most = std::max_element(involved.begin(), involved.end());
  if (*most > 0) return static_cast<int>(most - involved.begin());
  // Nothing migrated (e.g. "none"): the busiest node.
  if (run.busy_time.size() == involved.size())
    return static_cast<int>(std::max_element(run.busy_time.begin(), run.busy_time.end()) -
                            run.busy_time.begin());
  return 0;
}

Narration dynamic_narration(std::string_view a, const DynamicParams& prm,
                            const DynamicRunResult& run, int node) {
  Narration n;
  n.algorithm = std::string(a);
  n.citation = dynamic_citation_of(a);
  n.pseudocode = dynamic_pseudocode(a);
  const std::string me = "node " + std::to_string(node);
  std::vector<DynEvent> events;

  // State changes of the node.
  if (node >= 0 && static_cast<std::size_t>(node) < run.timeline.size()) {
    NodeState prev = NodeState::Idle;
    bool first = true;
    for (const Interval& iv : run.timeline[static_cast<std::size_t>(node)]) {
      if (!first && iv.state == prev) continue;
      first = false;
      prev = iv.state;
      DynEvent e{iv.start, 0, "", -1};
      switch (iv.state) {
        case NodeState::Busy:
          e.text = me + " starts running its tasks (busy until " + dyn_num(iv.end) + ")";
          e.line = a == "rips" ? 0 : -1;
          break;
        case NodeState::Idle:
          e.text = me + " has nothing to run: it is idle until " + dyn_num(iv.end);
          if (a == "work_stealing") {
            e.text += ", so it asks a victim for work";
            e.line = 0;
          }
          break;
        case NodeState::Migrating:
          e.text = me + " waits for tasks in flight (until " + dyn_num(iv.end) + ")";
          break;
        case NodeState::System:
          e.text = me + " enters a system phase (until " + dyn_num(iv.end) + ")";
          e.line = 1;
          break;
      }
      events.push_back(std::move(e));
    }
  }

  // Migrations touching the node, batched by (sender, receiver, departure).
  std::map<std::tuple<double, int, int>, std::pair<std::int64_t, const MigrationRecord*>> batches;
  for (const MigrationRecord& m : run.migration_log)
    if (m.from == node || m.to == node) {
      auto& b = batches[{m.depart, m.from, m.to}];
      if (!b.second) b.second = &m;
      ++b.first;
    }
  const bool half = prm.work_stealing.amount != "one";
  for (const auto& [key, b] : batches) {
    const MigrationRecord& m = *b.second;
    const std::int64_t k = b.first;
    const std::string from = "node " + std::to_string(m.from), to = "node " + std::to_string(m.to);
    const std::string trip = " (" + std::to_string(m.hops) + (m.hops == 1 ? " hop" : " hops") +
                             ", arriving at " + dyn_num(m.arrive) + ")";
    DynEvent e{m.depart, m.to == node ? 2 : 1, "", -1};
    if (a == "work_stealing") {
      e.text = "work stealing: " + to + " is idle and steals " +
               (half ? "half of " + from + "'s queue: " + dyn_tasks(k) + " (⌈q/2⌉ of its q = " +
                           std::to_string(2 * k - 1) + " or " + std::to_string(2 * k) + ")"
                     : "one task of " + from + "'s queue") +
               ", the oldest first" + trip;
      e.line = 2;
    } else if (a == "sender") {
      e.text = "sender-initiated: " + from + " is above the threshold " +
               dyn_num(prm.sender.threshold) + " when a task appears, probes its neighbours and " +
               "pushes " + dyn_tasks(k) + " to " + to + ", whose load is below it" + trip;
      e.line = 2;
    } else if (a == "random") {
      e.text = "random transfer: " + from + " is above the threshold " +
               dyn_num(prm.random.threshold) + ", so it sends " + dyn_tasks(k) +
               " to the random neighbour " + to + trip;
      e.line = 2;
    } else if (a == "receiver") {
      e.text = "receiver-initiated round: " + to + " is below the average load and requested " +
               "work; " + from + ", above it, sends " + dyn_tasks(k) + trip;
      e.line = 2;
    } else if (a == "gradient") {
      e.text = "gradient model: " + from + " is above the high mark " +
               std::to_string(prm.gradient.high_mark) + " and pushes " + dyn_tasks(k) + " to " +
               to + ", its neighbour of least pressure" + trip;
      e.line = 1;
    } else if (a == "rips") {
      e.text = "RIPS system phase: the inner algorithm moves " + dyn_tasks(k) + " from " + from +
               " to " + to + " to even the ready loads" + trip;
      e.line = 3;
    } else {
      e.text = from + " sends " + dyn_tasks(k) + " to " + to + trip;
    }
    events.push_back(std::move(e));
  }

  // RIPS system phases (every node takes part in each).
  for (std::size_t i = 0; i < run.phases.size(); ++i) {
    const PhaseRecord& ph = run.phases[i];
    std::int64_t total = 0, lo = 0, hi = 0;
    for (std::size_t v = 0; v < ph.loads.size(); ++v) {
      total += ph.loads[v];
      lo = v == 0 ? ph.loads[v] : std::min<std::int64_t>(lo, ph.loads[v]);
      hi = v == 0 ? ph.loads[v] : std::max<std::int64_t>(hi, ph.loads[v]);
    }
    std::string text = "RIPS system phase " + std::to_string(i + 1) + ": " + std::to_string(total) +
                       " ready tasks, from " + std::to_string(lo) + " to " + std::to_string(hi) +
                       " per node";
    if (node >= 0 && static_cast<std::size_t>(node) < ph.loads.size())
      text += " (" + me + " has " + std::to_string(ph.loads[static_cast<std::size_t>(node)]) + ")";
    text += "; balancing takes " + std::to_string(ph.steps) + " steps and " +
            std::to_string(ph.task_hops) + " task-hops, ending at " + dyn_num(ph.end);
    events.push_back({ph.start, -1, std::move(text), 2});
  }

  std::stable_sort(events.begin(), events.end(), [](const DynEvent& x, const DynEvent& y) {
    return std::tie(x.time, x.order) < std::tie(y.time, y.order);
  });
  const std::size_t shown = std::min(events.size(), Narration::kMaxNarratedSteps - 1);
  for (std::size_t i = 0; i < shown; ++i)
    n.steps.push_back({"t = " + dyn_num(events[i].time) + ": " + events[i].text, events[i].line});
  if (events.size() > shown)
    n.steps.push_back({std::to_string(events.size() - shown) + " more events of " + me +
                           " (not narrated); the run ends at " + dyn_num(run.completion_time),
                       -1});
  else if (events.empty())
    n.steps.push_back({me + " has no recorded events in this run", -1});
  return n;
}

}  // namespace loadlab::core
