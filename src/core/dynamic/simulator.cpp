// The discrete-event engine of the dynamic kind; the model is described in simulator.h.
#include "core/dynamic/simulator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace loadlab::core {

const char* node_state_name(NodeState s) {
  switch (s) {
    case NodeState::Idle:
      return "idle";
    case NodeState::Busy:
      return "busy";
    case NodeState::Migrating:
      return "migrating";
    case NodeState::System:
      return "system";
  }
  return "idle";
}

namespace {
// A cache hint only (no effect on results). WebAssembly has no prefetch instruction (the builtin
// compiles to nothing there). Loading a byte of the node instead, as an earlier version did,
// stalls until the line arrives once the out-of-order window fills: in V8's profile most of the
// event loop's time sat on those loads. A store to a byte of the node that nothing reads does not
// stall: it waits in the store buffer while the line is fetched, and the stores of one burst of
// hints (event_queue.h peek_next) fetch their lines together.
template <class N>
inline void prefetch(N& n) {
#if defined(__EMSCRIPTEN__)
  *static_cast<volatile std::uint8_t*>(&n.hint) = 0;
#elif defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(&n);
#else
  (void)n;
#endif
}
}  // namespace

void throw_event_not_monotone() {
  throw std::logic_error("dynamic simulator: an event was scheduled before the current time");
}

void DynamicStrategy::on_new_task(DynamicSim& s, int node, DynTaskId t) {
  s.enqueue(node, t);
}
void DynamicStrategy::on_task_arrived(DynamicSim& s, int node, DynTaskId t, int) {
  s.enqueue(node, t);
}

DynamicSim::DynamicSim(const Topology& topology, const DynamicWorkload& workload,
                       const DynamicCosts& costs, const DynamicRunOptions& options,
                       std::uint64_t seed)
    : topo_(topology),
      work_(workload),
      costs_(costs),
      opt_(options),
      n_(topology.size()),
      rng_(seed),
      duration_(workload.duration) {
  if (static_cast<int>(workload.initial.size()) != n_)
    throw std::invalid_argument("initial loads must have one entry per node");
}

void DynamicSim::push(double time, Ev type, int node, int other, int tag, std::int64_t value) {
  const std::uint64_t seq = seq_++;
  if (type == Ev::TaskEnd) {
    // The task is node(node).running; seq shares a word with the node (40 bits: 10^12 events).
    if (seq >> (64 - TaskEndEvent::kNodeBits))
      throw DynamicLimitError("/workload", "the simulation exceeded 2^40 events");
    ends_.push({time, seq << TaskEndEvent::kNodeBits | static_cast<std::uint64_t>(node)});
  } else {
    others_.push({time, seq, static_cast<std::uint8_t>(type), node, other, tag, value});
  }
}

DynTaskId DynamicSim::create(int node, std::uint64_t desc, DynTaskId parent, int depth,
                             int child_index) {
  // Task ids live in 32-bit queue entries (TaskQueue); no run gets near that many.
  if (created_ >= opt_.max_tasks || created_ >= INT32_MAX)
    throw DynamicLimitError("/workload/spawn", "the workload created more than " +
                                                   std::to_string(opt_.max_tasks) + " tasks");
  const DynTaskId id = created_++;
  if (id >= initial_) {
    xdesc_.push_back(desc);
    xdepth_.push_back(static_cast<std::uint8_t>(depth));  // <= max_spawn_depth (64)
  }
  if (opt_.task_log) log_task(node, desc, parent, depth, child_index);
  ++live_;
  return id;
}

// Appends the task table's record of a task appearing now.
void DynamicSim::log_task(int node, std::uint64_t desc, DynTaskId parent, int depth,
                          int child_index) {
  TaskRecord r;
  r.desc = desc;
  r.appear = now_;
  r.duration = duration_(desc);
  r.parent = parent;
  r.origin = node;
  r.depth = depth;
  r.child_index = child_index;
  tasks_.push_back(r);
}

std::uint64_t DynamicSim::desc_of(DynTaskId t) const {
  return t < initial_ ? root_descriptor(work_, static_cast<std::uint64_t>(t))
                      : xdesc_[static_cast<std::size_t>(t - initial_)];
}

