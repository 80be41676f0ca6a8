// The optimal scheduling problem: minimum task-hops as a min-cost flow, on any topology.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 2 (Figures 2-3), Theorem 3, Lemma 5.
//
// Target loads: the paper states the problem for N dividing T. For other totals `optimal` keeps the
// Fig 4 quotas (the first R nodes hold w_avg + 1), the same target TWA, CWA and MWA reach, so "X
// equals the optimum" compares like with like. `optimal_free_remainder` instead lets the solver
// choose which R nodes hold the extra task: a lower bound for every fully balanced outcome.
#pragma once

#include "core/balance/balance_result.h"
#include "core/model/topology.h"

namespace loadlab::core {

/// The exact solver behind `optimal` and `optimal_to_target`. Every solver returns the same minimum
/// task-hops; the transfers may differ where several schedules reach it.
enum class OptimalSolver {
  /// The faster one for the topology, measured: Multilevel on meshes and tori, PrimalDual on
  /// every other family (see optimal.cpp for the numbers).
  Auto,
  /// unit_transshipment.h: primal-dual on the network itself (unit costs, unbounded links).
  PrimalDual,
  /// LEMON's NetworkSimplex (block search) on the graph of Section 2: the reference formulation.
  NetworkSimplex,
  /// multilevel_transshipment.h: the primal-dual warm-started from coarser grids on meshes and
  /// tori (the plain primal-dual on other families).
  Multilevel,
};

/// Minimum task-hops reaching the Fig 4 quotas as a min-cost flow (Section 2: surplus nodes ->
/// links with cost 1 -> deficit nodes), turned into per-link transfers in data-flow order. Throws
/// std::invalid_argument if the topology is not connected.
BalanceResult optimal(const Topology& topology, const LoadVector& loads,
                      OptimalSolver solver = OptimalSolver::Auto);

/// Minimum task-hops moving `loads` to exactly `target` (same total, same size).
BalanceResult optimal_to_target(const Topology& topology, const LoadVector& loads,
                                const LoadVector& target,
                                OptimalSolver solver = OptimalSolver::Auto);

/// Minimum task-hops over every final distribution with w_avg or w_avg + 1 tasks per node.
BalanceResult optimal_free_remainder(const Topology& topology, const LoadVector& loads);

}  // namespace loadlab::core
