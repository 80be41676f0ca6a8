// Verifier for the iterative balancers (see iterative_verify.h).
#include "core/verify/iterative_verify.h"

#include <algorithm>
#include <cmath>

namespace loadlab::core {

IterativeVerification verify_iterative(const Topology& t, const LoadVector& initial,
                                       const IterativeResult& r) {
  IterativeVerification v;
  auto fail = [&](std::string msg) {
    v.ok = false;
    if (v.errors.size() < 20) v.errors.push_back(std::move(msg));
  };
  const auto n = static_cast<std::size_t>(t.size());
  if (initial.size() != n || r.final_loads.size() != n) {
    fail("expected one initial and one final load per node");
    return v;
  }
  const bool tasks = r.model == IterativeModel::Tasks;
  double total0 = 0, total1 = 0, scale = 0;
  for (std::size_t i = 0; i < n; ++i) {
    total0 += static_cast<double>(initial[i]);
    total1 += r.final_loads[i];
    scale = std::max(scale, static_cast<double>(initial[i]));
  }
  const double tol = 1e-9 * std::max(1.0, total0);
  if (tasks) {
    std::int64_t sum0 = 0, sum1 = 0;
    for (std::size_t i = 0; i < n; ++i) {
      sum0 += initial[i];
      const double f = r.final_loads[i];
      if (f != std::floor(f)) fail("node " + std::to_string(i) + ": a fraction of a task");
      if (f < 0) fail("node " + std::to_string(i) + ": negative load");
      sum1 += static_cast<std::int64_t>(f);
    }
    if (sum0 != sum1)
      fail("tasks not conserved: " + std::to_string(sum0) + " before, " + std::to_string(sum1) +
           " after");
  } else {
    if (!(std::abs(total1 - total0) <= tol)) fail("load not conserved to 1e-9 relative");
    for (std::size_t i = 0; i < n; ++i)
      if (!(r.final_loads[i] >= -tol)) fail("node " + std::to_string(i) + ": negative load");
  }
  if (!r.edge_flow.empty()) {
    const std::vector<Edge> edges = t.edges();
    if (r.edge_flow.size() != edges.size()) {
      fail("edge_flow: one entry per edge of the topology expected");
    } else {
      std::vector<double> rebuilt(n);
      for (std::size_t i = 0; i < n; ++i) rebuilt[i] = static_cast<double>(initial[i]);
      for (std::size_t e = 0; e < edges.size(); ++e) {
        rebuilt[static_cast<std::size_t>(edges[e].a)] -= r.edge_flow[e];
        rebuilt[static_cast<std::size_t>(edges[e].b)] += r.edge_flow[e];
      }
      for (std::size_t i = 0; i < n; ++i) {
        const double diff = std::abs(rebuilt[i] - r.final_loads[i]);
        if (tasks ? diff != 0 : !(diff <= tol))
          fail("node " + std::to_string(i) +
               ": final load is not initial load plus flows over its links");
      }
    }
  }
  if (tasks && !r.transfers.empty() && !r.transfers_truncated) {
    std::vector<std::int64_t> w(initial.begin(), initial.end());
    for (std::size_t k = 0; k < r.transfers.size(); ++k) {
      const Transfer& x = r.transfers[k];
      if (k > 0 && x.step < r.transfers[k - 1].step) fail("transfers out of step order");
      if (x.from < 0 || x.to < 0 || static_cast<std::size_t>(x.from) >= n ||
          static_cast<std::size_t>(x.to) >= n || !t.has_link(x.from, x.to)) {
        fail("transfer " + std::to_string(k) + " is not along a link");
        return v;
      }
      if (x.count <= 0) fail("transfer " + std::to_string(k) + " moves no task");
      w[static_cast<std::size_t>(x.from)] -= x.count;
      w[static_cast<std::size_t>(x.to)] += x.count;
      if (w[static_cast<std::size_t>(x.from)] < 0)
        fail("transfer " + std::to_string(k) + " overdraws node " + std::to_string(x.from));
    }
    for (std::size_t i = 0; i < n; ++i)
      if (static_cast<double>(w[i]) != r.final_loads[i])
        fail("replaying the transfers does not give node " + std::to_string(i) + "'s final load");
  }
  if (r.algorithm == "gde") {
    const std::string c = check_edge_colouring(t, r.colouring);
    if (!c.empty()) fail("colouring: " + c);
  }
  if (!r.history_max_minus_min.empty() && n > 0) {
    const auto [lo, hi] = std::minmax_element(r.final_loads.begin(), r.final_loads.end());
    if (std::abs((*hi - *lo) - r.history_max_minus_min.back()) > 1e-9 * std::max(1.0, scale))
      fail("history: the last max - min is not the final loads'");
  }
  if (static_cast<int>(r.history_max_minus_min.size()) != r.sweeps_run)
    fail("history: one entry per sweep expected");
  return v;
}

}  // namespace loadlab::core
