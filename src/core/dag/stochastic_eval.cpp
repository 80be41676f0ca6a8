// Monte-Carlo makespan of a fixed schedule under random costs (stochastic.h). The execution model
// is SAGA's stochastic simulator's (the SAGA benchmark, saga.stochastic): placement and the order
// on each processor are the plan's, times follow the drawn costs. Quantiles are nearest-rank.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/dag/stochastic.h"

namespace loadlab::core {

namespace {

// Index of the nearest-rank q-quantile (q = num / 100) of n sorted values: ceil(q n) - 1, in
// integers so that no rounding can move it.
std::size_t stochastic_rank(std::size_t n, std::size_t num) {
  const std::size_t r = (num * n + 99) / 100;
  return r == 0 ? 0 : std::min(n - 1, r - 1);
}

// The entries' execution order: planned start, then planned finish, then entry order. Every
// input a valid schedule uses finishes no later than its consumer starts, so inputs come first.
std::vector<std::size_t> stochastic_entry_order(const Schedule& s) {
  std::vector<std::size_t> order(s.entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const auto &a = s.entries[x], &b = s.entries[y];
    if (a.start != b.start) return a.start < b.start;
    return a.finish < b.finish;
  });
  return order;
}

}  // namespace

MakespanDistribution evaluate_schedule(const TaskGraph& g, const Machine& m,
                                       const StochasticCosts& costs, const Schedule& s,
                                       const EvaluateOptions& opts) {
  if (opts.samples < 1 || opts.samples > StochasticLimits::max_samples)
    throw std::invalid_argument("samples: must be in [1, 100000]");
  if (opts.bins < 1 || opts.bins > StochasticLimits::max_bins)
    throw std::invalid_argument("bins: must be in [1, 200]");
  if (costs.comp.size() != static_cast<std::size_t>(g.size()) ||
      costs.comm.size() != g.edges().size())
    throw std::invalid_argument("costs: one distribution per task and per edge");
  if (!m.etc.empty())
    throw std::invalid_argument(
        "machine: an ETC matrix fixes every execution time; random costs need speeds or "
        "identical processors");
  const std::size_t n_entries = s.entries.size();
  const double work = static_cast<double>(opts.samples) *
                      (static_cast<double>(g.size()) + static_cast<double>(g.edge_count()) +
                       static_cast<double>(n_entries));
  if (work > StochasticLimits::max_work)
    throw std::invalid_argument("samples: samples x (tasks + edges + entries) = " +
                                std::to_string(static_cast<long long>(work)) +
                                " exceeds the limit 4e8");
  const bool uniform = m.uniform();
  const std::int32_t P = m.processors;
  for (const auto& e : s.entries) {
    if (e.task < 0 || e.task >= g.size())
      throw std::invalid_argument("schedule: task id " + std::to_string(e.task) + " out of range");
    if (e.proc < 0 || (!uniform && e.proc >= P))
      throw std::invalid_argument("schedule: " + g.name(e.task) + " is on processor " +
                                  std::to_string(e.proc) + " outside the machine");
  }
  // A uniform machine runs the extra processors of an unbounded schedule like processor 0, and
  // any transfer between two processors like 0 -> 1 (as uniform_graph scales them).
  auto exec_time = [&](double comp, std::int32_t p) {
    if (m.speeds.empty()) return comp;
    return comp / m.speeds[static_cast<std::size_t>(uniform ? 0 : p)];
  };
  auto comm_time = [&](double data, std::int32_t p, std::int32_t q) {
    if (p == q) return 0.0;
    if (uniform) return P > 1 ? m.comm(data, 0, 1) : data;
    return m.comm(data, p, q);
  };

  const std::vector<std::size_t> order = stochastic_entry_order(s);
  // For each entry (in `order`), its processor predecessor and, per in-edge of its task, the
  // copies of the source task placed before it (several only when tasks are duplicated).
  std::int32_t max_proc = 0;
  for (const auto& e : s.entries) max_proc = std::max(max_proc, e.proc);
  std::vector<std::int64_t> last_on_proc(static_cast<std::size_t>(max_proc) + 1, -1);
  std::vector<std::int64_t> prev_on_proc(n_entries, -1);
  std::vector<std::vector<std::size_t>> copies_so_far(static_cast<std::size_t>(g.size()));
  std::vector<std::size_t> input_off(n_entries + 1, 0);  // indexed by position in `order`
  std::vector<std::int64_t> input_edge;                  // edge per input slot
  std::vector<std::size_t> copy_off;                     // per input slot: range in copy_list
  std::vector<std::size_t> copy_list;
  for (std::size_t pos = 0; pos < n_entries; ++pos) {
    const std::size_t e = order[pos];
    const auto& en = s.entries[e];
    prev_on_proc[pos] = last_on_proc[static_cast<std::size_t>(en.proc)];
    last_on_proc[static_cast<std::size_t>(en.proc)] = static_cast<std::int64_t>(pos);
    for (std::int64_t ei : g.in_edges(en.task)) {
      const TaskId u = g.edge(ei).from;
      const auto& cps = copies_so_far[static_cast<std::size_t>(u)];
      if (cps.empty())
        throw std::invalid_argument("schedule: " + g.name(en.task) + " starts before its input " +
                                    g.name(u) + " is placed");
      input_edge.push_back(ei);
      copy_off.push_back(copy_list.size());
      copy_list.insert(copy_list.end(), cps.begin(), cps.end());
    }
    input_off[pos + 1] = input_edge.size();
    copies_so_far[static_cast<std::size_t>(en.task)].push_back(pos);
  }
  copy_off.push_back(copy_list.size());
  for (TaskId t = 0; t < g.size(); ++t)
    if (copies_so_far[static_cast<std::size_t>(t)].empty())
      throw std::invalid_argument("schedule: task " + g.name(t) + " is never placed");

  const auto N = static_cast<std::size_t>(opts.samples);
  const bool spread = static_cast<double>(n_entries) * static_cast<double>(N) <=
                      StochasticLimits::max_spread_values;
  std::vector<double> finishes;  // sample-major: finishes[k * n_entries + entry]
  if (spread) finishes.resize(N * n_entries);
  std::vector<double> makespans(N);
  std::vector<double> comp(static_cast<std::size_t>(g.size()));
  std::vector<double> data(g.edges().size());
  std::vector<double> fin(n_entries);
  util::Rng rng(opts.seed);
  for (std::size_t k = 0; k < N; ++k) {
    for (std::size_t t = 0; t < comp.size(); ++t) comp[t] = costs.comp[t].draw(rng);
    for (std::size_t e = 0; e < data.size(); ++e) data[e] = costs.comm[e].draw(rng);
    double makespan = 0;
    for (std::size_t pos = 0; pos < n_entries; ++pos) {
      const auto& en = s.entries[order[pos]];
      double ready = prev_on_proc[pos] >= 0 ? fin[static_cast<std::size_t>(prev_on_proc[pos])] : 0;
      for (std::size_t in = input_off[pos]; in < input_off[pos + 1]; ++in) {
        const double d = data[static_cast<std::size_t>(input_edge[in])];
        double arrival = INFINITY;
        for (std::size_t c = copy_off[in]; c < copy_off[in + 1]; ++c) {
          const std::size_t src = copy_list[c];
          arrival = std::min(arrival, fin[src] + comm_time(d, s.entries[order[src]].proc, en.proc));
        }
        ready = std::max(ready, arrival);
      }
      fin[pos] = ready + exec_time(comp[static_cast<std::size_t>(en.task)], en.proc);
      makespan = std::max(makespan, fin[pos]);
      if (spread) finishes[k * n_entries + order[pos]] = fin[pos];
    }
    makespans[k] = makespan;
  }

  MakespanDistribution out;
  out.samples = opts.samples;
  // Sums of differences from the first value: exact (mean = the value, std = 0) when every
  // execution takes the same time, as constant costs do, and less cancellation otherwise.
  double sum = 0;
  for (double x : makespans) sum += x - makespans.front();
  out.mean = makespans.front() + sum / static_cast<double>(N);
  double ss = 0;
  for (double x : makespans) ss += (x - out.mean) * (x - out.mean);
  out.sd = N > 1 ? std::sqrt(ss / static_cast<double>(N - 1)) : 0.0;
  std::vector<double> sorted = makespans;
  std::sort(sorted.begin(), sorted.end());
  out.min = sorted.front();
  out.max = sorted.back();
  out.p5 = sorted[stochastic_rank(N, 5)];
  out.p50 = sorted[stochastic_rank(N, 50)];
  out.p95 = sorted[stochastic_rank(N, 95)];
  const auto bins = static_cast<std::size_t>(opts.bins);
  out.histogram.edges.resize(bins + 1);
  out.histogram.counts.assign(bins, 0);
  const double width = out.max - out.min;
  for (std::size_t b = 0; b <= bins; ++b)
    out.histogram.edges[b] =
        b == bins ? out.max : out.min + width * static_cast<double>(b) / static_cast<double>(bins);
  for (double x : makespans) {
    std::size_t b = 0;
    if (width > 0) {
      const double f = (x - out.min) / width * static_cast<double>(bins);
      b = std::min(bins - 1, static_cast<std::size_t>(f));
    }
    ++out.histogram.counts[b];
  }
  if (spread) {
    out.finish.resize(n_entries);
    std::vector<double> col(N);
    for (std::size_t e = 0; e < n_entries; ++e) {
      const double first = finishes[e];
      double fs = 0;
      for (std::size_t k = 0; k < N; ++k) fs += (col[k] = finishes[k * n_entries + e]) - first;
      std::sort(col.begin(), col.end());
      out.finish[e] = {first + fs / static_cast<double>(N), col[stochastic_rank(N, 5)],
                       col[stochastic_rank(N, 95)]};
    }
  }
  return out;
}

}  // namespace loadlab::core
