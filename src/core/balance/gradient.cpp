// Gradient model. Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques"
// (gradient model, 5 x 5 pressure example).
#include "core/balance/gradient.h"

#include <cmath>
#include <stdexcept>

namespace loadlab::core {

std::vector<int> pressure_surface(const Topology& t, const std::vector<char>& light) {
  const int n = t.size();
  std::vector<int> p(static_cast<std::size_t>(n), -1);
  std::vector<int> queue;
  queue.reserve(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v)
    if (light[static_cast<std::size_t>(v)]) {
      p[static_cast<std::size_t>(v)] = 0;
      queue.push_back(v);
    }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int v = queue[head];
    for (int u : t.neighbours(v))
      if (p[static_cast<std::size_t>(u)] < 0) {
        p[static_cast<std::size_t>(u)] = p[static_cast<std::size_t>(v)] + 1;
        queue.push_back(u);
      }
  }
  return p;
}

double gradient_threshold(const LoadVector& loads, const IterativeOptions& o) {
  if (!std::isnan(o.threshold)) return o.threshold;
  const std::int64_t n = static_cast<std::int64_t>(loads.size());
  return n == 0 ? 0 : static_cast<double>(total_load(loads) / n);
}

IterativeResult gradient(const Topology& t, const LoadVector& loads, const IterativeOptions& o) {
  check_iterative_options(t, loads, o);
  if (!(o.threshold >= 0) && !std::isnan(o.threshold))
    throw std::invalid_argument("threshold must be a non-negative number");
  IterativeResult r;
  r.algorithm = "gradient";
  r.initial_loads = loads;
  const double thr = gradient_threshold(loads, o);
  const double average =
      loads.empty() ? 0
                    : static_cast<double>(total_load(loads)) / static_cast<double>(loads.size());
  r.parameter = thr;
  r.parameter_source = "threshold";
  const int n = t.size();
  const std::vector<std::int64_t> slots =
      o.record_flows ? slot_edge_index(t) : std::vector<std::int64_t>{};
  std::vector<char> light(static_cast<std::size_t>(n));
  run_sweeps(t, o, r, [&](int s, IterativeState& st) {
    const std::vector<double> w = st.real;  // tasks model: kept equal to st.tasks by the driver
    for (int v = 0; v < n; ++v)
      light[static_cast<std::size_t>(v)] = w[static_cast<std::size_t>(v)] < thr;
    const std::vector<int> p = pressure_surface(t, light);
    if (s == 0) r.pressure = p;
    bool moved = false;
    std::vector<double> delta(static_cast<std::size_t>(n), 0.0);
    for (int i = 0; i < n; ++i) {
      const int pi = p[static_cast<std::size_t>(i)];
      if (pi <= 0) continue;
      const auto nb = t.neighbours(i);
      std::size_t k = 0;
      while (p[static_cast<std::size_t>(nb[k])] != pi - 1) ++k;  // exists: pi is a BFS distance
      const int j = nb[k];
      const double wi = w[static_cast<std::size_t>(i)], wj = w[static_cast<std::size_t>(j)];
      const std::int64_t edge =
          o.record_flows ? slots[static_cast<std::size_t>(nb.data() - t.neighbours(0).data()) + k]
                         : 0;
      if (st.model == IterativeModel::Real) {
        const double amount = std::min(wi - average, (wi - wj) / 2);
        if (!(amount > 0)) continue;
        moved = true;
        delta[static_cast<std::size_t>(i)] -= amount;
        delta[static_cast<std::size_t>(j)] += amount;
        if (st.record_flows)
          st.edge_flow[static_cast<std::size_t>(edge)] += i < j ? amount : -amount;
      } else {
        const auto wi_t =
            st.tasks[static_cast<std::size_t>(i)];  // not yet changed: one send per node
        const std::int64_t wj0 = static_cast<std::int64_t>(wj);
        const std::int64_t amount = std::min(static_cast<std::int64_t>(wi - std::floor(thr)),
                                             (static_cast<std::int64_t>(wi) - wj0) / 2);
        if (amount <= 0 || amount > wi_t) continue;
        moved = true;
        delta[static_cast<std::size_t>(i)] -= static_cast<double>(amount);
        delta[static_cast<std::size_t>(j)] += static_cast<double>(amount);
        if (st.record_flows)
          st.edge_flow[static_cast<std::size_t>(edge)] += i < j ? amount : -amount;
        if (st.transfers && !*st.truncated) {
          if (st.transfers->size() >= IterativeLimits::max_recorded_transfers)
            *st.truncated = true;
          else
            st.transfers->push_back({s, i, j, amount});
        }
      }
    }
    for (int v = 0; v < n; ++v) {
      if (st.model == IterativeModel::Real)
        st.real[static_cast<std::size_t>(v)] += delta[static_cast<std::size_t>(v)];
      else
        st.tasks[static_cast<std::size_t>(v)] +=
            static_cast<std::int64_t>(delta[static_cast<std::size_t>(v)]);
    }
    return moved;
  });
  return r;
}

}  // namespace loadlab::core
