// The gradient model: pressure surface and moves toward the nearest lightly loaded node.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (gradient model and the
// 5 x 5 pressure grid).
//
// Per sweep: pressure 0 on lightly loaded nodes (load below the threshold, default the average
// rounded down), otherwise 1 + the minimum over neighbours (the hop distance to the nearest light
// node; -1 where none is reachable). Every node with pressure p > 0 sends to its next hop on a
// shortest path to the nearest light node (its lowest-numbered neighbour with pressure p - 1)
//   real:  min(w_i - average, (w_i - w_next) / 2)       if positive,
//   tasks: min(w_i - threshold, floor((w_i - w_next) / 2)) if positive,
// so the load a path carries stops arriving once the light end is level with its neighbour (the
// notes' "comparable to its neighbors"); tasks travel one hop per sweep along the shortest paths.
// The gradient model is not linear, so it has no predicted rate.
#pragma once

#include "core/balance/iterative.h"

namespace loadlab::core {

/// Multi-source breadth-first pressure: 0 where light[v], else hop distance to the nearest light
/// node, -1 where none is reachable.
std::vector<int> pressure_surface(const Topology& topology, const std::vector<char>& light);

/// Runs the gradient model (options.threshold, NaN = floor(average)).
IterativeResult gradient(const Topology& topology, const LoadVector& loads,
                         const IterativeOptions& options);

/// The threshold used: options.threshold, or the average rounded down.
double gradient_threshold(const LoadVector& loads, const IterativeOptions& options);

}  // namespace loadlab::core
