// Diffusion: w_i <- w_i + sum_{j in N(i)} alpha (w_j - w_i), all nodes at once.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (diffusion, the
// averaging diffusion algorithm, optimal alpha per topology).
#pragma once

#include "core/balance/iteration_rate.h"
#include "core/balance/iterative.h"

namespace loadlab::core {

/// The per-edge weight alpha_ij of the averaging form: 1 / (max(deg i, deg j) + 1).
inline double averaging_alpha(int degree_i, int degree_j) {
  return 1.0 / ((degree_i > degree_j ? degree_i : degree_j) + 1);
}

/// out_i = w_i + alpha * sum_j (w_j - w_i) (neighbours ascending), or with per-edge
/// averaging weights. Records the flow of each edge from its lower endpoint.
void diffusion_sweep_real(const Topology& topology, double alpha, bool averaging,
                          const std::vector<double>& w, std::vector<double>& out,
                          const std::vector<std::int64_t>* slot_edge = nullptr,
                          std::vector<double>* edge_flow = nullptr,
                          const ParallelFor* parallel = nullptr);

/// The notes' optimal alpha, or NaN where none is given: hypercube: averaging (sets `averaging`);
/// ring (even k) 1/(3-cos(2 pi/k)); line 1/2; torus (even k1 <= k2) 1/(5-cos(2 pi/k2)); mesh
/// (even sizes) 1/4.
double notes_diffusion_alpha(const Topology& topology, bool& averaging);

double diffusion_predicted_rate(const Topology& topology, double alpha, bool averaging,
                                const RateOptions& opts = {});

/// The notes' value where given, else the alpha in [0.01, 1/max degree] minimizing the rate.
OptimalParameter diffusion_optimal_alpha(const Topology& topology, bool& averaging);

/// Runs diffusion (options.parameter = alpha, NaN = optimal; options.averaging).
IterativeResult diffusion(const Topology& topology, const LoadVector& loads,
                          const IterativeOptions& options);

}  // namespace loadlab::core
