// Deterministic discrete-event simulator for dynamic load balancing (virtual time).
//
// Papers: ../shared/seeds/000_ace8fcde3218dd88.txt Sections 1 and 6 (dynamic problems, runtime
// incremental parallel scheduling), ../shared/seeds/002_6cf480ff57e2bb72.txt Section 2.5
// (receiver-initiated policy), ../shared/seeds/003_6046837c8e4c81af.txt (randomized allocation,
// gradient model, work stealing). The model every strategy shares:
//  - N nodes of a core::Topology; a node runs one task at a time, non-preemptively, from a FIFO
//    ready queue; a task runs for its duration (workload.h) on whichever node it ends up on;
//  - a task migrating over d hops is in flight for d * costs.hop and counts one migration and d
//    task-hops; a balancing message takes costs.message per hop and counts one message;
//  - when a task finishes, its spawned children appear on the same node at that instant.
// Events are ordered by (time, insertion sequence): a total order, so a run is a pure function of
// its inputs. Strategies (one file each, strategies.h) react to hooks and act through DynamicSim.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/dynamic/event_queue.h"
#include "core/dynamic/records.h"
#include "core/dynamic/task_queue.h"
#include "core/dynamic/workload.h"
#include "core/model/topology.h"
#include "core/util/rng.h"

namespace loadlab::core {

struct DynamicCosts {
  double hop = 0;           ///< time per hop for a migrating task
  double message = 0;       ///< time per hop for a balancing message
  double system_phase = 0;  ///< fixed time of one RIPS system phase (before its exchange steps)
};

struct DynamicRunResult {
  std::string algorithm;
  double completion_time = 0;  ///< end of the last task
  double total_work = 0;       ///< sum of durations
  double efficiency = 0;       ///< total_work / (N * completion_time)
  std::vector<double> busy_time;
  std::vector<double> idle_time;  ///< completion_time - busy_time, per node
  std::int64_t tasks = 0;
  std::int64_t migrations = 0;
  std::int64_t task_hops = 0;
  std::int64_t messages = 0;
  std::int64_t system_phases = 0;
  std::int64_t events = 0;
  double cost_function = 0;  ///< receiver: cost function (3) summed over its rounds
  // Logs (filled when DynamicRunOptions::record; task_log when DynamicRunOptions::task_log).
  std::vector<TaskRecord> task_log;
  std::vector<MigrationRecord> migration_log;
  std::vector<std::vector<Interval>> timeline;  ///< per node, in time order
  std::vector<PhaseRecord> phases;
};

struct DynamicRunOptions {
  bool record = true;  ///< keep migration log, timeline and phases
  /// Keep the task table (what the checker verifies; 72 bytes per task). Off only for benchmarks:
  /// counters and times are the same either way.
  bool task_log = true;
  std::int64_t max_tasks = DynamicLimits::max_tasks;
  std::int64_t max_events = DynamicLimits::max_events;
  const std::atomic<bool>* cancel = nullptr;
};

class DynamicSim;

/// A balancing strategy: hooks called by the simulator. Defaults = run every task where it is.
class DynamicStrategy {
 public:
  virtual ~DynamicStrategy() = default;
  /// After the initial tasks were created (time 0).
  virtual void on_start(DynamicSim&) {}
  /// A task appeared on `node` (initial, arrival or spawn).
  virtual void on_new_task(DynamicSim& s, int node, DynTaskId t);
  /// A migrating task reached `node`; `tag` is what migrate() was given.
  virtual void on_task_arrived(DynamicSim& s, int node, DynTaskId t, int tag);
  /// `node` has nothing to run (not running, empty queue).
  virtual void on_idle(DynamicSim&, int) {}
  /// The load of `node` changed (queue, running or incoming).
  virtual void on_load_change(DynamicSim&, int) {}
  virtual void on_message(DynamicSim&, int /*to*/, int /*from*/, int /*tag*/, std::int64_t) {}
  virtual void on_timer(DynamicSim&, int /*node*/, int /*tag*/, std::int64_t) {}
  /// A task finished on `node` (after its children appeared and the next task started).
  virtual void on_task_end(DynamicSim&, int) {}
  virtual double cost_function() const { return 0; }

