// Stochastic task graphs: task and edge costs as random variables, planning on a statistic, and a
// Monte-Carlo evaluator of a fixed schedule.
//
// Model: SAGA's stochastic module (Coleman, Kumar, Krishnamachari et al., the SAGA benchmark's
// saga.stochastic), where costs are random variables and a deterministic scheduler is run on one
// number per cost ("determinized"). Planning on mean + k·σ is SHEFT's idea (Tang, Li, Liao, Fang &
// Wu, "A Stochastic Scheduling Algorithm for Precedence Constrained Tasks on Grid", Future
// Generation Computer Systems 27(8), 2011); SAGA's SheftScheduler is HEFT on mean + σ (k = 1) and
// its MeanHeftScheduler HEFT on the mean, so both are "heft" with plan = quantile, k = 1 and
// plan = mean here, and every other scheduler can plan the same way.
//
// Execution semantics of the evaluator: the schedule's placement and each processor's order are
// kept; times are re-simulated as soon as possible with sampled costs (a task starts when its
// processor has finished the previous task of its order and every input has arrived). A schedule
// whose planned starts are as early as its order allows (every list scheduler's) is reproduced
// exactly when every cost is constant.
//
// Determinism: every draw comes from util::Rng (xoshiro256**); uniform = a + (b − a)·u,
// exponential = util::standard_exponential (ziggurat, det_log), normal = Marsaglia's polar form of
// Box–Muller with det_log and sqrt (no sin/cos, whose last bits differ between libms), samples =
// Rng::below. Only exactly rounded operations are used, so native and WebAssembly agree bit for
// bit.
//
// Index:
//   CostDistribution / StochasticLimits - one random cost, its mean / σ / draw; size limits
//   StochasticCosts                     - one distribution per task and per edge
//   PlanStatistic / planning_graph      - the deterministic graph schedulers plan on
//   MakespanDistribution / evaluate_schedule - N sampled executions of a fixed schedule
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"
#include "core/util/rng.h"

namespace loadlab::core {

/// Sizes the stochastic model accepts (documented in docs/scenario-dag.md).
struct StochasticLimits {
  /// Values of one "samples" distribution, and of all of a graph's together.
  static constexpr std::int64_t max_values_per_cost = 100'000;
  static constexpr std::int64_t max_values_total = 2'000'000;
  static constexpr std::int64_t max_samples = 100'000;  ///< Monte-Carlo executions
  /// samples x (tasks + edges + schedule entries) per evaluated schedule.
  static constexpr double max_work = 4e8;
  /// Per-task finish spread (p5/p95 of every entry) only when entries x samples stay below this.
  static constexpr double max_spread_values = 2e6;  // 16 MB of finish times
  static constexpr std::int32_t max_bins = 200;
};

/// One random cost. Parameters are validated by validate_cost (non-negative, finite, ≤ max_cost).
struct CostDistribution {
  enum class Kind { constant, uniform, normal, exponential, samples };
  Kind kind = Kind::constant;
  double a = 0;                ///< constant: the value; uniform: low; normal / exponential: mean
  double b = 0;                ///< uniform: high; normal: std
  std::vector<double> values;  ///< samples: the empirical values (each equally likely)

  static CostDistribution constant(double v) { return {Kind::constant, v, 0, {}}; }
  static CostDistribution uniform(double low, double high) {
    return {Kind::uniform, low, high, {}};
  }
  /// Normal(mean, std) truncated at 0 (draws below 0 are drawn again).
  static CostDistribution normal(double mean, double sd) { return {Kind::normal, mean, sd, {}}; }
  static CostDistribution exponential(double mean) { return {Kind::exponential, mean, 0, {}}; }
  static CostDistribution empirical(std::vector<double> v) {
    return {Kind::samples, 0, 0, std::move(v)};
  }

  bool is_constant() const;
  /// Mean and standard deviation used for planning. The normal's are its parameters (the
  /// truncation at 0 moves them by less than 0.5% of std when mean >= 3 std).
  double mean() const;
  double stddev() const;
  /// One draw (constants draw nothing, so they leave the generator untouched).
  double draw(util::Rng& rng) const;
};

/// "uniform", "normal", "exponential", "samples" or "constant".
const char* cost_distribution_name(CostDistribution::Kind k);

/// Checks one distribution; throws std::invalid_argument whose message starts with the offending
/// parameter ("low", "high", "mean", "std", "values/3", "values") then ": why".
void validate_cost(const CostDistribution& d);

/// One distribution per task (TaskGraph order) and per edge (TaskGraph::edges() order).
struct StochasticCosts {
  std::vector<CostDistribution> comp;
  std::vector<CostDistribution> comm;
  /// Some cost is not a constant.
  bool any_random() const;
};

/// Constant distributions equal to g's costs.
StochasticCosts constant_costs(const TaskGraph& g);

/// What the schedulers plan on: every cost replaced by its mean, or by mean + k·σ (SHEFT).
struct PlanStatistic {
  enum class Kind { mean, quantile };
  Kind kind = Kind::mean;
  double k = 1.0;
  double value(const CostDistribution& d) const;
};

/// g with every cost replaced by stat.value(distribution) (names and edges kept). Throws
/// std::invalid_argument when the sizes do not match g, GraphError when a value exceeds limits.
TaskGraph planning_graph(const TaskGraph& g, const StochasticCosts& costs,
                         const PlanStatistic& stat);

struct MakespanHistogram {
  std::vector<double> edges;         ///< bins + 1 ascending bin edges, min to max
  std::vector<std::int64_t> counts;  ///< bins counts (the last bin includes max)
};

/// Spread of one schedule entry's finish time over the executions.
struct FinishSpread {
  double mean = 0, p5 = 0, p95 = 0;
};

struct MakespanDistribution {
  std::int64_t samples = 0;
  double mean = 0, sd = 0;  ///< sample standard deviation (n − 1); JSON "std"
  double min = 0, p5 = 0, p50 = 0, p95 = 0, max = 0;  ///< quantiles by nearest rank
  MakespanHistogram histogram;
  /// Aligned with the schedule's entries; empty when entries x samples > max_spread_values.
  std::vector<FinishSpread> finish;
};

struct EvaluateOptions {
  std::int64_t samples = 1000;
  std::int32_t bins = 20;
  std::uint64_t seed = 1;
};

/// Makespans of `opts.samples` executions of `s` (placement and per-processor order fixed, times
/// re-simulated with costs drawn from `costs`) on machine `m` (its speeds and bandwidths; a
/// uniform machine's extra processors of an unbounded schedule run like processor 0). Each
/// entry's processor order is its planned start order (ties: planned finish, then entry order).
/// Duplicated entries of a task are allowed: a successor takes the earliest arrival over the
/// copies. Throws std::invalid_argument naming "samples", "bins", "costs", "machine" or
/// "schedule" (a task never placed, an order that contradicts the precedences).
MakespanDistribution evaluate_schedule(const TaskGraph& g, const Machine& m,
                                       const StochasticCosts& costs, const Schedule& s,
                                       const EvaluateOptions& opts);

}  // namespace loadlab::core
