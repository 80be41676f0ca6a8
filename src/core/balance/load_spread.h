// The per-sweep statistics of the iterative balancers (max - min and the population standard
// deviation of the loads), defined so that a sweep kernel can compute them while it writes the
// loads. Paper: ../shared/seeds/003_6046837c8e4c81af.txt ("Overview of Techniques": the notes
// judge convergence by max - min; the standard deviation is the history's second curve).
//
// The loads are cut into blocks of spread_block(topology) consecutive nodes (a grid row on meshes
// and tori, where the blocked GDE sweep finishes whole rows). Each block's moments are corrected
// two-pass sums in four fixed lanes, over data that is still in cache; the blocks are combined in
// node order around one global mean, with the same correction (Chan, Golub and LeVeque 1983). Every
// path (central, threaded, node programs, MPI) combines the same blocks in the same order, so the
// bits never depend on the thread count, the process count or the platform, and the loads are read
// once per sweep, not twice.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/model/topology.h"

namespace loadlab::core {

/// Count, mean, sum of squared deviations from the mean, min and max of a block of loads.
struct SpreadMoments {
  double count = 0, mean = 0, m2 = 0, lo = 0, hi = 0;
};

/// Nodes per block: the columns of a mesh or torus, else a fixed 1024.
std::size_t spread_block(const Topology& topology);

/// The moments of w[0..n), n >= 1.
SpreadMoments block_moments(const double* w, std::size_t n);

/// max - min and standard deviation from the blocks' moments, combined in order.
void combine_spread(std::span<const SpreadMoments> blocks, double& max_minus_min, double& std_dev);

/// max - min and standard deviation of `w`, in blocks of `block` nodes (block >= 1).
void load_spread(std::span<const double> w, std::size_t block, double& max_minus_min,
                 double& std_dev);

}  // namespace loadlab::core
