// The balance descriptor table. Paper 000 (../shared/seeds/000_ace8fcde3218dd88.txt): optimal
// task-hops (Section 2), TWA (§3.1, Fig 5), DEM and CWA (§3.2, Figs 7 and 10), MWA (§3.3, Fig 12).
#include "core/balance/registry.h"

#include "core/balance/cwa.h"
#include "core/balance/dem.h"
#include "core/balance/kwa.h"
#include "core/balance/mwa.h"
#include "core/balance/optimal.h"
#include "core/balance/twa.h"

namespace loadlab::core {

namespace {

std::string have(const Topology& t) {
  return std::string("the topology is a ") + topology_kind_name(t.kind());
}

std::string twa_unsupported(const Topology& t) {
  return t.kind() == TopologyKind::Tree || t.kind() == TopologyKind::Line
             ? ""
             : "twa (Tree Walking Algorithm) needs a tree or a line; " + have(t);
}
std::string cwa_unsupported(const Topology& t) {
  return t.kind() == TopologyKind::Hypercube
             ? ""
             : "cwa (Cube Walking Algorithm) needs a hypercube; " + have(t);
}
std::string dem_unsupported(const Topology& t) {
  return t.kind() == TopologyKind::Hypercube
             ? ""
             : "dem (Dimension Exchange) needs a hypercube; " + have(t);
}
std::string mwa_unsupported(const Topology& t) {
  return t.kind() == TopologyKind::Mesh ? ""
                                        : "mwa (Mesh Walking Algorithm) needs a mesh; " + have(t);
}
std::string optimal_unsupported(const Topology& t) {
  return t.connected() ? ""
                       : "optimal needs a connected topology: tasks cannot move between "
                         "components";
}

// The algorithms' optional debug tables are not part of the row's signature.
BalanceResult run_twa(const Topology& t, const LoadVector& w) {
  return twa(t, w);
}
BalanceResult run_cwa(const Topology& t, const LoadVector& w) {
  return cwa(t, w);
}
BalanceResult run_mwa(const Topology& t, const LoadVector& w) {
  return mwa(t, w);
}
BalanceResult run_dem(const Topology& t, const LoadVector& w) {
  return dem(t, w);
}
BalanceResult run_kwa(const Topology& t, const LoadVector& w) {
  return kwa(t, w);
}
BalanceResult balance_run_optimal(const Topology& t, const LoadVector& w) {
  return optimal(t, w);
}

}  // namespace

// gde, diffusion and gradient run on every topology (edge colouring limits are checked by io).
static std::string runs_anywhere(const Topology&) {
  return "";
}

const std::vector<BalanceAlgorithm>& balance_algorithms() {
  static const std::vector<BalanceAlgorithm> rows = {
      {{"twa", "Tree Walking Algorithm", "wu1997 §3.1, Fig 5 (worked example: Fig 6)",
        "tree or line",
        "A sum reduction up the tree gives every node the task count W_i of its subtree; the root "
        "computes the average and broadcasts it, each node derives the quota Q_i of its subtree, "
        "and every edge then carries exactly |W_i - Q_i| tasks between a subtree and its parent. "
        "Optimal in task-hops and in the number of communications (Theorem 3).",
        "W_i = w_i + sum_children W_c;  w_avg = floor(T/N), R = T mod N\n"
        "q_i = w_avg + (i < R);  Q_i = sum of q over i's subtree\n"
        "edge (i, parent): move W_i - Q_i tasks up (or Q_i - W_i down)",
        "O(N) work, O(depth) communication steps"},
       true,
       twa_unsupported,
       run_twa,
       /*node_program=*/true},
      {{"cwa", "Cube Walking Algorithm", "wu1997 §3.2, Fig 10 (worked example: Fig 11)",
        "hypercube",
        "Each node learns the task count of every k-dimensional subcube it belongs to (a d-step "
        "exchange), computes the quotas of those subcubes, then walks the dimensions from d-1 "
        "down to 0: the half of a subcube with more tasks than its quota sends the surplus across "
        "the dimension. Fully balances (Theorem 1) with minimal non-local tasks (Theorem 2).",
        "w_i^{k+1} = w_i^k + w_{i xor 2^k}^k  (k = 0..d-1)\n"
        "q_i^k = quota of i's k-subcube;  for k = d-1..0: send max(0, w^k - q^k) across dim k",
        "O(d) communication steps, O(d N) work"},
       true,
       cwa_unsupported,
       run_cwa,
       /*node_program=*/true},
      {{"mwa", "Mesh Walking Algorithm", "wu1997 §3.3, Fig 12 (worked example: Fig 13)", "2-D mesh",
        "Row scans and a scan down the last column give every node the prefix task counts of its "
        "row and of the rows above; quotas follow from the global average. Tasks first move "
        "between rows along the columns so each row holds its quota, then along each row so each "
        "node does. Fully balances (Theorem 1) with minimal non-local tasks (Theorem 2).",
        "w_avg = floor(T/N), R = T mod N\n"
        "iteration 1 (columns): rows exchange tasks until row r holds its quota Q^1_r\n"
        "iteration 0 (rows): nodes exchange tasks along the row until node i holds q_i",
        "O(n1 + n2) communication steps, O(N) work"},
       true,
       mwa_unsupported,
       run_mwa,
       /*node_program=*/true},
      {{"dem", "Dimension Exchange Method", "wu1997 §3.2, Fig 7 (Example 2, Fig 8)", "hypercube",
        "Neighbours across dimension 0, then 1, ..., then d-1 average their loads (integer "
        "version: the larger side keeps the odd task). Uses only local information; the final "
        "difference max - min is bounded by d but not always 1 (Fig 9).",
        "for k = 0..d-1: j = i xor 2^k;  w_i, w_j <- ceil/floor((w_i + w_j) / 2)",
        "3d communication steps"},
       true,
       dem_unsupported,
       run_dem,
       /*node_program=*/true},
      {{"optimal", "Optimal task-hops (min-cost flow)", "wu1997 §2, Figs 1-3",
        "any connected topology",
        "The minimum number of task-hops to reach the quotas, as a minimum-cost maximum flow: a "
        "source feeds every overloaded node with its surplus, every underloaded node drains its "
        "deficit to a sink, and network edges have infinite capacity and cost 1. The baseline "
        "the heuristics are compared with.",
        "min sum_k e_k  s.t. flow conservation;  cap(s,i) = w_i - q_i,  cap(j,t) = q_j - w_j,\n"
        "cap(edge) = inf, cost(edge) = 1  (network simplex)",
        "network simplex on N + 2 nodes and E + N arcs"},
       true,
       optimal_unsupported,
       balance_run_optimal},
      {{"kwa", "k-ary n-cube walking algorithm", "wu1997 §7 (combining CWA, §3.2, and MWA, §3.3)",
        "hypercube, mesh, torus, ring or line",
        "Wu's conclusion invites a walk for k-ary n-cubes that combines CWA and MWA: dimension by "
        "dimension, from the outermost, each domain is cut into slabs along the dimension and "
        "tasks cross between neighbouring slabs until each holds its quota; the slabs are the "
        "next level's domains. On a ring dimension (a torus) the flows carry the circulation that "
        "minimises the level's task-hops (a median), so one boundary carries nothing. On a mesh "
        "it is MWA, on a ring the optimum.",
        "for each dimension j, outermost first: for each domain D (coordinates < j fixed):\n"
        "  slab s = nodes of D with coordinate j = s;  f_s = sum_{t <= s} (W_t - Q_t)\n"
        "  ring: f_s <- f_s - median(f);  slab s sends f_s to s + 1 (or -f_s back), after "
        "receiving\n"
        "  which nodes send: MWA's theta (gamma = tasks reserved for the nodes before)",
        "O(n · N) work, O(sum_j k_j) communication steps"},
       false,
       kwa_unsupported_reason,
       run_kwa},
      // Course notes 003 (gde.cpp, diffusion.cpp, gradient.cpp): settings in params/<name>, run by
      // io/kinds/balance_iterative.cpp; not in the default set.
      {{"gde", "Generalized dimension exchange", "notes Overview of Techniques, Problems 2-3",
        "any topology (natural colourings; Misra-Gries for trees and custom graphs)",
        "An edge colouring splits the links into classes of disjoint pairs; each sweep visits the "
        "classes in order and every pair moves a fraction lambda of its difference from the "
        "heavier "
        "to the lighter node. lambda = 1/2 balances a hypercube in one sweep (Problem 2).",
        "for each colour c: for (i, j) of colour c with w_i < w_j:\n"
        "  w_i <- (1 - lambda) w_i + lambda w_j;  w_j <- lambda w_i + (1 - lambda) w_j",
        "O(E) per sweep; rate = second-largest eigenvalue modulus of the sweep"},
       false,
       runs_anywhere,
       nullptr},
      {{"diffusion", "Diffusion", "notes Overview of Techniques", "any topology",
        "All nodes at once move a fraction alpha of each difference to their lighter neighbours "
        "(all-port). The averaging form replaces each load by the mean over the node and its "
        "neighbours; optimal alpha per topology from the notes.",
        "w_i <- w_i + sum_{j in N(i)} alpha (w_j - w_i);  averaging: (w_i + sum w_j) / (deg i + 1)",
        "O(E) per sweep"},
       false,
       runs_anywhere,
       nullptr},
      {{"gradient", "Gradient model", "notes Overview of Techniques (5 x 5 pressure grid)",
        "any topology",
        "Lightly loaded nodes have pressure 0, the others 1 + the minimum over their neighbours; "
        "load flows along shortest paths from high pressure toward the nearest zero-pressure node "
        "until it is level with its neighbours. A node sends min(w_i - L, (w_i - w_next) / 2): "
        "L is the exact average in the real model and the threshold rounded down in the tasks "
        "model (whole tasks; by default the average rounded down), since the notes fix no amount "
        "and whole tasks cannot reach a fractional average.",
        "p_i = 0 if w_i < threshold else 1 + min_{j in N(i)} p_j;  send to a neighbour with p_i - "
        "1",
        "O(E) per sweep (plus diameter rounds for the pressure as node programs)"},
       false,
       runs_anywhere,
       nullptr},
  };
  return rows;
}

const BalanceAlgorithm* find_balance_algorithm(std::string_view name) {
  for (const auto& a : balance_algorithms())
    if (name == a.info.name) return &a;
  return nullptr;
}

const std::vector<AlgorithmInfo>& balance_algorithm_table() {
  static const std::vector<AlgorithmInfo> table = [] {
    std::vector<AlgorithmInfo> t;
    for (const auto& a : balance_algorithms()) t.push_back(a.info);
    return attach_algorithm_guides("balance", std::move(t));
  }();
  return table;
}

const std::vector<std::string>& balance_algorithm_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& a : balance_algorithms()) n.emplace_back(a.info.name);
    return n;
  }();
  return names;
}

std::string balance_unsupported_reason(const std::string& algorithm, const Topology& topology) {
  const BalanceAlgorithm* a = find_balance_algorithm(algorithm);
  if (!a) throw std::invalid_argument("unknown balance algorithm '" + algorithm + "'");
  return a->unsupported ? a->unsupported(topology) : "";
}

BalanceResult run_balance(const std::string& algorithm, const Topology& topology,
                          const LoadVector& loads) {
  const std::string reason = balance_unsupported_reason(algorithm, topology);
  if (!reason.empty()) throw UnsupportedTopology(reason);
  const BalanceAlgorithm* a = find_balance_algorithm(algorithm);
  if (!a->run)
    throw std::invalid_argument("balance algorithm '" + algorithm +
                                "' needs its settings: run it through the balance kind");
  return a->run(topology, loads);
}

}  // namespace loadlab::core
