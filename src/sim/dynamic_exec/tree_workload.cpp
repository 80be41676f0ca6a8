// Tree workloads for the real-thread dynamic executors; see tree_workload.h.
#include "sim/dynamic_exec/tree_workload.h"

#include <stdexcept>

#include "core/util/rng.h"
#include "sim/loop_executor.h"

namespace loadlab::sim {

namespace {

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b * 0xD1B54A32D192ED03ULL);
  return util::splitmix64(x);
}

}  // namespace

std::uint64_t task_key(const ThreadTask& t) {
  return mix(t.desc, static_cast<std::uint64_t>(t.depth) + 0x7A5CULL);
}

int uts_child_count(const UtsParams& p, std::uint64_t desc, int depth) {
  if (depth >= p.max_depth) return 0;
  util::Rng rng(mix(desc, 0x075));
  if (p.shape == UtsShape::Binomial) {
    if (depth == 0) return static_cast<int>(p.b0);
    return rng.bernoulli(p.q) ? p.m : 0;
  }
  // Geometric on {0, 1, ...} with mean b0: each further child with probability b0 / (1 + b0),
  // capped (the cap is reached with probability (b0/(1+b0))^256, i.e. never for small b0).
  const double succ = p.b0 / (1.0 + p.b0);
  int c = 0;
  while (c < 256 && rng.bernoulli(succ)) ++c;
  return c;
}

std::uint64_t uts_child_descriptor(std::uint64_t parent, int index) {
  return core::child_descriptor(parent, index);
}

std::uint64_t uts_root_descriptor(const UtsParams& p, int r) {
  return mix(p.seed, 0x2007ULL + static_cast<std::uint64_t>(r));
}

TreeWorkload TreeWorkload::uts(const UtsParams& p) {
  if (p.roots < 1 || p.granularity < 0 || p.max_depth < 0 || p.b0 < 0 || p.m < 0 || p.q < 0 ||
      p.q > 1)
    throw std::invalid_argument("uts: roots >= 1, granularity, max_depth, b0, m >= 0, q in [0, 1]");
  TreeWorkload w;
  w.is_uts_ = true;
  w.uts_ = p;
  w.name_ = p.shape == UtsShape::Geometric ? "uts_geometric" : "uts_binomial";
  for (int r = 0; r < p.roots; ++r) w.roots_.push_back({uts_root_descriptor(p, r), 0, r});
  return w;
}

TreeWorkload TreeWorkload::spawn(const core::DynamicWorkload& dw, double seconds_per_unit) {
  if (dw.initial.empty() || seconds_per_unit < 0)
    throw std::invalid_argument("spawn: initial loads and seconds_per_unit >= 0 needed");
  TreeWorkload w;
  w.is_uts_ = false;
  w.name_ = "spawn";
  w.dyn_ = dw;
  w.dyn_.arrivals = core::Arrivals{};
  w.seconds_per_unit_ = seconds_per_unit;
  w.steps_per_unit_ = seconds_per_unit > 0 ? seconds_per_unit * spin_steps_per_second() : 0;
  for (const auto& r : core::root_tasks(w.dyn_, core::DynamicLimits::max_tasks))
    w.roots_.push_back({r.desc, 0, r.node});
  return w;
}

int TreeWorkload::child_count(const ThreadTask& t) const {
  return is_uts_ ? uts_child_count(uts_, t.desc, t.depth)
                 : core::spawn_count(dyn_.spawn, t.desc, t.depth);
}

int TreeWorkload::children(const ThreadTask& t, std::vector<ThreadTask>& out) const {
  const int n = child_count(t);
  for (int i = 0; i < n; ++i) out.push_back({core::child_descriptor(t.desc, i), t.depth + 1, 0});
  return n;
}

double TreeWorkload::execute(const ThreadTask& t) const {
  if (is_uts_) {
    // UTS's node work: repeated hashing of the descriptor.
    std::uint64_t x = t.desc;
    for (int i = 0; i < uts_.granularity; ++i) x = mix(x, static_cast<std::uint64_t>(i));
    return static_cast<double>(x >> 40);
  }
  return spin(
      static_cast<std::int64_t>(core::task_duration(dyn_.duration, t.desc) * steps_per_unit_));
}

double TreeWorkload::work_units(const ThreadTask& t) const {
  return is_uts_ ? static_cast<double>(uts_.granularity)
                 : core::task_duration(dyn_.duration, t.desc);
}

TreeCount TreeWorkload::count(std::int64_t limit) const {
  TreeCount c;
  std::vector<ThreadTask> stack(roots_.begin(), roots_.end());
  while (!stack.empty()) {
    const ThreadTask t = stack.back();
    stack.pop_back();
    if (++c.tasks > limit)
      throw std::length_error("tree larger than " + std::to_string(limit) + " tasks");
    c.key_sum += task_key(t);
    c.work_units += work_units(t);
    if (t.depth > c.max_depth) c.max_depth = t.depth;
    children(t, stack);
  }
  return c;
}

std::vector<ThreadTask> TreeWorkload::enumerate(std::int64_t limit) const {
  std::vector<ThreadTask> out;
  std::vector<ThreadTask> stack(roots_.begin(), roots_.end());
  while (!stack.empty()) {
    const ThreadTask t = stack.back();
    stack.pop_back();
    if (static_cast<std::int64_t>(out.size()) >= limit)
      throw std::length_error("tree larger than " + std::to_string(limit) + " tasks");
    out.push_back(t);
    children(t, stack);
  }
  return out;
}

}  // namespace loadlab::sim
