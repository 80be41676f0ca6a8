// Mesh Walking Algorithm as a node program.
// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.3, Fig 12 (steps 1-4), Lemma 3.
// Erratum: ERRATA.md 000 "Fig 12" (q_i^0 uses i < R; Q_i^1 uses (floor(i/n2)+1)*n2; iteration 0
// has v_i^0 = 0, so theta = eta) and "Execution order" (receive everything, then send).
//
// Node i = r*n2 + c of an n1 x n2 mesh knows only r, c, n1, n2 and its load.
// Step 1: a scan along every row (left to right) gives node i the vector w_{i,j}^0, j = 0..c; the
// last column gets the row total w^1 and scans it down the last column, so node (r, n2-1) keeps
// w_{i,j}^1, j = 0..r, and node N-1 gets T. Step 2: node N-1 computes w_avg and R and spreads them
// up the last column; each last-column node spreads (w_avg, R, W_r^1, W_{r-1}^1) along its row
// (right to left). Step 3 is local (closed forms of q, Q^0, Q^1).
// Step 4, iteration 1: every node of a row that must send (eta_{i,0,l} > 0) computes theta over its
// row prefix j = 0..c with the recurrence of 4.3 and sends theta_{i,c,l} tasks plus its theta
// vector straight up or down; the receiver adds the vector to its w_{i,j}^0 (4.2), so after
// iteration 1 every node knows the updated loads of its row prefix without asking. Iteration 0
// balances each row with theta = eta. Both iterations run in data-flow order; a task message
// carries its data-flow step, so nodes number their sends exactly as core::mwa does. Iteration 0's
// steps are reported after iteration 1's (offset = steps iteration 1 used), as in core::mwa.
//
// Supersteps: 2(n2-1) + 2(n1-1) for steps 1-2 (the paper: n1 + n2 for the scans and n1 + n2 for
// broadcasting and spreading), then at most (n1-1) + (n2-1) task steps, overlapped with the spread
// in rows that learn early: at most 3(n1+n2) - 6, within the paper's 3(n1+n2).
#include <numeric>

#include "sim/programs/balance_program.h"

namespace loadlab::sim::detail {

namespace {

struct MwaNode : BalanceNodeBase {
  int n1 = 1, n2 = 1, r = 0, c = 0;
  std::vector<std::int64_t> w;    // w_{i,j}^0, j = 0..c (current after iteration-1 transfers)
  std::vector<std::int64_t> col;  // last column only: w_{i,j}^1, j = 0..r
  bool have_row = false, have_col_above = false, col_done = false;
  std::vector<std::int64_t> col_above;
  bool informed = false, done1 = false, done0 = false;
  core::Average avg;
  std::int64_t W1 = 0, W1_prev = 0;  // W_r^1 and W_{r-1}^1
  std::int64_t eta_L1 = 0, eta_R1 = 0, expect1 = 0, got1 = 0;
  std::int64_t eta_L0 = 0, eta_R0 = 0, expect0 = 0, got0 = 0;
  int ready1 = 0, ready0 = 0;

  int id() const { return r * n2 + c; }

  void step(Comm& cm) {
    const int i = id();
    bool row_now = false, spread_now = false, bcast_now = false;
    std::int64_t spread[4] = {0, 0, 0, 0};
    for (const Message& m : cm.inbox()) {
      switch (m.tag) {
        case kScan:  // row scan from the left: w_{i,j}^0 for j < c
          w.assign(m.data.begin(), m.data.end());
          w.push_back(load);
          row_now = true;
          break;
        case kReduce:  // column scan from above: w^1 of rows 0..r-1
          col_above.assign(m.data.begin(), m.data.end());
          have_col_above = true;
          break;
        case kBroadcast:  // w_avg, R coming up the last column
          avg = average_from_total(m.data[0] * n1 * n2 + m.data[1], std::int64_t{n1} * n2);
          bcast_now = true;
          break;
        case kSpread:  // w_avg, R, W_r^1, W_{r-1}^1 coming along the row from the right
          std::copy(m.data.begin(), m.data.end(), spread);
          spread_now = true;
          break;
        case kRowTasks:  // 4.2 of iteration 1: tasks + theta vector (entries j = 0..c)
          load += m.tasks;
          ready1 = std::max(ready1, static_cast<int>(m.data[0]) + 1);
          for (std::size_t j = 0; j + 1 < m.data.size(); ++j) w[j] += m.data[j + 1];
          ++got1;
          break;
        case kColTasks:  // 4.2 of iteration 0
          load += m.tasks;
          ready0 = std::max(ready0, static_cast<int>(m.data[0]) + 1);
          ++got0;
          break;
        default:
          break;
      }
    }
    if (cm.superstep() == 0 && c == 0) {
      w.assign(1, load);
      row_now = true;
    }
    if (row_now) {
      have_row = true;
      if (c + 1 < n2) cm.send(i + 1, kScan, w);
    }
    // Last column: the row total joins the column scan once the rows above reported.
    if (c + 1 == n2 && have_row && !col_done && (r == 0 || have_col_above)) {
      col_done = true;
      col = col_above;
      col.push_back(std::accumulate(w.begin(), w.end(), std::int64_t{0}));
      if (r + 1 < n1) {
        cm.send(i + n2, kReduce, col);
      } else {
        avg = average_from_total(std::accumulate(col.begin(), col.end(), std::int64_t{0}),
                                 std::int64_t{n1} * n2);
        bcast_now = true;  // node N-1 is where the average is computed
      }
    }
    if (bcast_now) {
      const std::int64_t up[2] = {avg.w_avg, avg.remainder};
      if (r > 0) cm.send(i - n2, kBroadcast, up);
      W1 = std::accumulate(col.begin(), col.end(), std::int64_t{0});
      W1_prev = W1 - col.back();
      const std::int64_t along[4] = {avg.w_avg, avg.remainder, W1, W1_prev};
      if (c > 0) cm.send(i - 1, kSpread, along);
      plan_iteration1();
    }
    if (spread_now) {
      if (c > 0) cm.send(i - 1, kSpread, spread);
      avg = average_from_total(spread[0] * n1 * n2 + spread[1], std::int64_t{n1} * n2);
      W1 = spread[2];
      W1_prev = spread[3];
      plan_iteration1();
    }
    if (informed && !done1 && got1 == expect1) iteration1(cm);
    if (done1 && !done0 && got0 == expect0) iteration0(cm);
    cm.halt();  // after superstep 0 everything is triggered by a message
  }