  /// The hooks above that the strategy overrides (Hook bits). The simulator does not call the
  /// others (an empty virtual call per task and event was a tenth of a WebAssembly run) and, for
  /// on_new_task and on_task_arrived, does their default itself. Set from the type by
  /// make_dynamic_strategy; a strategy built otherwise has every hook called, which is also right.
  enum Hook : unsigned {
    kOnNewTask = 1,
    kOnTaskArrived = 2,
    kOnIdle = 4,
    kOnLoadChange = 8,
    kOnTaskEnd = 16,
    kAllHooks = 31
  };
  unsigned hooks = kAllHooks;
};

/// The Hook bits of the hooks S overrides: &S::f names DynamicStrategy::f (and has its type)
/// exactly when S does not override f.
template <class S>
constexpr unsigned overridden_hooks() {
  using B = DynamicStrategy;
  unsigned h = 0;
  if (!std::is_same_v<decltype(&S::on_new_task), decltype(&B::on_new_task)>) h |= B::kOnNewTask;
  if (!std::is_same_v<decltype(&S::on_task_arrived), decltype(&B::on_task_arrived)>)
    h |= B::kOnTaskArrived;
  if (!std::is_same_v<decltype(&S::on_idle), decltype(&B::on_idle)>) h |= B::kOnIdle;
  if (!std::is_same_v<decltype(&S::on_load_change), decltype(&B::on_load_change)>)
    h |= B::kOnLoadChange;
  if (!std::is_same_v<decltype(&S::on_task_end), decltype(&B::on_task_end)>) h |= B::kOnTaskEnd;
  return h;
}

/// Builds a strategy with its hook mask set (every make_*_strategy goes through this).
template <class S, class... A>
std::unique_ptr<DynamicStrategy> make_dynamic_strategy(A&&... args) {
  auto s = std::make_unique<S>(std::forward<A>(args)...);
  s->hooks = overridden_hooks<S>();
  return s;
}

class DynamicSim {
 public:
  DynamicSim(const Topology& topology, const DynamicWorkload& workload, const DynamicCosts& costs,
             const DynamicRunOptions& options, std::uint64_t seed);
  /// Runs to completion. Throws DynamicLimitError when a limit is hit, std::runtime_error when
  /// cancelled.
  DynamicRunResult run(DynamicStrategy& strategy, const std::string& name);

  // --- what strategies read
  double now() const { return now_; }
  const Topology& topology() const { return topo_; }
  int nodes() const { return n_; }
  const DynamicCosts& costs() const { return costs_; }
  util::Rng& rng() { return rng_; }
  std::int64_t queued(int v) const { return node(v).queue.size(); }
  bool running(int v) const { return node(v).running >= 0; }
  std::int64_t incoming(int v) const { return node(v).incoming; }
  /// Tasks on or heading to v: queued + running + in flight towards it.
  std::int64_t load(int v) const { return queued(v) + (running(v) ? 1 : 0) + incoming(v); }
  bool idle(int v) const { return !running(v) && node(v).queue.empty(); }
  int running_count() const { return busy_nodes_; }
  /// Tasks that exist and have not finished, plus arrivals still to come.
  bool work_remaining() const { return live_ > 0 || next_root_ < roots_.size(); }
  /// An initial task or an arrival (no parent).
  bool is_root(DynTaskId t) const { return depth_of(t) == 0; }
  /// The task's record (only with DynamicRunOptions::task_log).
  const TaskRecord& task(DynTaskId t) const { return tasks_[static_cast<std::size_t>(t)]; }

