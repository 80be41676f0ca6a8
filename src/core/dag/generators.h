// Task-graph generators: the FLB paper's four application graphs (LU, Laplace, Stencil, FFT;
// paper 001 Section 6, about 2000 tasks each), Gaussian elimination, fork-join, in/out-trees and
// DAGGEN-style layered random graphs; and the random costs of Section 6.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/dag/machine.h"
#include "core/dag/task_graph.h"

namespace loadlab::core {

/// A graph's structure before costs: task count, edges (from, to), task names.
struct GraphShape {
  std::int32_t tasks = 0;
  std::vector<std::pair<TaskId, TaskId>> edges;
  std::vector<std::string> names;
};

/// LU decomposition of an n x n block matrix: step k has a pivot task that joins all updates of
/// step k-1, and n-1-k update tasks (k, j) that need the pivot and update (k-1, j). n(n+1)/2 tasks
/// (n = 62: 1953).
GraphShape lu_shape(std::int32_t n);
/// Gaussian elimination (classic): pivot k+1 needs only update (k, k+1). (n-1) + n(n-1)/2 tasks.
GraphShape gaussian_shape(std::int32_t n);
/// Laplace solver: `iterations` sweeps over `width` blocks; each block needs its own previous
/// block and the previous convergence test, which joins all blocks. iterations*(width+1) tasks.
GraphShape laplace_shape(std::int32_t width, std::int32_t iterations);
/// 1-D three-point stencil: `steps` x `width` tasks, (s, i) needs (s-1, i-1), (s-1, i), (s-1, i+1).
GraphShape stencil_shape(std::int32_t width, std::int32_t steps);
/// FFT butterfly on `points` (power of two) inputs: an input row and log2(points) butterfly rows
/// of `points` tasks (256 points: 2304 tasks).
GraphShape fft_shape(std::int32_t points);
/// Fork-join: one entry, then `stages` x (`width` parallel tasks + one join).
GraphShape fork_join_shape(std::int32_t width, std::int32_t stages);
/// Complete out-tree (root first) / in-tree (root last) with `branching` children and `depth`
/// levels below the root.
GraphShape out_tree_shape(std::int32_t branching, std::int32_t depth);
GraphShape in_tree_shape(std::int32_t branching, std::int32_t depth);
/// Every edge reversed and ids renumbered n − 1 − id (names follow), so ids stay a topological
/// order: an out-tree becomes an in-tree.
void reverse_shape(GraphShape& s);

/// DAGGEN-style layered random DAG (Suter's DAGGEN parameters).
struct LayeredSpec {
  std::int32_t n = 100;     ///< number of tasks
  double fat = 0.5;         ///< level width ~ n^fat
  double density = 0.5;     ///< parents per task ~ density x size of the previous level
  double regularity = 0.5;  ///< 1: all levels equally wide; 0: widths vary by up to 100 %
  std::int32_t jump = 1;    ///< parents come from up to `jump` levels above
};
GraphShape layered_shape(const LayeredSpec& spec, std::uint64_t seed);

/// How random costs are drawn (paper 001 Section 6: i.i.d. uniform, scaled to a target CCR).
struct CostSpec {
  double ccr = 1.0;         ///< average comm / average comp, met exactly by scaling comm
  double mean_comp = 10.0;  ///< average task cost
  /// "uniform": U(0, 2 mean] (the widest non-negative uniform, CV 1/sqrt 3 - a unit CV is not
  /// possible for a non-negative uniform variable); "exponential": CV exactly 1; "unit": all
  /// tasks mean_comp, all edges ccr x mean_comp.
  std::string distribution = "uniform";
};
/// Draws costs for a shape; throws GraphError for bad specs.
TaskGraph assign_costs(const GraphShape& shape, const CostSpec& costs, std::uint64_t seed);

/// The SAGA library's random data sets (generators_saga.cpp; names "T0", ... as SAGA's):
/// balanced out-tree of `levels` levels below the root plus a sink joining the leaves; its
/// reverse (a source, then an in-tree); a source, `num_chains` chains of `chain_length` tasks and
/// a sink. Throw GraphError for sizes out of range.
GraphShape saga_out_tree_shape(std::int32_t branching, std::int32_t levels);
GraphShape saga_in_tree_shape(std::int32_t branching, std::int32_t levels);
GraphShape saga_chains_shape(std::int32_t num_chains, std::int32_t chain_length);
/// SAGA's weights: every task cost and edge datum gauss(1, 1/3) clipped to [1e-9, 2], seeded.
TaskGraph saga_weighted_graph(const GraphShape& shape, std::uint64_t seed);
/// SAGA's random complete network of `nodes` nodes (1..1024): speeds and symmetric link speeds
/// gauss(1, 1/3) clipped to [MachineLimits::min_speed, 2], seeded.
Machine saga_random_network(std::int32_t nodes, std::uint64_t seed);

/// WfCommons' recipes (generators_wfcommons.cpp): the application's task types and their
/// fan-in / fan-out at a task budget of `tasks` (blast: exactly `tasks`; epigenomics and
/// srasearch: at most `tasks`, as WfCommons' from_num_tasks), names "<type>_ID0000001" in a
/// topological order. Recipes: "blast", "epigenomics", "srasearch" (costs fitted on real traces),
/// "montage", "genome", "seismology", "cycles", "soykb", "bwa" (WfCommons' own fitted costs,
/// generators_wfchef.cpp; genome, cycles, soykb: at most `tasks`). Throw GraphError for an unknown
/// recipe or `tasks` out of [wfcommons_recipe_min_tasks, kWfcommonsRecipeMaxTasks].
inline constexpr std::int32_t kWfcommonsRecipeMaxTasks = 100000;
const std::vector<std::string>& wfcommons_recipe_names();
std::int32_t wfcommons_recipe_min_tasks(const std::string& recipe);
GraphShape wfcommons_recipe_shape(const std::string& recipe, std::int32_t tasks);
/// A recipe task's type: its name without the "_ID0000001" suffix.
std::string wfcommons_task_type(const std::string& name);
/// The recipe's shape with seeded costs fitted on the real trace: task runtimes in seconds, data
/// in bytes divided by `bandwidth` (bytes per second, (0, 1e18]).
TaskGraph wfcommons_recipe_graph(const std::string& recipe, std::int32_t tasks, std::uint64_t seed,
                                 double bandwidth = 1e8);

/// Names accepted by make_shape.
const std::vector<std::string>& generator_names();

}  // namespace loadlab::core
