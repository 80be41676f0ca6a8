// The discrete-event engine of the dynamic kind; the model is described in simulator.h.
#include "core/dynamic/simulator.h"

#include <algorithm>
#include <stdexcept>

namespace loadlab::core {

const char* node_state_name(NodeState s) {
  switch (s) {
    case NodeState::Idle: return "idle";
    case NodeState::Busy: return "busy";
    case NodeState::Migrating: return "migrating";
    case NodeState::System: return "system";
  }
  return "idle";
}

void DynamicStrategy::on_new_task(DynamicSim& s, int node, DynTaskId t) { s.enqueue(node, t); }
void DynamicStrategy::on_task_arrived(DynamicSim& s, int node, DynTaskId t, int) { s.enqueue(node, t); }

DynamicSim::DynamicSim(const Topology& topology, const DynamicWorkload& workload,
                       const DynamicCosts& costs, const DynamicRunOptions& options,
                       std::uint64_t seed)
    : topo_(topology), work_(workload), costs_(costs), opt_(options), n_(topology.size()),
      rng_(seed) {
  if (static_cast<int>(workload.initial.size()) != n_)
    throw std::invalid_argument("initial loads must have one entry per node");
}

void DynamicSim::push(double time, Ev type, int node, int other, int tag, std::int64_t value) {
  heap_.push_back({time, seq_++, type, node, other, tag, value});
  std::push_heap(heap_.begin(), heap_.end(), [](const Event& a, const Event& b) {
    return a.time != b.time ? a.time > b.time : a.seq > b.seq;
  });
}

DynTaskId DynamicSim::create(int node, std::uint64_t desc, DynTaskId parent, int depth, int child_index) {
  if (static_cast<std::int64_t>(tasks_.size()) >= opt_.max_tasks)
    throw DynamicLimitError("/workload/spawn", "the workload created more than " +
                                                   std::to_string(opt_.max_tasks) + " tasks");
  TaskRecord r;
  r.desc = desc;
  r.appear = now_;
  r.duration = task_duration(work_.duration, desc);
  r.parent = parent;
  r.origin = node;
  r.depth = depth;
  r.child_index = child_index;
  tasks_.push_back(r);
  ++live_;
  return static_cast<DynTaskId>(tasks_.size() - 1);
}

void DynamicSim::refresh(int v) {
  NodeState s = running_[v] >= 0 ? NodeState::Busy
                : system_        ? NodeState::System
                : incoming_[v] > 0 ? NodeState::Migrating
                                   : NodeState::Idle;
  if (s == state_[v]) return;
  if (opt_.record && now_ > state_since_[v]) {
    auto& tl = res_.timeline[static_cast<std::size_t>(v)];
    if (!tl.empty() && tl.back().state == state_[v] && tl.back().end == state_since_[v])
      tl.back().end = now_;
    else
      tl.push_back({state_[v], state_since_[v], now_});
  }
  state_[v] = s;
  state_since_[v] = now_;
}

void DynamicSim::try_start(int v) {
  if (hold_ || running_[v] >= 0 || queue_[v].empty()) return;
  const DynTaskId t = queue_[v].front();
  queue_[v].pop_front();
  TaskRecord& r = tasks_[static_cast<std::size_t>(t)];
  r.node = v;
  r.start = now_;
  running_[v] = t;
  ++busy_nodes_;
  push(now_ + r.duration, Ev::TaskEnd, v, 0, 0, t);
}

void DynamicSim::poke(int v) {
  try_start(v);
  refresh(v);
}

void DynamicSim::enqueue(int v, DynTaskId t) {
  queue_[v].push_back(t);
  poke(v);
  strategy_->on_load_change(*this, v);
}

DynTaskId DynamicSim::take_newest(int v) {
  if (queue_[v].empty()) return -1;
  const DynTaskId t = queue_[v].back();
  queue_[v].pop_back();
  return t;
}

DynTaskId DynamicSim::take_oldest(int v) {
  if (queue_[v].empty()) return -1;
  const DynTaskId t = queue_[v].front();
  queue_[v].pop_front();
  return t;
}

void DynamicSim::migrate(DynTaskId t, int from, int to, int hops, int tag) {
  const double arrive = now_ + hops * costs_.hop;
  ++res_.migrations;
  res_.task_hops += hops;
  ++incoming_[to];
  if (opt_.record) res_.migration_log.push_back({t, from, to, hops, now_, arrive});
  push(arrive, Ev::Arrive, to, from, tag, t);
  refresh(to);
  strategy_->on_load_change(*this, from);
  strategy_->on_load_change(*this, to);
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
  const DynTaskId t = running_[v];
  running_[v] = -1;
  --busy_nodes_;
  --live_;
  TaskRecord& r = tasks_[static_cast<std::size_t>(t)];
  r.end = now_;
  busy_[static_cast<std::size_t>(v)] += r.duration;
  res_.completion_time = std::max(res_.completion_time, now_);
  const std::uint64_t desc = r.desc;
  const int depth = r.depth;
  const int kids = spawn_count(work_.spawn, desc, depth);
  for (int i = 0; i < kids; ++i) {
    const DynTaskId c = create(v, child_descriptor(desc, i), t, depth + 1, i);
    strategy_->on_new_task(*this, v, c);
  }
  poke(v);
  strategy_->on_load_change(*this, v);
  strategy_->on_task_end(*this, v);
  if (idle(v)) strategy_->on_idle(*this, v);
}

DynamicRunResult DynamicSim::run(DynamicStrategy& strategy, const std::string& name) {
  strategy_ = &strategy;
  res_ = {};
  res_.algorithm = name;
  roots_ = root_tasks(work_, opt_.max_tasks);
  queue_.assign(static_cast<std::size_t>(n_), {});
  running_.assign(static_cast<std::size_t>(n_), -1);
  incoming_.assign(static_cast<std::size_t>(n_), 0);
  busy_.assign(static_cast<std::size_t>(n_), 0.0);
  state_.assign(static_cast<std::size_t>(n_), NodeState::Idle);
  state_since_.assign(static_cast<std::size_t>(n_), 0.0);
  if (opt_.record) res_.timeline.assign(static_cast<std::size_t>(n_), {});
  tasks_.reserve(roots_.size());
  // Initial tasks, then the first arrival (arrivals are scheduled one at a time).
  const auto initial = static_cast<std::size_t>(total_load(work_.initial));
  while (next_root_ < initial) {
    const RootTask& r = roots_[next_root_++];
    strategy.on_new_task(*this, r.node, create(r.node, r.desc, -1, 0, 0));
  }
  if (next_root_ < roots_.size()) push(roots_[next_root_].time, Ev::Root, 0, 0, 0, 0);
  strategy.on_start(*this);
  for (int v = 0; v < n_; ++v)
    if (idle(v)) strategy.on_idle(*this, v);

  const auto later = [](const Event& a, const Event& b) {
    return a.time != b.time ? a.time > b.time : a.seq > b.seq;
  };
  while (!heap_.empty() && work_remaining()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Event e = heap_.back();
    heap_.pop_back();
    now_ = e.time;
    if (++res_.events > opt_.max_events)
      throw DynamicLimitError("/workload", "the simulation exceeded " +
                                               std::to_string(opt_.max_events) + " events");
    if (now_ > DynamicLimits::max_time)
      throw DynamicLimitError("/workload", "the simulation ran past time " +
                                               std::to_string(DynamicLimits::max_time));
    if (opt_.cancel && (res_.events & 4095) == 0 && opt_.cancel->load())
      throw std::runtime_error("cancelled");
    switch (e.type) {
      case Ev::TaskEnd: finish(e.node); break;
      case Ev::Root: {
        const RootTask& r = roots_[next_root_++];
        if (next_root_ < roots_.size()) push(roots_[next_root_].time, Ev::Root, 0, 0, 0, 0);
        strategy.on_new_task(*this, r.node, create(r.node, r.desc, -1, 0, 0));
        break;
      }
      case Ev::Arrive:
        --incoming_[static_cast<std::size_t>(e.node)];
        refresh(e.node);
        strategy.on_task_arrived(*this, e.node, e.value, e.tag);
        break;
      case Ev::Message: strategy.on_message(*this, e.node, e.other, e.tag, e.value); break;
      case Ev::Timer: strategy.on_timer(*this, e.node, e.tag, e.value); break;
    }
  }
  if (live_ > 0) throw std::logic_error("dynamic simulation stalled with unfinished tasks");
  // Close the timelines at the completion time.
  now_ = res_.completion_time;
  system_ = false;
  for (int v = 0; v < n_; ++v) {
    if (opt_.record && now_ > state_since_[v]) {
      auto& tl = res_.timeline[static_cast<std::size_t>(v)];
      if (!tl.empty() && tl.back().state == state_[v] && tl.back().end == state_since_[v])
        tl.back().end = now_;
      else
        tl.push_back({state_[v], state_since_[v], now_});
    }
  }
  res_.tasks = static_cast<std::int64_t>(tasks_.size());
  res_.busy_time = busy_;
  res_.idle_time.resize(static_cast<std::size_t>(n_));
  for (std::size_t v = 0; v < busy_.size(); ++v) {
    res_.total_work += busy_[v];
    res_.idle_time[v] = res_.completion_time - busy_[v];
  }
  res_.efficiency = res_.completion_time > 0 ? res_.total_work / (n_ * res_.completion_time) : 1.0;
  res_.messages = messages_;
  res_.cost_function = strategy.cost_function();
  res_.task_log = std::move(tasks_);
  return std::move(res_);
}

}  // namespace loadlab::core
