// Tree Walking Algorithm. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.1, Fig 5.
// Erratum: ERRATA.md 000 "Execution order": steps 4.1-4.4 run in data-flow order, so a node sends
// to its parent or children only after receiving everything it will receive.
#include "core/balance/twa.h"

#include <algorithm>
#include <stdexcept>

#include "core/balance/dataflow.h"
#include "core/balance/quota.h"

namespace loadlab::core {

BalanceResult twa(const Topology& topology, const LoadVector& loads, TwaTable* table) {
  const int n = topology.size();
  if (static_cast<int>(loads.size()) != n)
    throw std::invalid_argument("loads: expected one entry per node");
  std::vector<int> parent;
  if (topology.kind() == TopologyKind::Tree) {
    parent = topology.parents();
  } else if (topology.kind() == TopologyKind::Line) {
    parent.resize(n);
    for (int i = 0; i < n; ++i) parent[i] = i - 1;  // a path in preorder from node 0
  } else {
    throw std::invalid_argument("TWA needs a tree (or line) topology");
  }
  const Average avg = average_load(loads);

  // Step 1: subtree sizes n_i and subtree loads W_i; preorder puts every child after its parent.
  std::vector<std::int64_t> size(n, 1), W(loads.begin(), loads.end());
  int depth_max = 0;
  std::vector<int> depth(n, 0);
  for (int i = 1; i < n; ++i) depth_max = std::max(depth_max, depth[i] = depth[parent[i]] + 1);
  for (int i = n - 1; i > 0; --i) {
    size[parent[i]] += size[i];
    W[parent[i]] += W[i];
  }

  // Steps 3-4: eta^L_i = W_i - Q_i decides the flow on the link to the parent (Lemma 1: eta^L of
  // the child is -eta^R of the parent, so each link is decided once).
  BalanceResult r;
  r.algorithm = "twa";
  r.initial_loads = loads;
  std::vector<std::int64_t> eta(n, 0);
  r.transfers.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i < n; ++i) {
    eta[i] = W[i] - tree_subtree_quota(i, size[i], avg);
    if (eta[i] > 0) r.transfers.push_back({0, i, parent[i], eta[i]});
    if (eta[i] < 0) r.transfers.push_back({0, parent[i], i, -eta[i]});
  }
  r.steps = assign_dataflow_steps(n, r.transfers, 0);
  r.info_steps = 2 * depth_max;
  r.final_loads = apply_transfers(loads, r.transfers);

  if (table) {
    table->w_avg = avg.w_avg;
    table->remainder = avg.remainder;
    table->n = size;
    table->W = W;
    table->Q.resize(n);
    for (int i = 0; i < n; ++i) table->Q[i] = tree_subtree_quota(i, size[i], avg);
    table->eta_L = eta;
  }
  return r;
}

}  // namespace loadlab::core
