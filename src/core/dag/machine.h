// Heterogeneous machines for the dag kind: P processors with speeds, a P x P bandwidth
// matrix, or a per-task per-processor execution-time matrix (ETC, the unrelated-machines model of
// Braun et al. 2001 and Topcuoglu et al. 2002).
//
// Time representation: IEEE doubles, as for identical processors. Every duration is one correctly
// rounded operation (comp / speed, data / bandwidth, or an ETC entry read as is), and schedulers
// add and compare them in a fixed order, so results are bit-identical natively and in WebAssembly
// (neither target fuses multiply-adds). The verifier compares with a relative tolerance of 1e-9.
//
// Index:
//   MachineLimits      - sizes and value ranges (documented in docs/scenario-dag.md)
//   Machine            - exec(t, p), comm(data, p, q), uniform() / nonuniform_reason()
//   helpers            - validation, the equivalent graph of a uniform machine, lower bound,
//                        best sequential time
//   routed_bandwidth   - per-link bandwidths over a topology -> the P x P matrix
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dag/schedule.h"
#include "core/dag/task_graph.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// Bounds on machine descriptions, so bad input cannot exhaust memory or overflow.
struct MachineLimits {
  static constexpr double min_speed = 1e-6;
  static constexpr double max_speed = 1e6;
  static constexpr double min_bandwidth = 1e-6;
  static constexpr double max_bandwidth = 1e12;
  static constexpr double max_etc = 1e12;
  /// A bandwidth matrix has P^2 entries: at most 1024 processors when one is given.
  static constexpr std::int64_t max_bandwidth_entries = 1024 * 1024;
  /// An ETC matrix has V x P entries.
  static constexpr std::int64_t max_etc_entries = 16'000'000;
};

/// The processors a task graph is scheduled on. Empty vectors mean "identical": speed 1,
/// bandwidth 1 (communication cost = the edge's data), ETC = comp / speed.
struct Machine {
  std::int32_t processors = 1;
  std::vector<double> speeds;     ///< P entries, or empty (all 1)
  std::vector<double> bandwidth;  ///< P x P row-major (from p to q; diagonal unused), or empty
  std::vector<double> etc;        ///< V x P row-major execution times, or empty

  /// P identical processors (the model of paper 001, Section 2).
  static Machine identical(std::int32_t processors);

  /// Time task t takes on processor p.
  double exec(const TaskGraph& g, TaskId t, std::int32_t p) const {
    if (!etc.empty())
      return etc[static_cast<std::size_t>(t) * static_cast<std::size_t>(processors) +
                 static_cast<std::size_t>(p)];
    if (!speeds.empty()) return g.comp(t) / speeds[static_cast<std::size_t>(p)];
    return g.comp(t);
  }
  /// Time `data` takes from processor p to processor q (free on the same processor).
  double comm(double data, std::int32_t p, std::int32_t q) const {
    if (p == q) return 0.0;
    if (bandwidth.empty()) return data;
    return data / bandwidth[static_cast<std::size_t>(p) * static_cast<std::size_t>(processors) +
                            static_cast<std::size_t>(q)];
  }
  /// No speeds, bandwidth or ETC given: exactly the identical-processor model.
  bool trivial() const { return speeds.empty() && bandwidth.empty() && etc.empty(); }
  /// Every processor alike: equal speeds, one off-diagonal bandwidth, ETC rows constant. Then the
  /// identical-processor schedulers run on uniform_graph().
  bool uniform() const { return nonuniform_reason().empty(); }
  /// Empty if uniform, else why not, naming the key ("machine.speeds are unequal", ...).
  std::string nonuniform_reason() const;
};

/// Per-link bandwidths over a topology: the P x P
/// matrix of effective bandwidths between processors (P = t.size()), row-major like
/// Machine::bandwidth. A message from p to q follows the route of least time: the path minimising
/// the sum over its links of 1 / b_link (store-and-forward of one whole message, no contention),
/// so it takes data x that sum; the matrix holds 1 / sum (diagonal 0). `links` holds one bandwidth
/// per link in t.edges() order, or a single value for every link. Dijkstra from every processor
/// (O(P E log P)); the entry for p < q is computed from p and mirrored, so the matrix is symmetric.
/// Throws std::invalid_argument whose message starts with the field: "links" (wrong count, a value
/// outside [min_bandwidth, max_bandwidth], or a route slower than min_bandwidth) or "topology"
/// (processors not connected).
std::vector<double> routed_bandwidth(const Topology& t, const std::vector<double>& links);

/// Checks sizes and values against `g` (lengths, positive finite speeds and off-diagonal
/// bandwidths, non-negative finite ETC entries, MachineLimits). Throws std::invalid_argument whose
/// message starts with the field ("speeds", "bandwidth/2/1", "etc/4/0", ...).
void validate_machine(const Machine& m, const TaskGraph& g);

/// For a uniform machine: the graph with comp = exec(t, 0) and comm = data / bandwidth, on which
/// the identical-processor schedulers' schedules are exactly the machine's.
TaskGraph uniform_graph(const TaskGraph& g, const Machine& m);

/// Per task, the shortest execution time over the processors.
std::vector<double> min_exec_times(const TaskGraph& g, const Machine& m);

/// Lower bound on any schedule's length: max(critical path of the per-task fastest execution
/// times without communication, work / capacity), where work / capacity is total comp / sum of
/// speeds (speeds model) or sum of per-task minimum times / P (ETC model). For a trivial machine
/// exactly makespan_lower_bound(g, P).
double makespan_lower_bound(const TaskGraph& g, const Machine& m);

/// The shortest time to run every task on one processor: min_p sum_t exec(t, p) (the speedup's
/// numerator; total comp for a trivial machine).
double best_sequential_time(const TaskGraph& g, const Machine& m);

/// Metrics of a schedule on a machine: lower_bound from makespan_lower_bound(g, m), speedup =
/// best_sequential_time / makespan, efficiency = speedup / P. For a trivial machine exactly
/// schedule_metrics(g, s, P).
ScheduleMetrics schedule_metrics(const TaskGraph& g, const Machine& m, const Schedule& s);

}  // namespace loadlab::core
