// The workload of a dynamic run: tasks present at time 0, tasks arriving over time, and tasks
// spawned by running tasks (so the total work is unknown in advance).
//
// Papers: ../shared/seeds/000_ace8fcde3218dd88.txt Section 1 ("randomly arrived or dynamically
// generated jobs or tasks"), ../shared/seeds/003_6046837c8e4c81af.txt (new processes for randomized
// allocation). Durations use the loop kind's cost profiles (core/loops/simulator.h); spawn trees
// are UTS-like: every task carries a 64-bit descriptor, its children's descriptors are a hash of
// it, and its child count and duration are pure functions of its descriptor. So the *same* tree and
// the same durations come out whatever strategy runs it, natively and in WebAssembly.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/loops/simulator.h"
#include "core/model/loads.h"

namespace loadlab::core {

/// Sizes checked before anything is allocated (docs/scenario-dynamic.md).
struct DynamicLimits {
  static constexpr int max_nodes = 65'536;
  static constexpr std::int64_t max_tasks = 2'000'000;    // initial + arrivals + spawned
  static constexpr std::int64_t max_events = 50'000'000;  // simulated events per strategy
  static constexpr double max_time = 1e9;                 // simulated time units
  static constexpr int max_spawn_depth = 64;
  static constexpr int max_branching = 64;
  static constexpr int max_receiver_nodes = 4096;  // receiver: O(|S| * |R|) per round
  static constexpr int max_optimal_nodes = 1024;   // rips + optimal: a min-cost flow per phase
};

/// A limit hit while simulating (task count or event count): the io layer names the field.
struct DynamicLimitError : std::runtime_error {
  std::string field;  ///< JSON pointer suffix, e.g. "/workload/spawn"
  DynamicLimitError(std::string f, const std::string& what)
      : std::runtime_error(what), field(std::move(f)) {}
};

enum class ArrivalProcess { None, Poisson, HotSpot, Bursts };

struct Arrivals {
  ArrivalProcess process = ArrivalProcess::None;
  double rate = 0;   ///< poisson / hot_spot: tasks per time unit per node
  double until = 0;  ///< no arrivals after this time
  int hot_node = 0;  ///< hot_spot: the node receiving `fraction` of all arrivals
  double fraction = 0.5;
  double period = 1;      ///< bursts: time between bursts (first burst at `period`)
  std::int64_t size = 1;  ///< bursts: tasks per burst per chosen node
  int burst_nodes = 1;    ///< bursts: nodes hit per burst (chosen at random)
};

enum class SpawnShape { None, Fixed, Binomial, Geometric };

struct Spawn {
  SpawnShape shape = SpawnShape::None;
  int m = 2;          ///< fixed/binomial: children per task; geometric: cap on children
  double q = 0.5;     ///< binomial: probability of having m children
  double prune = 0;   ///< fixed: each child is pruned with this probability (branch and bound)
  double mean = 1;    ///< geometric: mean child count
  int max_depth = 4;  ///< tasks at this depth have no children
};

struct DynamicWorkload {
  LoadVector initial;    ///< tasks per node at time 0
  CostProfile duration;  ///< constant, uniform, exponential or bimodal
  Arrivals arrivals;
  Spawn spawn;
  std::uint64_t seed = 1;
};

/// A task that appears without a parent (initial or arrival).
struct RootTask {
  double time = 0;
  int node = 0;
  std::uint64_t desc = 0;
};

/// Duration profiles that make sense per task (the positional ones do not).
const std::vector<std::string>& dynamic_duration_profiles();

/// Expected number of arrivals (checked against the limits before generating them).
double expected_arrivals(const Arrivals& a, int nodes);

/// Initial tasks (time 0, node order) followed by arrivals in (time, node) order. Throws
/// DynamicLimitError if more than `max_roots` would be generated.
std::vector<RootTask> root_tasks(const DynamicWorkload& w, std::int64_t max_roots);

/// Only the arrivals of root_tasks (the elements after the initial tasks), with the same errors.
/// The simulator does not materialise the initial tasks: the k-th of them (node order) is on the
/// k-th node with tasks and has descriptor root_descriptor(w, k).
std::vector<RootTask> arrival_tasks(const DynamicWorkload& w, std::int64_t max_roots);

/// Descriptor of the k-th root task (initial tasks first, then arrivals), as in root_tasks.
std::uint64_t root_descriptor(const DynamicWorkload& w, std::uint64_t k);

/// The duration of the task with descriptor `desc` (a pure function).
double task_duration(const CostProfile& profile, std::uint64_t desc);

/// task_duration without the per-call work (profile name comparisons, a vector, a full generator
/// seeding): the same arithmetic in the same order, so the same bits. The simulator calls it once
/// per task start; the checker keeps calling task_duration.
class DurationSampler {
 public:
  explicit DurationSampler(const CostProfile& profile);
  double operator()(std::uint64_t desc) const;

 private:
  enum class Kind { Constant, Uniform, Exponential, Bimodal, Other } kind_;
  CostProfile profile_;
  double lo_ = 0, hi_ = 0;
};

/// How many children the task with descriptor `desc` at `depth` spawns when it finishes.
int spawn_count(const Spawn& s, std::uint64_t desc, int depth);

/// Descriptor of child `index` (0-based) of the task with descriptor `parent`.
std::uint64_t child_descriptor(std::uint64_t parent, int index);

}  // namespace loadlab::core
