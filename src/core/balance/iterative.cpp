// The sweep driver shared by GDE, diffusion and the gradient model.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques", "Termination
// Detection".
#include "core/balance/iterative.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "core/balance/quota.h"
#include "core/balance/termination.h"

namespace loadlab::core {

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
  r.stop_threshold = threshold;
  const std::size_t block = spread_block(topology);
  load_spread(st.real, block, r.initial_max_minus_min, r.initial_std_dev);
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
    load_spread(st.real, block, spread, sd);
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

bool can_fuse(const IterativeOptions& o) {
  return o.parallel != nullptr && o.model == IterativeModel::Real && !o.termination &&
         !o.record_flows;
}

void run_sweeps_fused(const IterativeOptions& o, IterativeResult& r, const FusedSweep& sweep) {
  // The same sequence of events as run_sweeps (real model: every sweep moves load).
  const std::size_t n = r.initial_loads.size();
  std::vector<double> cur(n), next(sweep.in_place ? 0 : n);
  for (std::size_t v = 0; v < n; ++v) cur[v] = static_cast<double>(r.initial_loads[v]);
  r.model = o.model;
  const double average =
      n == 0 ? 0 : static_cast<double>(total_load(r.initial_loads)) / static_cast<double>(n);
  const double threshold = o.stop.threshold(average);
  r.stop_threshold = threshold;
  load_spread(cur, sweep.spread_block, r.initial_max_minus_min, r.initial_std_dev);
  bool met = r.initial_max_minus_min < threshold;
  r.stop_rule_met = met;
  r.sweeps = 0;
  r.history_max_minus_min.clear();
  r.history_std_dev.clear();
  const std::size_t nb = (n + sweep.spread_block - 1) / sweep.spread_block;
  std::vector<SpreadMoments> blocks(static_cast<std::size_t>(std::max(sweep.sweeps_per_pass, 1)) *
                                    nb);
  auto pass = [&](int k) {  // k sweeps: cur -> cur (in place) or cur -> next, then swapped
    const double* in = cur.data();
    double* out = sweep.in_place ? cur.data() : next.data();
    auto body = [&](int p, std::int64_t b, std::int64_t e) {
      sweep.body(p, b, e, in, out, blocks.data(), k);
    };
    if (sweep.coarse)
      o.parallel->run_coarse_phases(sweep.counts, body, nullptr);
    else
      o.parallel->run_phases(sweep.counts, body, nullptr);
    if (sweep.moments_pass) {
      const auto last = static_cast<int>(sweep.counts.size());
      o.parallel->run_coarse_phases(
          {static_cast<std::int64_t>(nb)},
          [&](int, std::int64_t b, std::int64_t e) { body(last, b, e); }, nullptr);
    }
    if (!sweep.in_place) cur.swap(next);
  };
  // Records the history entry of the sweep whose moments start at blocks[offset]; true if the
  // stop rule holds after it.
  auto record = [&](std::size_t offset) {
    double spread = 0, sd = 0;
    combine_spread(std::span<const SpreadMoments>(blocks.data() + offset, nb), spread, sd);
    r.history_max_minus_min.push_back(spread);
    r.history_std_dev.push_back(sd);
    return spread < threshold;
  };
  int s = 0;
  while (!met && s < o.max_sweeps) {
    const int k = sweep.sweeps_per_pass >= 2 && s + 2 <= o.max_sweeps ? 2 : 1;
    pass(k);
    if (k == 2 && record(0)) {
      // The rule held after the first of the two sweeps: that sweep's loads are the result.
      // `next` still holds the pass's input (out of place), so redo it as a single sweep.
      cur.swap(next);
      pass(1);
      s += 1;
      met = true;
    } else {
      s += k;
      met = record(k == 2 ? nb : 0);
    }
    if (met) {
      r.stop_rule_met = true;
      r.sweeps = s;
    }
  }
  r.sweeps_run = s;
  if (!met) r.sweeps = s;
  r.final_loads = std::move(cur);
  r.edge_flow.clear();
  r.measured_rate = measured_rate(r.history_max_minus_min, r.initial_max_minus_min);
}

}  // namespace loadlab::core
