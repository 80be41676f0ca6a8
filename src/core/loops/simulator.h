// Deterministic virtual-time simulation of a parallel loop under a scheduling technique.
//
// Paper: ../shared/seeds/002_6cf480ff57e2bb72.txt, Section 3.1. The survey's comparisons hinge on
// iteration-time variation, processors starting at different times, synchronization overhead and
// affinity; the model has exactly these knobs:
//  - a cost per iteration (profiles below), in abstract time units;
//  - a scheduling overhead h paid before every chunk obtained by synchronization (central queue,
//    steal); static assignments pay nothing;
//  - per-processor start delays and speeds (a chunk's work is divided by the speed);
//  - an affinity cost a added to every iteration executed away from its home processor (the owner
//    of its static block), modelling the cache/local-memory miss the survey describes.
// Processors request chunks in virtual-time order; ties go to the lower processor index, so a run
// is a pure function of its inputs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/loops/technique.h"

namespace loadlab::core {

/// Per-iteration cost profile.
struct CostProfile {
  /// "constant", "increasing", "decreasing", "uniform", "exponential", "bimodal", "mandelbrot".
  std::string profile = "constant";
  /// Scale: the mean cost for every profile except bimodal/uniform with explicit bounds.
  double value = 1.0;
  // uniform: costs in [low, high) (default [0, 2*value]); bimodal: cost `high` with probability
  // p_high, else `low` (defaults value and 10*value, p_high 0.1).
  double low = -1;
  double high = -1;
  double p_high = 0.1;
  // mandelbrot: row i of a rows x width image of [-2,1] x [-1.5,1.5]; cost = value * (escape
  // iterations of the row) / width, i.e. value per average pixel iteration.
  std::int64_t width = 256;
  int max_iter = 256;
};

/// Names accepted in CostProfile::profile.
const std::vector<std::string>& cost_profile_names();

/// The N iteration costs of a profile (random profiles are a pure function of the seed).
std::vector<double> iteration_costs(const CostProfile& profile, std::int64_t n, std::uint64_t seed);

/// Escape-time iterations summed over one Mandelbrot row (the real work of the "mandelbrot" body).
std::int64_t mandelbrot_row(std::int64_t row, std::int64_t rows, std::int64_t width, int max_iter);

/// Mean and (population) standard deviation of a cost vector (mu = 1, sigma = 0 if empty).
std::pair<double, double> mean_and_sd(const std::vector<double>& costs);

/// The machine the loop runs on.
struct LoopMachine {
  double overhead = 0.0;             // h per synchronized chunk
  std::vector<double> start_delays;  // size P or empty (= 0)
  std::vector<double> speeds;        // size P or empty (= 1)
  double affinity_cost = 0.0;        // added per iteration run away from home
};

/// Result of one simulated (or measured) loop.
struct LoopRunResult {
  std::vector<LoopChunk> chunks;  // in the order they were handed out
  std::vector<double> finish;     // per processor: when it found no more work
  std::vector<double> busy;       // per processor: overhead + work executed
  double parallel_time = 0;       // max finish
  double percent_imbalance = 0;   // (T_par - mean finish)/T_par * P/(P-1) * 100
  double cov = 0;                 // std/mean of the finish times
  std::int64_t num_chunks = 0;
  std::int64_t synchronizations = 0;  // chunks that paid the overhead
};

/// Fills parallel_time, percent_imbalance, cov, num_chunks and synchronizations from chunks/finish.
void compute_loop_metrics(LoopRunResult& result);

/// Options for big runs: keep only a prefix of the chunk table, observe every chunk, cancel.
struct LoopSimOptions {
  /// At most this many chunks are stored in the result (metrics always count all of them).
  std::size_t keep_chunks = static_cast<std::size_t>(-1);
  /// Called with every chunk in hand-out order (e.g. a LoopStreamVerifier); may be empty.
  std::function<void(const LoopChunk&)> on_chunk;
  /// Checked every few thousand chunks; when set the run stops and throws std::runtime_error.
  const std::atomic<bool>* cancel = nullptr;
};

/// Simulates `technique` on `params` with iteration costs `costs` (size N) on `machine`.
/// Throws std::invalid_argument on inconsistent sizes.
LoopRunResult simulate_loop(const LoopTechnique& technique, const LoopParams& params,
                            const std::vector<double>& costs, const LoopMachine& machine,
                            const LoopSimOptions& options = {});

}  // namespace loadlab::core
