// Adversarial instance search: simulated annealing over small changes of a task graph
// and its machine, maximizing makespan(A) / makespan(B) for two schedulers A and B. The method is
// PISA's (Coleman, Kumar, Krishnamachari et al., "PISA: An Adversarial Approach To Comparing Task
// Graph Scheduling Algorithms", the SAGA benchmark's adversarial module); the schedulers are the
// registry's (Topcuoglu et al. 2002 for HEFT/CPOP, paper 001 for FLB/ETF/MCP, ...).
// Documentation: docs/adversary.md.
//
// Search (one iteration): copy the current instance, apply one mutation drawn uniformly from the
// kinds that apply, build the graph, run A and B, compute r = makespan(A) / makespan(B), accept
// or reject, keep the best instance seen.
//
// Mutations (weights equal among the kinds that apply):
//   task cost     comp *= f, f uniform in [0.5, 2), clamped to [min_weight, max_weight] (> 0)
//   edge data     data *= f (a zero datum is redrawn uniform in [0, mean task cost)); clamped to
//                 [0, max_weight]; with probability 1/8 set to 0
//   add edge      a random task pair without an edge, data uniform in [0, mean task cost); its
//                 direction is random unless that closes a cycle (then the other one, which never
//                 does: the graph is acyclic, so not both directions close one)
//   delete edge   a random edge (deleting never creates a cycle)
//   speed         (vary_machine) one processor's speed *= f, clamped to [min_speed, max_speed]
//   bandwidth     (vary_machine) one link p<->q: both directions *= f (links stay symmetric, as in
//                 SAGA's undirected networks), clamped to [min_bandwidth, max_bandwidth]
// Every value stays inside the io limits (costs <= 1e12, speeds/bandwidths inside MachineLimits),
// so every instance written as a scenario parses again.
//
// Acceptance (maximizing r): accept when r_new >= r_cur; otherwise with probability
// exp(-x), x = (r_cur - r_new) / r_cur / T, where T cools linearly from initial_temperature to
// final_temperature over the iterations. exp is our own (deterministic_exp_neg below: range
// reduction by halving, a degree-12 Taylor polynomial, repeated squaring), built from + - * /
// only, which IEEE rounds identically natively and in WebAssembly (libm's exp is not guaranteed
// to), and compared with util::Rng::uniform01(). Hence the search is bit-identical on both.
//
// Machine variation: only when vary_machine and both A and B accept non-uniform machines
// (core::DagAlgorithm::run_machine, e.g. heft/cpop/peft/dls/optimal). A scheduler defined only
// for identical processors (flb, etf, mcp, ...) keeps the machine as given; a start machine it
// refuses is an error naming "a" or "b". ETC machines are refused ("machine"): task costs would
// not change any time.
//
// B = "optimal" (exact branch-and-bound, graphs of at most max_optimal_tasks tasks): a candidate
// whose optimum is not proven within dag_options.optimal_node_budget is rejected (counted in
// `unproven`), so every reported ratio is against a true optimum and is >= 1 when A is a heuristic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/schedulers.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// A task graph with the machine it is scheduled on; machine.processors = P.
struct AdversaryInstance {
  TaskGraph graph;
  Machine machine;
};

/// Sizes the search accepts (docs/adversary.md).
struct AdversaryLimits {
  static constexpr std::int32_t max_tasks = 200;
  static constexpr std::int32_t max_processors = 64;
  static constexpr std::int64_t max_iterations = 100'000'000;
  /// "optimal" as A or B only on graphs of at most this many tasks.
  static constexpr std::int32_t max_optimal_tasks = 12;
};

struct AdversaryOptions {
  /// Any dag scheduler name; b may be "optimal" (exact) on <= max_optimal_tasks tasks.
  std::string a = "flb", b = "etf";
  std::int64_t iterations = 10000;
  std::uint64_t seed = 1;
  /// Mutate speeds / bandwidth, only when both A and B accept non-uniform machines.
  bool vary_machine = true;
  /// Temperature in units of the relative ratio drop (r_cur - r_new) / r_cur: at 0.1 a 5% drop
  /// is accepted with probability exp(-0.5) ~ 0.61; at the final 0.001 practically never.
  double initial_temperature = 0.1;
  double final_temperature = 0.001;
  /// Bounds of task costs and edge data (data may also be 0); start values outside are kept
  /// until mutated.
  double min_weight = 0.01;
  double max_weight = 1000;
  /// Bounds of processor speeds and link bandwidths when the machine varies.
  double min_speed = 0.01;
  double max_speed = 100;
  /// Passed to both schedulers.
  DagOptions dag_options;
  /// What the ratio compares: "makespan" (the schedules' makespans) or "expected_makespan": each
  /// task cost and edge datum c of an instance is taken as uniform on [c (1 - spread),
  /// c (1 + spread)], both schedulers plan on the means (c), and each schedule's makespan is
  /// the mean of `samples` executions (core/dag/stochastic.h) drawn from the same seed for A and
  /// B (common random numbers), so the ratio is E[makespan(A)] / E[makespan(B)].
  std::string target = "makespan";
  double spread = 0.5;
  std::int64_t samples = 200;
};

struct AdversaryPoint {
  std::int64_t iteration;
  double best_ratio;
  double current_ratio;
};