int DynamicSim::depth_of(DynTaskId t) const {
  return t < initial_ ? 0 : xdepth_[static_cast<std::size_t>(t - initial_)];
}

void DynamicSim::refresh(int v) {
  if (!opt_.record) return;  // the state only feeds the timeline
  NodeState s = running(v)        ? NodeState::Busy
                : system_         ? NodeState::System
                : incoming(v) > 0 ? NodeState::Migrating
                                  : NodeState::Idle;
  if (s == state_[v]) return;
  close_interval(v);
  state_[v] = s;
  state_since_[v] = now_;
}

// Appends v's current state from state_since_ to now to its timeline (merged with an equal
// interval ending there).
void DynamicSim::close_interval(int v) {
  if (now_ <= state_since_[v]) return;
  auto& tl = res_.timeline[static_cast<std::size_t>(v)];
  if (!tl.empty() && tl.back().state == state_[v] && tl.back().end == state_since_[v])
    tl.back().end = now_;
  else
    tl.push_back({state_[v], state_since_[v], now_});
}

void DynamicSim::try_start(int v) {
  Node& nd = node(v);
  if (hold_ || nd.running >= 0 || nd.queue.empty()) return;
  const DynTaskId t = nd.queue.pop_front();
  // The duration is recomputed from the descriptor (cheaper than keeping it per task).
  const double d = duration_(desc_of(t));
  if (opt_.task_log) {
    TaskRecord& r = tasks_[static_cast<std::size_t>(t)];
    r.node = v;
    r.start = now_;
  }
  nd.running = t;
  nd.run_duration = d;
  ++busy_nodes_;
  push(now_ + d, Ev::TaskEnd, v, 0, 0, t);
}

void DynamicSim::poke(int v) {
  try_start(v);
  refresh(v);
}

void DynamicSim::enqueue(int v, DynTaskId t) {
  node(v).queue.push_back(static_cast<std::uint32_t>(t));
  poke(v);
  load_changed(v);
}

DynTaskId DynamicSim::take_newest(int v) {
  TaskQueue& q = node(v).queue;
  return q.empty() ? -1 : q.pop_back();
}

DynTaskId DynamicSim::take_oldest(int v) {
  TaskQueue& q = node(v).queue;
  return q.empty() ? -1 : q.pop_front();
}

void DynamicSim::migrate(DynTaskId t, int from, int to, int hops, int tag) {
  const double arrive = now_ + hops * costs_.hop;
  ++res_.migrations;
  res_.task_hops += hops;
  ++node(to).incoming;
  if (opt_.record) res_.migration_log.push_back({t, from, to, hops, now_, arrive});
  push(arrive, Ev::Arrive, to, from, tag, t);
  refresh(to);
  load_changed(from);
  load_changed(to);
}

void DynamicSim::message(int from, int to, int hops, int tag, std::int64_t value) {
  ++messages_;
  push(now_ + std::max(1, hops) * costs_.message, Ev::Message, to, from, tag, value);
}

void DynamicSim::timer(double at, int node, int tag, std::int64_t value) {
  push(std::max(at, now_), Ev::Timer, node, 0, tag, value);
}

void DynamicSim::set_hold(bool hold) {
  hold_ = hold;
  if (!hold)
    for (int v = 0; v < n_; ++v) poke(v);
}

void DynamicSim::set_system(bool system) {
  system_ = system;
  for (int v = 0; v < n_; ++v) refresh(v);
}

void DynamicSim::add_phase(PhaseRecord p) {
  ++res_.system_phases;
  if (opt_.record) res_.phases.push_back(std::move(p));
}

