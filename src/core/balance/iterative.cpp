// The sweep driver shared by GDE, diffusion and the gradient model.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination Detection".
#include "core/balance/iterative.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "core/balance/quota.h"
#include "core/balance/termination.h"

namespace loadlab::core {

void load_spread(const std::vector<double>& w, double& max_minus_min, double& std_dev) {
  if (w.empty()) {
    max_minus_min = std_dev = 0;
    return;
  }
  // Sums in four fixed lanes (element i in lane i mod 4, lanes added as (0 + 1) + (2 + 3)): one
  // chain of dependent additions per node was a third of a sweep, and the side task of the
  // threaded sweeps. The order is fixed, so the bits are the same on every platform, for every
  // thread count and in the node programs, which call this too.
  const std::size_t n = w.size(), body = n - n % 4;
  double lo = w[0], hi = w[0];
  double s[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < body; i += 4)
    for (std::size_t l = 0; l < 4; ++l) {
      const double x = w[i + l];
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      s[l] += x;
    }
  for (std::size_t i = body; i < n; ++i) {
    lo = std::min(lo, w[i]);
    hi = std::max(hi, w[i]);
    s[i - body] += w[i];
  }
  const double mean = ((s[0] + s[1]) + (s[2] + s[3])) / static_cast<double>(n);
  double q[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < body; i += 4)
    for (std::size_t l = 0; l < 4; ++l) q[l] += (w[i + l] - mean) * (w[i + l] - mean);
  for (std::size_t i = body; i < n; ++i) q[i - body] += (w[i] - mean) * (w[i] - mean);
  max_minus_min = hi - lo;
  std_dev = std::sqrt(((q[0] + q[1]) + (q[2] + q[3])) / static_cast<double>(n));
}

double measured_rate(const std::vector<double>& history, double initial) {
  // Below ~1e-11 of the start, max - min is round-off, not contraction.
  const double floor = 1e-11 * std::max(initial, 1e-300);
  std::size_t end = history.size();
  while (end > 0 && !(history[end - 1] > floor)) --end;
  if (end < 2) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t span = std::max<std::size_t>(1, std::min<std::size_t>(100, end / 2));
  const double a = history[end - 1 - span], b = history[end - 1];
  if (!(a > 0)) return std::numeric_limits<double>::quiet_NaN();
  return std::pow(b / a, 1.0 / static_cast<double>(span));
}

void IterativeState::move_tasks(int step, int from, int to, std::int64_t count, std::int64_t edge,
                                bool a_to_b) {
  tasks[static_cast<std::size_t>(from)] -= count;
  tasks[static_cast<std::size_t>(to)] += count;
  if (record_flows) edge_flow[static_cast<std::size_t>(edge)] += a_to_b ? count : -count;
  if (transfers && !*truncated) {
    if (transfers->size() >= IterativeLimits::max_recorded_transfers)
      *truncated = true;
    else
      transfers->push_back({step, from, to, count});
  }
}

void check_iterative_options(const Topology& topology, const LoadVector& loads,
                             const IterativeOptions& o) {
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  average_load(loads);  // the same load checks as paper 000's algorithms
  if (o.max_sweeps < 0 || o.max_sweeps > IterativeLimits::max_sweeps)
    throw std::invalid_argument("max_sweeps must be in [0, " +
                                std::to_string(IterativeLimits::max_sweeps) + "]");
  if (!(o.stop.value >= 0) || !std::isfinite(o.stop.value))
    throw std::invalid_argument("stop: the threshold must be a non-negative number");
  if (o.termination && (o.termination_k < 1 || o.termination_k > 1000))
    throw std::invalid_argument("termination: k must be in [1, 1000]");
}

std::vector<std::int64_t> slot_edge_index(const Topology& t) {
  const int n = t.size();
  std::vector<std::int64_t> offset(static_cast<std::size_t>(n) + 1, 0);
  for (int v = 0; v < n; ++v) offset[static_cast<std::size_t>(v) + 1] = offset[v] + t.degree(v);
  std::vector<std::int64_t> out(static_cast<std::size_t>(offset[static_cast<std::size_t>(n)]), -1);
  std::int64_t e = 0;
  for (int a = 0; a < n; ++a) {
    const auto nb = t.neighbours(a);
    for (std::size_t k = 0; k < nb.size(); ++k) {
      const int b = nb[k];
      if (b < a) continue;
      out[static_cast<std::size_t>(offset[a]) + k] = e;
      const auto nbb = t.neighbours(b);
      const auto pos = std::lower_bound(nbb.begin(), nbb.end(), a) - nbb.begin();
      out[static_cast<std::size_t>(offset[b] + pos)] = e;
      ++e;
    }
  }
  return out;
}

void run_sweeps(const Topology& topology, const IterativeOptions& o, IterativeResult& r,
                const std::function<bool(int, IterativeState&)>& sweep) {
  IterativeState st;
  st.model = o.model;
  st.record_flows = o.record_flows;
  const std::size_t n = r.initial_loads.size();
  st.real.resize(n);
  for (std::size_t v = 0; v < n; ++v) st.real[v] = static_cast<double>(r.initial_loads[v]);
  if (o.model == IterativeModel::Tasks) {
    st.tasks = r.initial_loads;
    st.transfers = &r.transfers;
    st.truncated = &r.transfers_truncated;
  }
  if (o.record_flows) st.edge_flow.assign(static_cast<std::size_t>(topology.edge_count()), 0.0);
  r.model = o.model;
  const double average =
      n == 0 ? 0 : static_cast<double>(total_load(r.initial_loads)) / static_cast<double>(n);
  const double threshold = o.stop.threshold(average);
  load_spread(st.real, r.initial_max_minus_min, r.initial_std_dev);
  bool met = r.initial_max_minus_min < threshold;
  r.stop_rule_met = met;
  r.sweeps = 0;
  std::unique_ptr<DsMonitor> ds;
  if (o.termination) {
    ds = std::make_unique<DsMonitor>(topology, st.real, threshold, o.termination_k);
    r.termination.enabled = true;
    r.termination.epsilon = ds->config().epsilon;
    r.termination.k = o.termination_k;
  }
  r.history_max_minus_min.clear();
  r.history_std_dev.clear();
  int s = 0;
  while (s < o.max_sweeps) {
    if (!ds && met) break;
    const bool moved = sweep(s, st);
    ++s;
    if (o.model == IterativeModel::Tasks)
      for (std::size_t v = 0; v < n; ++v) st.real[v] = static_cast<double>(st.tasks[v]);
    double spread = 0, sd = 0;
    load_spread(st.real, spread, sd);
    r.history_max_minus_min.push_back(spread);
    r.history_std_dev.push_back(sd);
    if (!met && spread < threshold) {
      met = true;
      r.stop_rule_met = true;
      r.sweeps = s;
    }
    if (ds) {
      if (ds->after_sweep(s, st.real)) break;
    } else if (!moved) {
      r.stalled = true;
      break;
    }
  }
  r.sweeps_run = s;
  if (!met) r.sweeps = s;
  if (ds) {
    r.termination.detected = ds->detected_at() >= 0;
    r.termination.detected_at_sweep = ds->detected_at();
    r.termination.stopped_at_sweep = r.termination.detected ? s : -1;
    r.termination.control_messages = ds->control_messages();
  }
  r.final_loads = std::move(st.real);
  r.edge_flow = std::move(st.edge_flow);
  r.measured_rate = measured_rate(r.history_max_minus_min, r.initial_max_minus_min);
}

bool can_pipeline(const IterativeOptions& o) {
  return o.parallel != nullptr && o.model == IterativeModel::Real && !o.termination && !o.record_flows;
}

void run_sweeps_pipelined(const IterativeOptions& o, IterativeResult& r, const PhasedSweep& sweep) {
  // The same sequence of events as run_sweeps (real model: every sweep moves load).
  const std::size_t n = r.initial_loads.size();
  std::vector<double> cur(n), next(n);
  for (std::size_t v = 0; v < n; ++v) cur[v] = static_cast<double>(r.initial_loads[v]);
  r.model = o.model;
  const double average =
      n == 0 ? 0 : static_cast<double>(total_load(r.initial_loads)) / static_cast<double>(n);
  const double threshold = o.stop.threshold(average);
  load_spread(cur, r.initial_max_minus_min, r.initial_std_dev);
  bool met = r.initial_max_minus_min < threshold;
  r.stop_rule_met = met;
  r.sweeps = 0;
  r.history_max_minus_min.clear();
  r.history_std_dev.clear();
  auto run = [&](const std::function<void()>& side) {
    auto body = [&](int p, std::int64_t b, std::int64_t e) { sweep.body(p, b, e, cur, next); };
    if (sweep.coarse)
      o.parallel->run_coarse_phases(sweep.counts, body, side);
    else
      o.parallel->run_phases(sweep.counts, body, side);
  };
  int s = 0;
  if (!met && o.max_sweeps > 0) {
    run(nullptr);
    cur.swap(next);
    s = 1;
    for (;;) {
      // cur = loads after sweep s; next receives sweep s + 1 (speculatively) meanwhile.
      double spread = 0, sd = 0;
      const bool more = s < o.max_sweeps;
      if (more)
        run([&] { load_spread(cur, spread, sd); });
      else
        load_spread(cur, spread, sd);
      r.history_max_minus_min.push_back(spread);
      r.history_std_dev.push_back(sd);
      if (spread < threshold) {
        met = true;
        r.stop_rule_met = true;
        r.sweeps = s;
        break;  // sweep s + 1 is dropped: cur stays the result
      }
      if (!more) break;
      cur.swap(next);
      ++s;
    }
  }
  r.sweeps_run = s;
  if (!met) r.sweeps = s;
  r.final_loads = std::move(cur);
  r.edge_flow.clear();
  r.measured_rate = measured_rate(r.history_max_minus_min, r.initial_max_minus_min);
}

}  // namespace loadlab::core