  // --- what strategies do
  /// Adds t to v's ready queue (starts it if v is free and not held).
  void enqueue(int v, DynTaskId t);
  /// Removes and returns the newest (back) / oldest (front) queued task of v, or -1.
  DynTaskId take_newest(int v);
  /// The newest queued task of v (what take_newest would return), or -1; v keeps it.
  DynTaskId newest(int v) const {
    return node(v).queue.empty() ? -1 : static_cast<DynTaskId>(node(v).queue.back());
  }
  DynTaskId take_oldest(int v);
  /// Sends t from `from` to `to` over `hops` hops (one migration); on_task_arrived(to, t, tag)
  /// fires after hops * costs.hop.
  void migrate(DynTaskId t, int from, int to, int hops, int tag = 0);
  /// One balancing message; on_message fires after hops * costs.message.
  void message(int from, int to, int hops, int tag, std::int64_t value);
  /// Counts messages whose delivery the strategy models itself (e.g. a broadcast).
  void count_messages(std::int64_t n) { messages_ += n; }
  void timer(double at, int node, int tag, std::int64_t value = 0);
  /// While held, nodes finish their running task but start no new one (RIPS system phases).
  void set_hold(bool hold);
  void set_system(bool system);
  void add_phase(PhaseRecord p);
  /// Re-evaluates whether v can start a task and its timeline state.
  void poke(int v);

 private:
  enum class Ev : std::uint8_t { TaskEnd, Root, Arrive, Message, Timer };
  /// What the engine keeps per node, in one cache line: an event touches one random node.
  struct alignas(64) Node {
    TaskQueue queue;
#if defined(__EMSCRIPTEN__)
    std::uint8_t hint = 0;  ///< written by the WebAssembly cache hint; in TaskQueue's padding
#endif
    DynTaskId running = -1;
    double run_duration = 0;  ///< of the running task
    double busy = 0;          ///< sum of finished tasks' durations
    std::int64_t incoming = 0;
  };
  static_assert(sizeof(Node) == 64, "one cache line per node");
  const Node& node(int v) const {
    return nodes_[static_cast<std::size_t>(v)];
  }
  Node& node(int v) {
    return nodes_[static_cast<std::size_t>(v)];
  }
  void push(double time, Ev type, int node, int other, int tag, std::int64_t value);
  DynTaskId create(int node, std::uint64_t desc, DynTaskId parent, int depth, int child_index);
  void log_task(int node, std::uint64_t desc, DynTaskId parent, int depth, int child_index);
  // Descriptor and spawn depth of a task: initial tasks (ids below initial_) are not stored, their
  // descriptor is a function of the id (workload.h root_descriptor).
  std::uint64_t desc_of(DynTaskId t) const;
  int depth_of(DynTaskId t) const;
  void try_start(int v);
  void refresh(int v);
  void close_interval(int v);
  void finish(int v);
  bool handle_events(std::int64_t max_count);
  // The strategy's hooks, called only when it overrides them (DynamicStrategy::hooks).
  bool has(unsigned hook) const {
    return (strategy_->hooks & hook) != 0;
  }
  void new_task(int v, DynTaskId t) {
    if (has(DynamicStrategy::kOnNewTask))
      strategy_->on_new_task(*this, v, t);
    else
      enqueue(v, t);
  }
  void load_changed(int v) {
    if (has(DynamicStrategy::kOnLoadChange)) strategy_->on_load_change(*this, v);
  }
  std::uint64_t create_initial(int v, std::uint64_t k);

  const Topology& topo_;
  const DynamicWorkload& work_;
  DynamicCosts costs_;
  DynamicRunOptions opt_;
  int n_;
  util::Rng rng_;
  double now_ = 0;
  std::uint64_t seq_ = 0;
  RadixEventQueue<TaskEndEvent> ends_;  // task ends (at most one per node)
  RadixEventQueue<OtherEvent> others_;
  DurationSampler duration_;
  std::vector<RootTask> roots_;  // arrivals only (the initial tasks are generated in place)
  std::size_t next_root_ = 0;
  std::int64_t initial_ = 0;  // initial tasks: ids [0, initial_)
  std::int64_t created_ = 0;
  std::vector<std::uint64_t> xdesc_;  // tasks from id initial_ on
  std::vector<std::uint8_t> xdepth_;
  std::vector<TaskRecord> tasks_;  // with task_log
  std::vector<Node> nodes_;
  std::vector<NodeState> state_;
  std::vector<double> state_since_;
  int busy_nodes_ = 0;
  std::int64_t live_ = 0;
  std::int64_t messages_ = 0;
  bool hold_ = false;
  bool system_ = false;
  DynamicStrategy* strategy_ = nullptr;
  DynamicRunResult res_;
};

}  // namespace loadlab::core