void DynamicSim::finish(int v) {
  Node& nd = node(v);
  const DynTaskId t = nd.running;
  nd.running = -1;
  --busy_nodes_;
  --live_;
  if (opt_.task_log) tasks_[static_cast<std::size_t>(t)].end = now_;
  nd.busy += nd.run_duration;
  res_.completion_time = std::max(res_.completion_time, now_);
  const bool spawns = work_.spawn.shape != SpawnShape::None;
  const std::uint64_t desc = spawns ? desc_of(t) : 0;
  const int depth = spawns ? depth_of(t) : 0;
  const int kids = spawns ? spawn_count(work_.spawn, desc, depth) : 0;
  for (int i = 0; i < kids; ++i) {
    const DynTaskId c = create(v, child_descriptor(desc, i), t, depth + 1, i);
    new_task(v, c);
  }
  poke(v);
  load_changed(v);
  if (has(DynamicStrategy::kOnTaskEnd)) strategy_->on_task_end(*this, v);
  if (has(DynamicStrategy::kOnIdle) && idle(v)) strategy_->on_idle(*this, v);
}

// The initial tasks of node v, the first with root index k; returns the next index.
std::uint64_t DynamicSim::create_initial(int v, std::uint64_t k) {
  const std::int64_t m = work_.initial[static_cast<std::size_t>(v)];
  if (has(DynamicStrategy::kOnNewTask) || has(DynamicStrategy::kOnLoadChange) ||
      created_ + m > std::min<std::int64_t>(opt_.max_tasks, INT32_MAX)) {
    for (std::int64_t j = 0; j < m; ++j)
      new_task(v, create(v, root_descriptor(work_, k++), -1, 0, 0));
    return k;
  }
  // The loop above when the strategy keeps new tasks where they appear and ignores load changes
  // (half of the benchmark's creation time in WebAssembly was its per-task calls): task k is the
  // root with index k (initial tasks come first), the queue receives k, k+1, ... in order, and
  // the first one starts when the queue is poked, as it would on the first enqueue.
  if (opt_.task_log)
    for (std::int64_t j = 0; j < m; ++j)
      log_task(v, root_descriptor(work_, k + static_cast<std::uint64_t>(j)), -1, 0, 0);
  created_ += m;
  live_ += m;
  TaskQueue& q = node(v).queue;
  for (std::int64_t j = 0; j < m; ++j)
    q.push_back(static_cast<std::uint32_t>(k + static_cast<std::uint64_t>(j)));
  if (m > 0) poke(v);
  return k + static_cast<std::uint64_t>(m);
}

// Handles up to max_count events; false when the run is over. Not inlined into run() (see there).
bool DynamicSim::handle_events(std::int64_t max_count) {
  for (std::int64_t i = 0; i < max_count; ++i) {
    if ((ends_.empty() && others_.empty()) || !work_remaining()) return false;
    // The earlier of the two queues' fronts.
    const bool end =
        !ends_.empty() &&
        (others_.empty() || ends_.top().time < others_.top().time ||
         (ends_.top().time == others_.top().time && ends_.top().seq() < others_.top().seq));
    TaskEndEvent te{};
    OtherEvent oe{};
    if (end) {
      te = ends_.top();
      ends_.pop();
      now_ = te.time;
      // Fetch the nodes of the likely next task ends now, while this one is handled (a random node
      // is a cache miss, and with 65,536 nodes that miss was much of an event's cost).
      ends_.peek_next(
          [this](const TaskEndEvent& e) { prefetch(nodes_[static_cast<std::size_t>(e.node())]); });
    } else {
      oe = others_.top();
      others_.pop();
      now_ = oe.time;
      others_.peek_next(
          [this](const OtherEvent& e) { prefetch(nodes_[static_cast<std::size_t>(e.node)]); });
    }
    if (++res_.events > opt_.max_events)
      throw DynamicLimitError(
          "/workload", "the simulation exceeded " + std::to_string(opt_.max_events) + " events");
    if (now_ > DynamicLimits::max_time)
      throw DynamicLimitError("/workload",
                              "the simulation ran past time " +
                                  std::to_string(std::llround(DynamicLimits::max_time)) +
                                  " (the limit of simulated time)");
    if (opt_.cancel && (res_.events & 4095) == 0 && opt_.cancel->load())
      throw std::runtime_error("cancelled");
    const Ev type = end ? Ev::TaskEnd : static_cast<Ev>(oe.type);
    switch (type) {
      case Ev::TaskEnd:
        finish(te.node());
        break;
      case Ev::Root: {
        const RootTask& r = roots_[next_root_++];
        if (next_root_ < roots_.size()) push(roots_[next_root_].time, Ev::Root, 0, 0, 0, 0);
        new_task(r.node, create(r.node, r.desc, -1, 0, 0));
        break;
      }
      case Ev::Arrive:
        --node(oe.node).incoming;
        refresh(oe.node);
        if (has(DynamicStrategy::kOnTaskArrived))
          strategy_->on_task_arrived(*this, oe.node, oe.value, oe.tag);
        else
          enqueue(oe.node, oe.value);
        break;
      case Ev::Message:
        strategy_->on_message(*this, oe.node, oe.other, oe.tag, oe.value);
        break;
      case Ev::Timer:
        strategy_->on_timer(*this, oe.node, oe.tag, oe.value);
        break;
    }
  }
  return true;
}

