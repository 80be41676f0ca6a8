// The optimum of Section 2. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 2.
//
// LEMON is used header-only: LEMON_ONLY_TEMPLATES makes lemon::INVALID a header constant instead of
// a symbol of liblemon, so this also builds under Emscripten where only the headers exist.
#ifndef LEMON_ONLY_TEMPLATES
#define LEMON_ONLY_TEMPLATES
#endif

#include "core/balance/optimal.h"

#include <lemon/network_simplex.h>
#include <lemon/smart_graph.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/balance/dataflow.h"
#include "core/balance/multilevel_transshipment.h"
#include "core/balance/quota.h"
#include "core/balance/unit_transshipment.h"

namespace loadlab::core {

namespace {

using Graph = lemon::SmartDigraph;
using Solver = lemon::NetworkSimplex<Graph, std::int64_t, std::int64_t>;

void check_inputs(const Topology& topology, const LoadVector& loads) {
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  average_load(loads);  // validates the loads
  if (!topology.connected())
    throw std::invalid_argument(
        "the optimum needs a connected topology (tasks cannot cross between "
        "components)");
}

// Link arcs both ways (capacity "infinite" = every task, cost 1 per hop).
struct Network {
  Graph g;
  std::vector<Graph::Node> node;
  std::vector<Graph::Arc> forward, backward;  // per undirected edge a < b: a -> b and b -> a
  std::vector<Edge> edges;
  Graph::ArcMap<std::int64_t> lower, upper, cost;
  Network(const Topology& topology, std::int64_t infinite)
      : edges(topology.edges()), lower(g), upper(g), cost(g) {
    const int n = topology.size();
    node.reserve(n);
    for (int v = 0; v < n; ++v) node.push_back(g.addNode());
    for (const Edge& e : edges) {
      forward.push_back(link(node[e.a], node[e.b], infinite));
      backward.push_back(link(node[e.b], node[e.a], infinite));
    }
  }
  Graph::Arc link(Graph::Node a, Graph::Node b, std::int64_t cap, std::int64_t c = 1,
                  std::int64_t lo = 0) {
    Graph::Arc arc = g.addArc(a, b);
    lower[arc] = lo;
    upper[arc] = cap;
    cost[arc] = c;
    return arc;
  }
};

// Net flow per link (positive: a -> b) as transfers in data-flow order; final loads from them.
BalanceResult to_result(const Topology& topology, const LoadVector& loads,
                        const std::vector<std::int64_t>& net_flow) {
  BalanceResult r;
  r.algorithm = "optimal";
  r.initial_loads = loads;
  topology.for_each_edge([&](int a, int b, int k) {
    const std::int64_t f = net_flow[static_cast<std::size_t>(k)];
    if (f > 0) r.transfers.push_back({0, a, b, f});
    if (f < 0) r.transfers.push_back({0, b, a, -f});
  });
  r.steps = assign_dataflow_steps(topology.size(), r.transfers, 0);
  r.final_loads = apply_transfers(loads, r.transfers);
  return r;
}

std::vector<std::int64_t> net_flow_of(const Network& net, const Solver& solver) {
  std::vector<std::int64_t> f(net.edges.size());
  // Positive costs make opposite flows on one link (a 2-cycle) non-optimal, but net them anyway.
  for (std::size_t k = 0; k < net.edges.size(); ++k)
    f[k] = solver.flow(net.forward[k]) - solver.flow(net.backward[k]);
  return f;
}

void solve(Solver& solver, Network& net) {
  solver.lowerMap(net.lower).upperMap(net.upper).costMap(net.cost);
  const auto status = solver.run();
  if (status != Solver::OPTIMAL)
    throw std::logic_error(std::string("min-cost flow: solver returned ") +
                           (status == Solver::INFEASIBLE ? "infeasible" : "unbounded"));
}

// CPU seconds on one machine (Poisson loads of mean 100 unless noted; every solver gives the same
// task-hops): 14-cube 0.05 (primal-dual) vs 0.25 (network simplex); random tree of 20,000 nodes
// 0.013 vs 0.40; ring of 5,000 0.046 vs 0.080; random graph of 100,000 nodes and 2n edges 1.4 vs
// 7.8; complete graph of 300 0.001 vs 0.011. On grids the plain primal-dual loses (256 x 256 mesh
// 4.8 vs 1.95: about 100 phases, each a Dijkstra over every node), but started from the potentials
// of coarser grids (multilevel_transshipment.h) it needs 15 phases: 256 x 256 mesh 0.36-0.49 vs
// 1.95-2.19, 256 x 256 torus 0.42-0.59 vs 1.64, 1024 x 1024 mesh (mean 40) 26-31 vs 316.
OptimalSolver auto_optimal_solver(const Topology& topology) {
  const TopologyKind k = topology.kind();
  return k == TopologyKind::Mesh || k == TopologyKind::Torus ? OptimalSolver::Multilevel
                                                             : OptimalSolver::PrimalDual;
}

}  // namespace

BalanceResult optimal_to_target(const Topology& topology, const LoadVector& loads,
                                const LoadVector& target, OptimalSolver solver_choice) {
  check_inputs(topology, loads);
  if (target.size() != loads.size()) throw std::invalid_argument("target: one entry per node");
  std::int64_t excess = 0, balance = 0;
  for (std::size_t i = 0; i < loads.size(); ++i) {
    if (target[i] < 0) throw std::invalid_argument("target loads must be non-negative");
    excess += std::max<std::int64_t>(loads[i] - target[i], 0);
    balance += loads[i] - target[i];
  }
  if (balance != 0) throw std::invalid_argument("target loads must have the same total as loads");
  if (solver_choice == OptimalSolver::Auto) solver_choice = auto_optimal_solver(topology);
  if (solver_choice == OptimalSolver::PrimalDual || solver_choice == OptimalSolver::Multilevel) {
    std::vector<std::int64_t> supply(loads.size());
    for (std::size_t i = 0; i < loads.size(); ++i) supply[i] = loads[i] - target[i];
    return to_result(topology, loads,
                     solver_choice == OptimalSolver::PrimalDual
                         ? unit_transshipment(topology, supply)
                         : multilevel_transshipment(topology, supply));
  }
  // Figure 2: source s -> surplus node i (capacity w_i - q_i), deficit node j -> sink t
  // (capacity q_j - w_j), links both ways with capacity "infinity" and cost 1.
  Network net(topology, excess);
  const Graph::Node s = net.g.addNode(), t = net.g.addNode();
  for (std::size_t i = 0; i < loads.size(); ++i) {
    const std::int64_t d = loads[i] - target[i];
    if (d > 0) net.link(s, net.node[i], d, 0);
    if (d < 0) net.link(net.node[i], t, -d, 0);
  }
  Solver solver(net.g);
  solver.stSupply(s, t, excess);
  solve(solver, net);
  return to_result(topology, loads, net_flow_of(net, solver));
}

BalanceResult optimal(const Topology& topology, const LoadVector& loads, OptimalSolver solver) {
  return optimal_to_target(topology, loads, quotas(average_load(loads)), solver);
}

BalanceResult optimal_free_remainder(const Topology& topology, const LoadVector& loads) {
  check_inputs(topology, loads);
  const Average avg = average_load(loads);
  // Every node's tasks enter at the node (supply w_i); node -> sink carries between w_avg and
  // w_avg + 1 tasks, so the sink receives T exactly when R nodes take the extra task.
  Network net(topology, avg.total);
  const Graph::Node t = net.g.addNode();
  Graph::NodeMap<std::int64_t> supply(net.g, 0);
  for (std::size_t i = 0; i < loads.size(); ++i) {
    supply[net.node[i]] = loads[i];
    net.link(net.node[i], t, avg.w_avg + (avg.remainder > 0 ? 1 : 0), 0, avg.w_avg);
  }
  supply[t] = -avg.total;
  Solver solver(net.g);
  solver.supplyMap(supply);
  solve(solver, net);
  BalanceResult r = to_result(topology, loads, net_flow_of(net, solver));
  r.algorithm = "optimal_free_remainder";
  return r;
}

}  // namespace loadlab::core
