// Cube Walking Algorithm. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 10.
//
// The paper's node program keeps, in every node, vectors w_i^j, delta_i^j, theta_i^j, gamma_i^j for
// its j-dimensional subcubes. All nodes of one subcube compute the same values, so this central
// version computes them once per subcube: in iteration k, each (k+1)-block is split into its two
// halves; the overloaded half (delta^k > 0) walks its binary tree of subcubes from level k down to
// single nodes with the theta/gamma recurrence of step 4.1, and every node sends theta_i^0 across
// dimension k. Subcube deltas (w^j - q^j) come from one prefix sum of w_i - q_i per iteration, so
// an iteration costs O(N) and the whole run O(N log N).
#include "core/balance/cwa.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "core/balance/quota.h"

namespace loadlab::core {

namespace {

class CwaRun {
 public:
  CwaRun(const LoadVector& loads, const Average& avg, int dim, bool record)
      : load_(loads), avg_(avg), dim_(dim), excess_(loads.size() + 1, 0) {
    if (record) {
      theta_.resize(dim + 1);
      gamma_.resize(dim + 1);
      for (int j = 0; j <= dim; ++j) {
        theta_[j].assign(loads.size() >> j, 0);
        gamma_[j].assign(loads.size() >> j, 0);
      }
    }
  }

  // Iteration k of step 4; appends this step's transfers (step number dim-1-k).
  void iteration(int k, std::vector<Transfer>& out, std::vector<CwaTableRow>* table) {
    const std::int64_t n = static_cast<std::int64_t>(load_.size());
    // excess_[i] = sum over j < i of (w_j - q_j): any aligned subcube's delta is one subtraction.
    for (std::int64_t i = 0; i < n; ++i) excess_[i + 1] = excess_[i] + load_[i] - quota(i, avg_);
    const std::int64_t half = std::int64_t{1} << k;
    const std::size_t first_new = out.size();
    for (std::int64_t base = 0; base < n; base += 2 * half) {
      const std::int64_t delta_lower = delta(base, k);
      if (delta_lower == 0) continue;
      // Tasks go one way only: from the overloaded half to the other (Lemma 2's proof).
      const std::int64_t sender = delta_lower > 0 ? base : base + half;
      const std::int64_t excess = delta_lower > 0 ? delta_lower : -delta_lower;
      record(k, sender, excess, 0);
      split(sender, k, excess, 0, half, dim_ - 1 - k, out);
      if (table) emit_rows(k, sender, table);
    }
    for (std::size_t t = first_new; t < out.size(); ++t) {
      load_[out[t].from] -= out[t].count;
      load_[out[t].to] += out[t].count;
    }
  }

  LoadVector take_loads() { return std::move(load_); }

 private:
  // delta of the j-subcube starting at `start`: current tasks minus its quota q^j.
  std::int64_t delta(std::int64_t start, int j) const {
    return excess_[start + (std::int64_t{1} << j)] - excess_[start];
  }

  void record(int j, std::int64_t start, std::int64_t theta, std::int64_t gamma) {
    if (theta_.empty()) return;
    theta_[j][start >> j] = theta;
    gamma_[j][start >> j] = gamma;
  }

  // The (j)-subcube at `start` sends `theta` and reserves `gamma` (= its delta - theta); split it
  // into its halves along dimension j-1 with the four cases of step 4.1.
  void split(std::int64_t start, int j, std::int64_t theta, std::int64_t gamma, std::int64_t across,
             int step, std::vector<Transfer>& out) {
    // A subcube that sends nothing has children that send nothing (Lemma 2, cases 1 and 3), so the
    // walk below it only matters for the printed tables.
    if (theta == 0 && theta_.empty()) return;
    if (j == 0) {
      if (theta > 0)
        out.push_back({step, static_cast<int>(start), static_cast<int>(start ^ across), theta});
      return;
    }
    const int c = j - 1;
    const std::int64_t lower = start, upper = start + (std::int64_t{1} << c);
    const std::int64_t d_lower = delta(lower, c), d_upper = delta(upper, c);
    std::int64_t t_lower, t_upper;
    if (d_lower <= gamma) {
      t_lower = 0;
      t_upper = theta;
    } else {
      t_lower = std::min(d_lower - gamma, theta);
      t_upper = std::max<std::int64_t>(d_upper, 0);
    }
    record(c, lower, t_lower, d_lower - t_lower);
    record(c, upper, t_upper, d_upper - t_upper);
    split(lower, c, t_lower, d_lower - t_lower, across, step, out);
    split(upper, c, t_upper, d_upper - t_upper, across, step, out);
  }

  void emit_rows(int k, std::int64_t sender, std::vector<CwaTableRow>* table) const {
    for (std::int64_t i = sender; i < sender + (std::int64_t{1} << k); ++i) {
      CwaTableRow row;
      row.k = k;
      row.node = static_cast<int>(i);
      for (int j = 0; j <= k; ++j) {
        const std::int64_t start = i >> j << j, size = std::int64_t{1} << j;
        row.w.push_back(delta(start, j) + range_quota(start, size, avg_));
        row.delta.push_back(delta(start, j));
        row.theta.push_back(theta_[j][start >> j]);
        row.gamma.push_back(gamma_[j][start >> j]);
      }
      table->push_back(std::move(row));
    }
  }

  LoadVector load_;
  Average avg_;
  int dim_;
  std::vector<std::int64_t> excess_;
  std::vector<std::vector<std::int64_t>> theta_, gamma_;  // per level, per subcube (tables only)
};

}  // namespace

BalanceResult cwa(const Topology& topology, const LoadVector& loads,
                  std::vector<CwaTableRow>* table) {
  if (topology.kind() != TopologyKind::Hypercube)
    throw std::invalid_argument("CWA needs a hypercube topology");
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  const Average avg = average_load(loads);
  const int d = topology.dim();
  BalanceResult r;
  r.algorithm = "cwa";
  r.initial_loads = loads;
  r.transfers.reserve(loads.size());  // typical count; avoids regrowing a multi-MB vector
  CwaRun run(loads, avg, d, table != nullptr);
  for (int k = d - 1; k >= 0; --k) run.iteration(k, r.transfers, table);
  r.final_loads = run.take_loads();
  r.steps = d;
  r.info_steps = 2 * d;
  return r;
}

}  // namespace loadlab::core