DynamicRunResult DynamicSim::run(DynamicStrategy& strategy, const std::string& name) {
  strategy_ = &strategy;
  res_ = {};
  res_.algorithm = name;
  roots_ = arrival_tasks(work_, opt_.max_tasks);
  next_root_ = 0;
  created_ = 0;
  xdesc_.clear();
  xdepth_.clear();
  tasks_.clear();
  ends_.clear();
  others_.clear();
  initial_ = total_load(work_.initial);
  nodes_ = std::vector<Node>(static_cast<std::size_t>(n_));
  state_.assign(static_cast<std::size_t>(n_), NodeState::Idle);
  state_since_.assign(static_cast<std::size_t>(n_), 0.0);
  if (opt_.record) res_.timeline.assign(static_cast<std::size_t>(n_), {});
  if (opt_.task_log) tasks_.reserve(static_cast<std::size_t>(initial_) + roots_.size());
  // The long loops below call out through volatile pointers (see the event loop): Binaryen, emcc's
  // link-time optimiser, inlines a function with a single caller whatever its C++ attributes say.
  using CreateFn = std::uint64_t (DynamicSim::*)(int, std::uint64_t);
  using HandleFn = bool (DynamicSim::*)(std::int64_t);
  volatile CreateFn create_initial_fn = &DynamicSim::create_initial;
  volatile HandleFn handle_events_fn = &DynamicSim::handle_events;
  // Initial tasks (node order, as root_tasks lists them), then the first arrival (arrivals are
  // scheduled one at a time).
  std::uint64_t k = 0;
  for (int v = 0; v < n_; ++v) k = (this->*create_initial_fn)(v, k);  // one call per node
  if (next_root_ < roots_.size()) push(roots_[next_root_].time, Ev::Root, 0, 0, 0, 0);
  strategy.on_start(*this);
  for (int v = 0; v < n_; ++v)
    if (has(DynamicStrategy::kOnIdle) && idle(v)) strategy.on_idle(*this, v);

  // In batches: a WebAssembly engine compiles a function first with its baseline compiler and
  // switches to the optimised code only at the next call (there is no on-stack replacement), so
  // a loop over all events inside run() would run baseline code throughout (~2x slower).
  while ((this->*handle_events_fn)(4096)) {
  }
  if (live_ > 0) throw std::logic_error("dynamic simulation stalled with unfinished tasks");
  // Close the timelines at the completion time.
  now_ = res_.completion_time;
  system_ = false;
  if (opt_.record)
    for (int v = 0; v < n_; ++v) close_interval(v);
  res_.tasks = created_;
  res_.busy_time.resize(static_cast<std::size_t>(n_));
  res_.idle_time.resize(static_cast<std::size_t>(n_));
  for (std::size_t v = 0; v < nodes_.size(); ++v) {
    res_.busy_time[v] = nodes_[v].busy;
    res_.total_work += nodes_[v].busy;
    res_.idle_time[v] = res_.completion_time - nodes_[v].busy;
  }
  res_.efficiency = res_.completion_time > 0 ? res_.total_work / (n_ * res_.completion_time) : 1.0;
  res_.messages = messages_;
  res_.cost_function = strategy.cost_function();
  res_.task_log = std::move(tasks_);
  return std::move(res_);
}

}  // namespace loadlab::core
