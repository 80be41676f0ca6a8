// The optimum's min-cost flow specialised to its shape: every link costs 1 per task and carries any
// number of tasks (uncapacitated transshipment with unit costs on an undirected graph).
//
// Method: the primal-dual algorithm (Ahuja, Magnanti and Orlin, "Network Flows: Theory,
// Algorithms, and Applications", 1993, Section 9.8): keep node potentials with non-negative reduced
// costs; per phase, Dijkstra from every remaining surplus to every node, raise the potentials by
// the distances (every shortest path becomes tight), send what the shortest-path forest can carry
// from its roots to the deficits in one pass up and one down, then a maximum flow over the tight
// arcs (Dinic's blocking flows: exact distances to the deficits by breadth-first search, augmenting
// paths along them, repeated while they deliver; when the deficits outnumber the sources fifty
// times, distances from the sources instead, up to the nearest deficit). Any augmentation along
// tight arcs keeps the flow optimal for what it has delivered, so the final flow is a minimum-cost
// flow.
//
// Why: with unit costs and unbounded links every reduced cost is 0, 1 or 2, so Dijkstra is a
// three-bucket breadth-first search, and a phase leaves no tight path, so phases are few (3 on a
// 14-cube, about 100 on a 256 x 256 mesh with Poisson loads from zero potentials, 15 from a
// coarser grid's: multilevel_transshipment.h). It beats LEMON's network simplex on hypercubes,
// trees, rings, complete and random graphs (CPU seconds in optimal.cpp: 5x on a 14-cube, 30x on a
// random tree), and on meshes and tori with the multilevel start (4x on a 256 x 256 mesh).
// LEMON's cost scaling (3-7x slower than its network simplex on a 128 x 128 mesh) and capacity
// scaling (4x) were measured and are not used; so was a cost scaling push-relabel of our own
// (Goldberg 1997, with global price updates): every epsilon phase cost about as much as a cold
// solve (a third to half the surplus reappears when epsilon shrinks), 0.5 s CPU on a 128 x 128
// mesh in one phase and 0.9 s in four, against 0.2 s for network simplex.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"

namespace loadlab::core {

struct UnitTransshipmentStats {
  int phases = 0;                        ///< shortest-path forests (Dijkstra runs)
  std::int64_t rounds = 0;               ///< Dinic's rounds (breadth-first search + blocking flow)
  std::int64_t rounds_from_sources = 0;  ///< of which searched from the sources (few of them)
  std::int64_t searched = 0;             ///< nodes the breadth-first searches expanded, in all
  std::int64_t tasks_delivered = 0;      ///< equals the sum of the positive supplies
};

/// Net flow per undirected edge, in the order of Topology::for_each_edge (positive: a -> b with
/// a < b), minimising the sum of |flow| subject to out-flow minus in-flow = supply[v] at every
/// node. The flow is acyclic. Throws std::invalid_argument if supply has the wrong size or does not
/// sum to 0, std::logic_error if a surplus cannot reach a deficit (disconnected topology).
/// `initial_potentials` (optional) warm-starts the dual: any node potentials that differ by at
/// most 1 across every link (else std::invalid_argument); good ones (an optimum's potentials on a
/// coarser copy of the network, multilevel_transshipment.h) leave fewer phases. `final_potentials`
/// receives optimal dual potentials: psi[b] - psi[a] = 1 wherever tasks flow a -> b.
std::vector<std::int64_t> unit_transshipment(
    const Topology& topology, const std::vector<std::int64_t>& supply,
    UnitTransshipmentStats* stats = nullptr,
    const std::vector<std::int64_t>* initial_potentials = nullptr,
    std::vector<std::int64_t>* final_potentials = nullptr);

}  // namespace loadlab::core
