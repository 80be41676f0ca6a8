// Mesh Walking Algorithm. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.3, Fig 12.
//
// Iteration 1 balances rows: the flow across the boundary below row r is eta_{r,0,R} = W_r^1 -
// Q_r^1; each row that must send computes, left to right along the row, how many of the row's tasks
// each node sends (theta, with gamma = tasks reserved for the nodes to its left), and node i sends
// straight down or up to i +- n2. Rows run in data-flow order: a row sends only after receiving
// (ERRATA 000). Iteration 0 balances each row along its columns with theta = eta (ERRATA 000),
// again in data-flow order. All nodes of a row compute the same prefix values, so they are computed
// once.
#include "core/balance/mwa.h"

#include <algorithm>
#include <stdexcept>

#include "core/balance/dataflow.h"
#include "core/balance/quota.h"

namespace loadlab::core {

namespace {

// Step 4.3 for one row and one direction: fills theta[j] for the row's nodes.
MwaRowPass theta_pass(int row, char dir, std::int64_t eta, const std::vector<std::int64_t>& delta) {
  MwaRowPass p;
  p.row = row;
  p.dir = dir;
  std::int64_t gamma = 0;
  for (std::int64_t d : delta) {
    std::int64_t theta;
    if (d >= eta + gamma)
      theta = eta;
    else if (d > gamma)
      theta = d - gamma;
    else
      theta = 0;
    p.delta.push_back(d);
    p.eta.push_back(eta);
    p.gamma.push_back(gamma);
    p.theta.push_back(theta);
    gamma = gamma + theta - d;
    eta -= theta;
  }
  return p;
}

}  // namespace

BalanceResult mwa(const Topology& topology, const LoadVector& loads, MwaTable* table) {
  if (topology.kind() != TopologyKind::Mesh)
    throw std::invalid_argument("MWA needs a mesh topology");
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  const Average avg = average_load(loads);
  const int n1 = topology.rows(), n2 = topology.cols(), n = n1 * n2;
  BalanceResult r;
  r.algorithm = "mwa";
  r.initial_loads = loads;
  LoadVector w = loads;

  // ---- Iteration 1 (rows). down[b] = eta_{b,0,R}: tasks crossing from row b to row b + 1.
  std::vector<std::int64_t> row_w(n1, 0), down(n1, 0);
  std::int64_t prefix = 0;
  for (int row = 0; row < n1; ++row) {
    for (int c = 0; c < n2; ++c) row_w[row] += w[row * n2 + c];
    prefix += row_w[row];
    down[row] = prefix - mesh_rows_prefix_quota(std::int64_t(row) * n2, n2, avg);
  }
  if (table) {
    table->w_avg = avg.w_avg;
    table->remainder = avg.remainder;
    table->row_w = row_w;
    std::int64_t acc = 0;
    for (int row = 0; row < n1; ++row) {
      table->row_delta.push_back(row_w[row] - range_quota(std::int64_t(row) * n2, n2, avg));
      table->row_W.push_back(acc += row_w[row]);
      table->row_eta_L.push_back(row > 0 ? -down[row - 1] : 0);
      table->row_eta_R.push_back(down[row]);
    }
  }
  // Rows in data-flow order (Kahn over the path of rows; each row waits for its receives).
  std::vector<int> waiting(n1, 0), ready(n1, 0), order;
  for (int row = 0; row < n1; ++row) {
    if (row > 0 && down[row - 1] > 0) ++waiting[row];
    if (row + 1 < n1 && down[row] < 0) ++waiting[row];
    if (waiting[row] == 0) order.push_back(row);
  }
  int steps1 = 0;
  std::vector<std::int64_t> delta(n2);
  for (std::size_t h = 0; h < order.size(); ++h) {
    const int row = order[h];
    const int base = row * n2;
    for (int c = 0; c < n2; ++c) delta[c] = w[base + c] - quota(base + c, avg);
    // Up (L) first, then down (R) with the deltas left after the up pass (Lemma 3's proof, (7)).
    for (char dir : {'L', 'R'}) {
      const std::int64_t eta = dir == 'L' ? (row > 0 ? -down[row - 1] : 0) : down[row];
      if (eta <= 0) continue;
      const int target_row = dir == 'L' ? row - 1 : row + 1;
      MwaRowPass pass = theta_pass(row, dir, eta, delta);
      for (int c = 0; c < n2; ++c) {
        const std::int64_t t = pass.theta[c];
        if (t <= 0) continue;
        r.transfers.push_back({ready[row], base + c, target_row * n2 + c, t});
        w[base + c] -= t;
        w[target_row * n2 + c] += t;
        delta[c] -= t;
      }
      steps1 = std::max(steps1, ready[row] + 1);
      ready[target_row] = std::max(ready[target_row], ready[row] + 1);
      if (--waiting[target_row] == 0) order.push_back(target_row);
      if (table) table->passes.push_back(std::move(pass));
    }
  }
  if (static_cast<int>(order.size()) != n1)
    throw std::logic_error("MWA: rows did not reach a data-flow order");
  sort_by_step(r.transfers);

  // ---- Iteration 0 (columns inside each row): theta = eta on every link of the row.
  // flow[c] > 0: link c carries flow[c] tasks from column c to c + 1; < 0: the other way. A row is
  // a path, so the data-flow step of a link is one more than that of the link feeding its sender in
  // the same direction (or 0), found by one scan each way.
  std::vector<Transfer> phase0;
  phase0.reserve(static_cast<std::size_t>(n));
  std::vector<std::int64_t> flow(n2, 0);
  std::vector<int> link_step(n2, 0);
  int steps0 = 0;
  if (table) {
    table->eta_L0.assign(n, 0);
    table->eta_R0.assign(n, 0);
  }
  for (int row = 0; row < n1; ++row) {
    const int base = row * n2;
    std::int64_t W0 = 0;
    for (int c = 0; c < n2; ++c) {
      W0 += w[base + c];
      flow[c] = W0 - mesh_row_prefix_quota(base + c, n2, avg);  // eta_{i,0,R}
      if (table) {
        table->eta_R0[base + c] = flow[c];
        if (c + 1 < n2) table->eta_L0[base + c + 1] = -flow[c];
      }
    }
    for (int c = 0; c + 1 < n2; ++c)
      if (flow[c] > 0) link_step[c] = c > 0 && flow[c - 1] > 0 ? link_step[c - 1] + 1 : 0;
    for (int c = n2 - 2; c >= 0; --c)
      if (flow[c] < 0) link_step[c] = c + 2 < n2 && flow[c + 1] < 0 ? link_step[c + 1] + 1 : 0;
    for (int c = 0; c + 1 < n2; ++c) {
      if (flow[c] == 0) continue;
      const int step = steps1 + link_step[c];
      steps0 = std::max(steps0, link_step[c] + 1);
      if (flow[c] > 0)
        phase0.push_back({step, base + c, base + c + 1, flow[c]});
      else
        phase0.push_back({step, base + c + 1, base + c, -flow[c]});
    }
  }
  sort_by_step(phase0);
  r.transfers.insert(r.transfers.end(), phase0.begin(), phase0.end());
  r.steps = steps1 + steps0;
  r.info_steps = 2 * (n1 + n2);
  r.final_loads = apply_transfers(loads, r.transfers);
  return r;
}

}  // namespace loadlab::core
