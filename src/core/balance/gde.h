// Generalized dimension exchange (GDE) with exchange parameter lambda.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (GDE, optimal lambda
// per topology) and Problems 2 and 3; ERRATA.md 003 (Problem 2: 7500 after one sweep; Problem 3:
// the mesh colouring and 22 / 9 sweeps).
#pragma once

#include <cstdint>
#include <vector>

#include "core/balance/iteration_rate.h"
#include "core/balance/iterative.h"
#include "core/util/default_init_allocator.h"

namespace loadlab::core {

// 12 bytes: a sweep streams every class once, so its size is most of a sweep's memory traffic.
// Trivial (no member initializers) so that sizing a class does not write it: the threads that
// fill it touch its pages first.
struct ClassEdge {
  int a, b;  ///< a < b
  int edge;  ///< index in Topology::edges() (< Topology::max_edges < 2^31)
};

using ClassEdges = std::vector<ClassEdge, DefaultInitAllocator<ClassEdge>>;
using ColourClasses = std::vector<ClassEdges>;

/// The edges of each colour class, in edge order. With a ParallelFor of several threads the
/// classes are built by node blocks in parallel (counts, offsets, fill): the same classes.
ColourClasses colour_classes(const Topology& topology, const EdgeColouring& colouring,
                             const ParallelFor* parallel = nullptr);

/// One real-model sweep: classes in order; on edge (a, b): t = lambda (w_b - w_a), w_a += t,
/// w_b -= t (the notes' update, written as a transfer so both endpoints compute the same t).
void gde_sweep_real(const ColourClasses& classes, double lambda, std::vector<double>& w,
                    std::vector<double>* edge_flow = nullptr,
                    const ParallelFor* parallel = nullptr);

/// The notes' optimal lambda for this topology, or NaN where the notes give none (odd sizes,
/// trees, custom graphs): hypercube 1/2; ring (even k > 3) 1/(1+sin(2 pi/k)); line (even k)
/// 1/(1+sin(pi/k)); torus (even k1 <= k2) 1/(1+sin(2 pi/k2)); mesh (even k1 <= k2)
/// 1/(1+sin(pi/k2)).
double notes_gde_lambda(const Topology& topology);

/// SLEM of one GDE sweep with this colouring and lambda.
double gde_predicted_rate(const Topology& topology, const EdgeColouring& colouring, double lambda,
                          const RateOptions& opts = {});

/// The notes' value where given, else the lambda in [0.05, 1] minimizing the predicted rate.
OptimalParameter gde_optimal_lambda(const Topology& topology, const EdgeColouring& colouring);

/// Runs GDE (options.parameter = lambda, NaN = optimal). Throws std::invalid_argument for bad
/// options or loads.
IterativeResult gde(const Topology& topology, const LoadVector& loads,
                    const IterativeOptions& options);

}  // namespace loadlab::core
