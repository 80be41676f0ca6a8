// Iterative nearest-neighbour balancing (GDE, diffusion, gradient model): the options, the result
// and the sweep driver they share.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" and "Termination
// Detection"; ERRATA.md 003 (Problems 2 and 3).
//
// Two load models: `Real` iterates load indices (doubles, the notes' model; summation order fixed
// so results are bit-identical for every thread count and native/WebAssembly), `Tasks` moves whole
// tasks over links (every move a transfer; a node never sends more than it holds).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/balance/balance_result.h"
#include "core/balance/load_spread.h"
#include "core/model/edge_colouring.h"
#include "core/model/loads.h"
#include "core/model/topology.h"
#include "core/util/parallel_for.h"

namespace loadlab::core {

enum class IterativeModel { Real, Tasks };

/// Stop after the first sweep after which max - min < value (MaxMinusMin) or
/// max - min < value * average (Relative).
struct StopRule {
  enum class Kind { MaxMinusMin, Relative };
  Kind kind = Kind::MaxMinusMin;
  double value = 1.0;
  /// The absolute threshold on max - min for a given average load.
  double threshold(double average) const {
    return kind == Kind::Relative ? value * average : value;
  }
};

struct IterativeLimits {
  /// Upper limit of max_sweeps (the default is 1000).
  static constexpr int max_sweeps = 100'000;
  /// Tasks-model transfers kept in the result (beyond this, only per-edge totals are kept).
  static constexpr std::size_t max_recorded_transfers = 1'000'000;
};

struct IterativeOptions {
  /// lambda (gde) or alpha (diffusion) in (0, 1]; NaN = "optimal" (resolved by the algorithm).
  double parameter = 0.5;
  /// diffusion's "averaging" form: alpha_ij = 1 / (max(deg i, deg j) + 1), which is the notes'
  /// (w_i + sum w_j) / (deg + 1) on regular graphs and still conserves load on irregular ones.
  bool averaging = false;
  IterativeModel model = IterativeModel::Real;
  int max_sweeps = 1000;
  StopRule stop;
  /// Dijkstra-Scholten termination detection (the run stops when the root detects termination).
  bool termination = false;
  /// A node is passive when its load index stayed within epsilon of its reference for this many
  /// consecutive sweeps.
  int termination_k = 3;
  /// gradient: a node is lightly loaded when its load is below this; NaN = floor(average).
  double threshold = std::numeric_limits<double>::quiet_NaN();
  /// Keep per-edge flows (the verifier's evidence that load moved along links). Off only in
  /// benchmarks.
  bool record_flows = true;
  /// Compute predicted_rate (power iteration, ~3000 sweep applications; off only in benchmarks).
  bool predict = true;
  /// Optional parallel execution of the sweep kernels (nullptr = serial).
  const ParallelFor* parallel = nullptr;
};

struct TerminationInfo {
  bool enabled = false;
  bool detected = false;
  int detected_at_sweep = -1;
  /// Sweep after which every node stopped (detection + the root's eccentricity, see termination.h).
  int stopped_at_sweep = -1;
  std::int64_t control_messages = 0;
  double epsilon = 0;
  int k = 0;
};

struct IterativeResult {
  std::string algorithm;
  IterativeModel model = IterativeModel::Real;
  LoadVector initial_loads;
  /// Loads after the last sweep run (tasks model: integral values).
  std::vector<double> final_loads;
  /// First sweep after which the stop rule held (0: it held initially); sweeps_run if never.
  int sweeps = 0;
  /// Sweeps executed (more than `sweeps` when termination detection runs on).
  int sweeps_run = 0;
  bool stop_rule_met = false;
  /// The stop rule's threshold on max - min for this run's average (what the narration quotes).
  double stop_threshold = std::numeric_limits<double>::quiet_NaN();
  /// A sweep moved nothing (a fixed point of the tasks model or the gradient model).
  bool stalled = false;
  /// max - min and the standard deviation after each sweep (index s = after sweep s + 1), and
  /// before the first sweep.
  std::vector<double> history_max_minus_min, history_std_dev;
  double initial_max_minus_min = 0, initial_std_dev = 0;
  /// lambda (gde) or alpha (diffusion) used; NaN for gradient or per-edge averaging.
  double parameter = std::numeric_limits<double>::quiet_NaN();
  /// "given", "optimal (notes)", "optimal (numerical)", "averaging", "threshold".
  std::string parameter_source;
  EdgeColouring colouring;    ///< gde only
  std::vector<int> pressure;  ///< gradient only: the initial pressure surface (-1 = none)
  /// Second-largest eigenvalue modulus of the sweep operator (NaN where not linear: gradient).
  double predicted_rate = std::numeric_limits<double>::quiet_NaN();
  /// Geometric mean of the per-sweep contraction of max - min over the last sweeps (NaN if < 2).
  double measured_rate = std::numeric_limits<double>::quiet_NaN();
  /// Net flow over each edge of Topology::edges() from a to b (record_flows).
  std::vector<double> edge_flow;
  /// Tasks model: every move, step = sweep * classes + class (gde) or sweep (others); complete
  /// unless transfers_truncated.
  std::vector<Transfer> transfers;
  bool transfers_truncated = false;
  TerminationInfo termination;
};

/// Geometric mean of the contraction of max - min over the last min(100, n/2) sweeps above the
/// round-off floor (NaN when there are too few).
double measured_rate(const std::vector<double>& history, double initial);

/// Mutable state of a run, handed to an algorithm's sweep function.
struct IterativeState {
  IterativeModel model = IterativeModel::Real;
  std::vector<double> real;
  LoadVector tasks;
  std::vector<double> edge_flow;
  bool record_flows = true;
  std::vector<Transfer>* transfers = nullptr;
  bool* truncated = nullptr;
  /// Records a tasks-model move along edge `edge` (index in Topology::edges()).
  void move_tasks(int step, int from, int to, std::int64_t count, std::int64_t edge, bool a_to_b);
};

/// Runs sweeps until the stop rule, max_sweeps, a stall, or (with termination) detection.
/// `sweep(s, state)` performs sweep s (0-based) and returns false if it moved nothing.
void run_sweeps(const Topology& topology, const IterativeOptions& options, IterativeResult& result,
                const std::function<bool(int, IterativeState&)>& sweep);

/// A real-model sweep whose kernel also produces the statistics of its result, for
/// run_sweeps_fused: the phases run in order (a phase starts when the previous one has finished),
/// each unit writing its own loads and the moments (load_spread.h) of the blocks of
/// `spread_block` nodes it finished. Out of place, a unit reads `in` (the previous sweep, never
/// written) and writes `out`; in place, `in` and `out` are the same array.
struct FusedSweep {
  std::vector<std::int64_t> counts;
  /// Units are expensive (ParallelFor::run_coarse_phases): one chunk each.
  bool coarse = false;
  bool in_place = false;
  std::size_t spread_block = 1024;
  /// The kernel cannot take the moments as it goes (GDE's class list: a load is final only after
  /// the last class): after the phases, one coarse pass calls body(counts.size(), b, e, ...) for
  /// the blocks [b, e) instead.
  bool moments_pass = false;
  /// 2: the kernel can take a band through two sweeps at once (diffusion_grid.h): body(..., 2)
  /// writes sweep s + 2 to `out` and the moments of sweep s + 1 to blocks[0, B), those of s + 2
  /// to blocks[B, 2B) (B blocks). The driver asks for single sweeps where it has to.
  int sweeps_per_pass = 1;
  std::function<void(int phase, std::int64_t begin, std::int64_t end, const double* in, double* out,
                     SpreadMoments* blocks, int sweeps)>
      body;
};

/// Whether run_sweeps_fused applies: real model, a ParallelFor, no termination detection and no
/// per-edge flows (the benchmark's configuration).
bool can_fuse(const IterativeOptions& options);

/// run_sweeps for the real model on threads, with the same result bits: the statistics of a sweep
/// come out of its own kernel, block by block, while the loads are in cache, so a sweep reads
/// the loads once.
void run_sweeps_fused(const IterativeOptions& options, IterativeResult& result,
                      const FusedSweep& sweep);

/// Checks the options common to all iterative algorithms; throws std::invalid_argument.
void check_iterative_options(const Topology& topology, const LoadVector& loads,
                             const IterativeOptions& options);

/// CSR slot -> index in Topology::edges() (for recording flows).
std::vector<std::int64_t> slot_edge_index(const Topology& topology);

}  // namespace loadlab::core
