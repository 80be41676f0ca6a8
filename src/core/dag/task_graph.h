// Task graphs: the DAG model of paper 001 (FLB), Section 2, with the level attributes of the
// course notes (paper 003, "list scheduling": sl, t-level, b-level, ALAP).
//
// Index:
//   GraphLimits / GraphError     - size limits and validation failures (a cycle names its tasks)
//   TaskGraph                    - comp(t), comm(e), CSR successor/predecessor lists
//   Levels / compute_levels      - sl, co-level, t-level, b-level, ALAP, critical path
//   width helpers                - exact width (Dilworth) for small graphs, level width for any
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace loadlab::core {

using TaskId = std::int32_t;

/// Hard limits so that bad input cannot exhaust memory (documented in docs/scenario-dag.md).
struct GraphLimits {
  static constexpr std::int64_t max_tasks = 2'000'000;
  static constexpr std::int64_t max_edges = 16'000'000;
  static constexpr double max_cost = 1e12;
};

/// A task graph that is not valid; `cycle` holds the tasks of one cycle when that was the cause.
class GraphError : public std::runtime_error {
 public:
  explicit GraphError(const std::string& what, std::vector<TaskId> cycle = {})
      : std::runtime_error(what), cycle_(std::move(cycle)) {}
  const std::vector<TaskId>& cycle() const { return cycle_; }

 private:
  std::vector<TaskId> cycle_;
};

struct DagEdge {
  TaskId from = 0;
  TaskId to = 0;
  double comm = 0;
};

/// An immutable, validated DAG with computation costs on tasks and communication costs on edges.
class TaskGraph {
 public:
  TaskGraph() = default;
  /// Builds and validates (acyclic, finite non-negative costs, ids in range, no duplicate edges,
  /// limits); throws GraphError. `names` may be empty (then "t0", "t1", ... are used).
  TaskGraph(std::vector<double> comp, std::vector<DagEdge> edges,
            std::vector<std::string> names = {});

  std::int32_t size() const { return static_cast<std::int32_t>(comp_.size()); }
  std::int64_t edge_count() const { return static_cast<std::int64_t>(edges_.size()); }
  double comp(TaskId t) const { return comp_[t]; }
  const std::vector<double>& comps() const { return comp_; }
  const std::vector<DagEdge>& edges() const { return edges_; }
  const DagEdge& edge(std::int64_t e) const { return edges_[e]; }
  /// comm(t, t'); 0 if there is no such edge (O(out-degree)).
  double comm(TaskId from, TaskId to) const;
  const std::string& name(TaskId t) const { return names_[t]; }
  const std::vector<std::string>& names() const { return names_; }

  /// DagEdge indices leaving / entering t, in ascending target / source order.
  std::span<const std::int64_t> out_edges(TaskId t) const {
    return {succ_edge_.data() + succ_off_[t], succ_edge_.data() + succ_off_[t + 1]};
  }
  std::span<const std::int64_t> in_edges(TaskId t) const {
    return {pred_edge_.data() + pred_off_[t], pred_edge_.data() + pred_off_[t + 1]};
  }
  std::int64_t out_degree(TaskId t) const { return succ_off_[t + 1] - succ_off_[t]; }
  std::int64_t in_degree(TaskId t) const { return pred_off_[t + 1] - pred_off_[t]; }
  bool is_entry(TaskId t) const { return in_degree(t) == 0; }
  bool is_exit(TaskId t) const { return out_degree(t) == 0; }
  std::vector<TaskId> entry_tasks() const;
  std::vector<TaskId> exit_tasks() const;
  /// A topological order (Kahn, smallest id first among ready tasks for determinism).
  const std::vector<TaskId>& topo_order() const { return topo_; }

  double total_comp() const;
  double total_comm() const;
  /// Communication-to-computation ratio: average edge cost / average task cost (Section 2).
  double ccr() const;

 private:
  std::vector<double> comp_;
  std::vector<DagEdge> edges_;
  std::vector<std::string> names_;
  std::vector<std::int64_t> succ_off_, succ_edge_, pred_off_, pred_edge_;
  std::vector<TaskId> topo_;
};

/// Per-task levels. Conventions follow the notes' table (003): t-level excludes the task's own
/// cost, b-level and sl include it, ALAP = critical path - b-level.
struct Levels {
  std::vector<double> sl;         ///< static level: longest comp-only path from t to an exit
  std::vector<double> co_level;   ///< longest comp-only path from an entry to t, including t
  std::vector<double> t_level;    ///< longest comp+comm path from an entry to t, excluding t
  std::vector<double> b_level;    ///< longest comp+comm path from t to an exit, including t
  std::vector<double> alap;       ///< critical_path - b_level
  double critical_path = 0;       ///< max b-level (with communication)
  double critical_path_comp = 0;  ///< max sl (communication free): a makespan lower bound
  std::vector<TaskId> critical_path_tasks;  ///< one longest (comp+comm) path, entry to exit
};

/// Computes every level in O(V + E).
Levels compute_levels(const TaskGraph& g);

/// Lower bound on any schedule's length on P processors: max(comp-only critical path, work / P).
double makespan_lower_bound(const TaskGraph& g, int processors);

/// Maximum number of tasks in one depth layer (depth = longest edge count from an entry); a cheap
/// lower bound on the width.
std::int32_t level_width(const TaskGraph& g);

/// Exact width (largest antichain, Dilworth via bipartite matching on the transitive closure).
/// Returns -1 if the graph has more than `max_tasks` tasks (the closure is quadratic).
std::int32_t exact_width(const TaskGraph& g, std::int32_t max_tasks = 3000);

}  // namespace loadlab::core
