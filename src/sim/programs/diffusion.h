// Neighbour-averaging diffusion (first-order scheme, Cybenko 1989): the engine's benchmark and
// smoke test. Each superstep every node sends its value to all neighbours and then moves towards
// their average: x_i += alpha * sum_j (x_j - x_i). Not one of paper 000's algorithms; it is the
// "diffusion-like neighbour averaging" workload benchmarks.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"
#include "sim/bsp_engine.h"
#include "sim/comm.h"

namespace loadlab::sim {

/// One node's diffusion program. Sends in supersteps 0..rounds-1, updates in 1..rounds. Stepped
/// by the engine; read `value` only between supersteps.
struct DiffusionNode {
  double value = 0;
  double alpha = 0;
  std::int64_t rounds = 0;
  void step(Comm& comm);
};

struct DiffusionRun {
  std::vector<double> values;
  std::int64_t supersteps = 0;
  std::int64_t messages = 0;
  RunStatus status = RunStatus::Finished;
};

/// alpha = 1 / (max degree + 1) (thread-safe, pure): keeps the iteration a convex combination
/// (stable, mass-conserving on regular graphs).
double diffusion_alpha(const core::Topology& topology);

/// Runs `rounds` averaging rounds on the BSP engine with `threads` threads. Thread-safe:
/// independent calls may run concurrently; control.cancel may be set from any thread.
DiffusionRun run_diffusion(const core::Topology& topology, const std::vector<double>& initial,
                           std::int64_t rounds, int threads, const RunControl& control = {});

}  // namespace loadlab::sim