  void plan_iteration1() {
    informed = true;
    const int i = id();
    eta_L1 = r > 0 ? core::mesh_rows_prefix_quota(i - n2, n2, avg) - W1_prev : 0;
    eta_R1 = W1 - core::mesh_rows_prefix_quota(i, n2, avg);
    expect1 = (eta_L1 < 0 ? 1 : 0) + (eta_R1 < 0 ? 1 : 0);
  }

  // 4.3 of iteration 1: up (L) first, then down (R) with the deltas the up pass left (Lemma 3 (7)).
  void iteration1(Comm& cm) {
    done1 = true;
    const int i = id(), row_start = r * n2;
    std::vector<std::int64_t> delta(w.size());
    for (std::size_t j = 0; j < w.size(); ++j)
      delta[j] = w[j] - core::quota(row_start + static_cast<std::int64_t>(j), avg);
    std::vector<std::int64_t> msg(w.size() + 1);
    for (int dir = 0; dir < 2; ++dir) {
      std::int64_t eta = dir == 0 ? eta_L1 : eta_R1;
      if (eta <= 0) continue;
      msg[0] = ready1;
      std::int64_t gamma = 0;
      for (std::size_t j = 0; j < w.size(); ++j) {
        std::int64_t theta;
        if (delta[j] >= eta + gamma)
          theta = eta;
        else if (delta[j] > gamma)
          theta = delta[j] - gamma;
        else
          theta = 0;
        gamma += theta - delta[j];
        eta -= theta;
        msg[j + 1] = theta;
      }
      send_tasks(cm, dir == 0 ? i - n2 : i + n2, 0, ready1, msg.back(), msg, kRowTasks);
      for (std::size_t j = 0; j < w.size(); ++j) {
        w[j] -= msg[j + 1];
        delta[j] -= msg[j + 1];
      }
    }
    // Iteration 0's eta from the row prefix loads after iteration 1.
    const std::int64_t W0 = std::accumulate(w.begin(), w.end(), std::int64_t{0});
    eta_R0 = c + 1 < n2 ? W0 - core::mesh_row_prefix_quota(i, n2, avg) : 0;
    eta_L0 = c > 0 ? core::mesh_row_prefix_quota(i - 1, n2, avg) - (W0 - w.back()) : 0;
    expect0 = (eta_L0 < 0 ? 1 : 0) + (eta_R0 < 0 ? 1 : 0);
  }

  void iteration0(Comm& cm) {
    done0 = true;
    const std::int64_t step_word = ready0;
    const std::span<const std::int64_t> data(&step_word, 1);
    if (eta_L0 > 0) send_tasks(cm, id() - 1, 1, ready0, eta_L0, data, kColTasks);
    if (eta_R0 > 0) send_tasks(cm, id() + 1, 1, ready0, eta_R0, data, kColTasks);
  }
};

}  // namespace

std::unique_ptr<BalancePrograms> make_mwa_programs(const core::Topology& topology,
                                                   const core::LoadVector& loads) {
  if (topology.kind() != core::TopologyKind::Mesh)
    throw std::invalid_argument("MWA needs a mesh topology");
  const int n1 = topology.rows(), n2 = topology.cols();
  std::vector<MwaNode> nodes(static_cast<std::size_t>(topology.size()));
  for (int i = 0; i < topology.size(); ++i) {
    MwaNode& node = nodes[static_cast<std::size_t>(i)];
    node.n1 = n1;
    node.n2 = n2;
    node.r = i / n2;
    node.c = i % n2;
    node.load = loads[static_cast<std::size_t>(i)];
  }
  BalanceProgramsOf<MwaNode>::Info info;
  info.algorithm = "mwa";
  info.initial = loads;
  info.phases = 2;                  // iteration 1 (rows), then iteration 0 (within rows)
  info.info_steps = 2 * (n1 + n2);  // the paper's count for steps 1-3, as core::mwa reports
  info.expected_supersteps = 3LL * (n1 + n2);
  return std::make_unique<BalanceProgramsOf<MwaNode>>(std::move(nodes), std::move(info));
}

}  // namespace loadlab::sim::detail