struct AdversaryResult {
  AdversaryInstance start, best;
  double start_ratio = 0, best_ratio = 0, best_makespan_a = 0, best_makespan_b = 0;
  std::int64_t iterations = 0, accepted = 0, improvements = 0;
  bool cancelled = false;
  /// Every improvement plus samples, bounded in size (<= ~2000 points; thinned by halving).
  std::vector<AdversaryPoint> history;
  // Added fields.
  double current_ratio = 0;     ///< the ratio of the current (last accepted) instance
  std::int64_t unproven = 0;    ///< candidates rejected because "optimal" was not proven
  bool machine_varied = false;  ///< speeds / bandwidths may vary (vary_machine, both accept)
};

/// Called every `progress_every` iterations with the result so far; return false to cancel.
using AdversaryProgress = std::function<bool(const AdversaryResult&)>;

/// Validates (throws std::invalid_argument naming the field: "a", "b", "iterations", "graph", ...)
/// then searches.
AdversaryResult adversary_search(const AdversaryInstance& start, const AdversaryOptions& opts,
                                 const AdversaryProgress& progress = {},
                                 std::int64_t progress_every = 500);

/// Test hook: called with every accepted instance (and the start) before it becomes current.
using AdversaryAcceptHook = std::function<void(const AdversaryInstance&, double ratio)>;
/// adversary_search with a hook on accepted instances (tests check each one's validity).
AdversaryResult adversary_search_observed(const AdversaryInstance& start,
                                          const AdversaryOptions& opts,
                                          const AdversaryProgress& progress,
                                          std::int64_t progress_every,
                                          const AdversaryAcceptHook& on_accept);

/// A SAGA-style random start instance: `tasks` tasks, P processors, seeded (our own RNG,
/// src/core/util/rng.h). Each task after the first gets 0-2 distinct random earlier
/// predecessors (ids are a topological order); costs uniform in [0.1, 1), data in [0, 1);
/// heterogeneous: speeds and symmetric bandwidths uniform in [0.5, 2). Throws
/// std::invalid_argument ("tasks", "processors") outside AdversaryLimits.
AdversaryInstance random_adversary_instance(std::int32_t tasks, std::int32_t processors,
                                            bool heterogeneous, std::uint64_t seed);

/// PISA's start instance (Coleman & Krishnamachari 2024; SAGA's scripts/experiments/pisa with
/// get_chain_dag and get_network): the chain t0 -> t1 -> ... of `tasks` tasks, costs and data
/// uniform in [0.1, 1); `processors` fully connected processors, speeds and symmetric link speeds
/// uniform in [0.1, 1). Seeded with our own RNG; throws like random_adversary_instance.
AdversaryInstance pisa_start_instance(std::int32_t tasks, std::int32_t processors,
                                      std::uint64_t seed);

/// PISA's restarts: `restarts` pisa_start_instance draws with tasks and processors each uniform
/// in [min_size, max_size], all drawn from one generator seeded `seed`. Throws
/// std::invalid_argument ("restarts": 1..1000; "min_size": 1 <= min_size <= max_size <= 12).
std::vector<AdversaryInstance> pisa_start_instances(std::int32_t restarts, std::int32_t min_size,
                                                    std::int32_t max_size, std::uint64_t seed);

/// One search per start (start k's search seeded opts.seed + k * 0x9E3779B97F4A7C15, so start 0
/// is exactly adversary_search(starts[0], opts)), the best kept (the first
/// on ties); iterations, accepted, improvements and unproven are summed over the searches, the
/// history is the best search's. PISA keeps the best of 10 such restarts per pair.
AdversaryResult adversary_search_restarts(const std::vector<AdversaryInstance>& starts,
                                          const AdversaryOptions& opts,
                                          const AdversaryProgress& progress = {},
                                          std::int64_t progress_every = 500);

/// makespan(A) / makespan(B) on an instance (throws std::invalid_argument like the search). For
/// tests and for showing an instance's ratio; `proven` receives whether "optimal" proved.
double adversary_ratio(const AdversaryInstance& inst, const AdversaryOptions& opts,
                       double* makespan_a = nullptr, double* makespan_b = nullptr,
                       bool* proven = nullptr);

/// Our exp(-x) for x >= 0 from + - * / only (bit-identical natively and in WebAssembly);
/// relative error below 1e-12 for x < 40 (tested against libm), 0 from 40 on.
double deterministic_exp_neg(double x);

/// The ordered-pair matrix: entry [i][j] = best ratio of schedulers[i] against schedulers[j]
/// (1 on the diagonal).
struct AdversaryMatrix {
  std::vector<std::string> schedulers;
  std::vector<std::vector<double>> ratio;
  // Added fields.
  /// best[i][j]: the worst instance found for the pair (empty graph on the diagonal).
  std::vector<std::vector<AdversaryInstance>> best;
  bool cancelled = false;  ///< progress returned false; unfinished entries are 0
};

/// Runs adversary_search for every ordered pair (i != j) with `base` (a, b replaced; the same
/// seed for every pair). `progress(done, total)` is called before each pair and every 500
/// iterations within it; returning false cancels. Throws std::invalid_argument ("schedulers")
/// for unknown names or fewer than 2.
AdversaryMatrix adversary_pairwise(
    const std::vector<std::string>& schedulers, const AdversaryInstance& start,
    const AdversaryOptions& base,
    const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

/// The same with restarts: every cell is adversary_search_restarts over `starts` (non-empty).
AdversaryMatrix adversary_pairwise(
    const std::vector<std::string>& schedulers, const std::vector<AdversaryInstance>& starts,
    const AdversaryOptions& base,
    const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

}  // namespace loadlab::core
