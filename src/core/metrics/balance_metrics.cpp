// Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Sections 2 and 4 (task-hops, non-local tasks).
#include "core/metrics/balance_metrics.h"

#include <algorithm>

#include "core/balance/quota.h"

namespace loadlab::core {

namespace {

struct Run {
  int origin;
  std::int64_t count;
};

bool valid_nodes(const Transfer& t, std::size_t n) {
  return t.from >= 0 && t.to >= 0 && std::size_t(t.from) < n && std::size_t(t.to) < n;
}

// A task can only come home along a closed walk of transfers. None exists if the transfer graph is
// acyclic (TWA, MWA, the optimum) ...
bool transfer_graph_acyclic(std::size_t n, const std::vector<Transfer>& transfers) {
  std::vector<std::size_t> begin(n + 1, 0), indeg(n, 0);
  for (const Transfer& t : transfers) {
    ++begin[t.from + 1];
    ++indeg[t.to];
  }
  for (std::size_t v = 0; v < n; ++v) begin[v + 1] += begin[v];
  std::vector<int> out(transfers.size());
  {
    std::vector<std::size_t> fill(begin.begin(), begin.end() - 1);
    for (const Transfer& t : transfers) out[fill[t.from]++] = t.to;
  }
  std::vector<int> queue;
  for (std::size_t v = 0; v < n; ++v)
    if (indeg[v] == 0) queue.push_back(int(v));
  for (std::size_t h = 0; h < queue.size(); ++h)
    for (std::size_t k = begin[queue[h]]; k < begin[queue[h] + 1]; ++k)
      if (--indeg[out[k]] == 0) queue.push_back(out[k]);
  return queue.size() == n;
}

// ... or if every step moves along a single hypercube dimension and no dimension is used in two
// steps (CWA, DEM): a task then flips each address bit at most once and never returns.
bool one_dimension_per_step(const std::vector<Transfer>& transfers) {
  unsigned used = 0, current = 0;
  int step = -1;
  for (const Transfer& t : transfers) {
    const unsigned bit = unsigned(t.from ^ t.to);
    if (bit == 0 || (bit & (bit - 1)) != 0) return false;
    if (t.step != step) {
      if (used & bit) return false;
      used |= bit;
      current = bit;
      step = t.step;
    } else if (bit != current) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::int64_t non_local_tasks(const LoadVector& initial, const std::vector<Transfer>& transfers) {
  const std::size_t n = initial.size();
  for (const Transfer& t : transfers)
    if (!valid_nodes(t, n)) return non_local_tasks_tracked(initial, transfers);
  if (!transfer_graph_acyclic(n, transfers) && !one_dimension_per_step(transfers))
    return non_local_tasks_tracked(initial, transfers);
  // No task comes back, so everything a node receives is foreign there for good.
  LoadVector own = initial, foreign(n, 0);
  std::vector<std::pair<int, std::int64_t>> arriving;
  std::size_t k = 0;
  while (k < transfers.size()) {
    const int step = transfers[k].step;
    for (; k < transfers.size() && transfers[k].step == step; ++k) {
      const Transfer& t = transfers[k];
      const std::int64_t f = std::clamp<std::int64_t>(t.count, 0, foreign[t.from]);
      const std::int64_t o = std::clamp<std::int64_t>(t.count - f, 0, own[t.from]);
      foreign[t.from] -= f;
      own[t.from] -= o;
      arriving.push_back({t.to, f + o});
    }
    for (const auto& [to, c] : arriving) foreign[to] += c;
    arriving.clear();
  }
  std::int64_t away = 0;
  for (auto x : foreign) away += x;
  return away;
}

std::int64_t non_local_tasks_tracked(const LoadVector& initial,
                                     const std::vector<Transfer>& transfers) {
  const std::size_t n = initial.size();
  LoadVector own = initial;
  // Foreign tasks per node as a FIFO of runs: head[v] is the first live run of foreign[v].
  std::vector<std::vector<Run>> foreign(n);
  std::vector<std::size_t> head(n, 0);
  std::vector<std::pair<int, Run>> in_flight;
  std::size_t k = 0;
  while (k < transfers.size()) {
    const int step = transfers[k].step;
    // Take out everything sent in this step before delivering anything (start-of-step holdings).
    for (; k < transfers.size() && transfers[k].step == step; ++k) {
      const Transfer& t = transfers[k];
      if (t.from < 0 || t.to < 0 || std::size_t(t.from) >= n || std::size_t(t.to) >= n) continue;
      std::int64_t need = t.count;
      auto& runs = foreign[t.from];
      std::size_t& h = head[t.from];
      while (need > 0 && h < runs.size()) {
        const std::int64_t take = std::min(need, runs[h].count);
        in_flight.push_back({t.to, {runs[h].origin, take}});
        runs[h].count -= take;
        need -= take;
        if (runs[h].count == 0) ++h;
      }
      if (h == runs.size()) {  // drained: reuse the storage
        runs.clear();
        h = 0;
      }
      const std::int64_t take = std::clamp<std::int64_t>(need, 0, own[t.from]);
      if (take > 0) {
        own[t.from] -= take;
        in_flight.push_back({t.to, {t.from, take}});
      }
    }
    for (const auto& [to, run] : in_flight) {
      if (run.origin == to) {
        own[to] += run.count;  // back home: local again
        continue;
      }
      auto& runs = foreign[to];
      if (runs.size() > head[to] && runs.back().origin == run.origin)
        runs.back().count += run.count;
      else
        runs.push_back(run);
    }
    in_flight.clear();
  }
  std::int64_t away = 0;
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t r = head[v]; r < foreign[v].size(); ++r) away += foreign[v][r].count;
  return away;
}

std::int64_t min_non_local_tasks(const LoadVector& loads) {
  const Average a = average_load(loads);
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < loads.size(); ++i)
    sum += std::max<std::int64_t>(quota(static_cast<std::int64_t>(i), a) - loads[i], 0);
  return sum;
}

BalanceMetrics compute_balance_metrics(const BalanceResult& result) {
  BalanceMetrics m;
  for (const Transfer& t : result.transfers) m.task_hops += t.count;
  m.messages = static_cast<std::int64_t>(result.transfers.size());
  m.exchange_steps = result.steps;
  m.comm_steps = result.info_steps + result.steps;
  if (!result.final_loads.empty()) {
    const auto [lo, hi] = std::minmax_element(result.final_loads.begin(), result.final_loads.end());
    m.max_minus_min = *hi - *lo;
  }
  m.fully_balanced = m.max_minus_min <= 1;
  m.non_local_tasks = non_local_tasks(result.initial_loads, result.transfers);
  return m;
}

std::vector<LoadVector> load_trace(const LoadVector& initial,
                                   const std::vector<Transfer>& transfers, int steps) {
  std::vector<LoadVector> trace;
  trace.reserve(static_cast<std::size_t>(std::max(steps, 0)) + 1);
  trace.push_back(initial);
  std::size_t k = 0;
  for (int s = 0; s < steps; ++s) {
    LoadVector next = trace.back();
    for (; k < transfers.size() && transfers[k].step == s; ++k) {
      next[transfers[k].from] -= transfers[k].count;
      next[transfers[k].to] += transfers[k].count;
    }
    trace.push_back(std::move(next));
  }
  return trace;
}

}  // namespace loadlab::core
