#include "io/run_estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/kinds/balance.h"
#include "io/kinds/dag.h"
#include "io/kinds/dlt.h"
#include "io/kinds/dynamic.h"
#include "io/kinds/loop.h"
#include "io/kinds/os.h"
#include "io/kinds/partition.h"

namespace loadlab::io {

namespace {

struct RunEstimateRow {
  const char* kind;
  const char* algorithm;  // "*": every algorithm of the kind without its own row
  CostOrder order;
  double seconds_per_unit;  // native, fitted from `loadlab run` timings (README)
};

// clang-format off
// Native CPU seconds of `loadlab run` with one algorithm, at two sizes each (README, "Run-time
// estimate"): balance on 128x128 and 256x256 meshes, dag on LU graphs of size 60 and 120 with 8
// processors, partition on 256x256 and 512x512 grids into 4 parts, dynamic on a 16x16 mesh with
// 50 and 200 initial tasks per node. The order is the one the two sizes agree with.
// Loop: the triangular loop of loop_decreasing.json at 1e6 and 4e6 iterations, one technique at a
// time: 0.01-0.06 s (self and cyclic, one chunk per iteration or stride: 0.05 / 0.17 s); a
// Mandelbrot profile at its limit (iterations x width x max_iter = 1e9) adds 0.48 s, about 30
// pixel iterations per simulated iteration. Dlt: every algorithm at d = 24 (2^24 processors,
// the limit), loads up to 1e15 and buffers down to 1e-6 (18 IBS rounds) takes under 0.01 s: the
// solvers work per layer, so d + 1 layers is the size. Os: os_mixed.json's stream of 200 and 800
// jobs, one policy at a time: 0.02-0.56 s; central_queue, the slowest per event, takes 1.3e-6 s per
// event the policy's estimate counts (0.56 s for 4.2e5), space sharing far less.
constexpr RunEstimateRow kRunEstimateRows[] = {
    {"balance", "optimal", CostOrder::n_1_5, 1.0e-8},
    {"balance", "diffusion", CostOrder::n_log_n, 3.7e-7},
    {"balance", "gde", CostOrder::n_log_n, 3.7e-7},
    {"balance", "gradient", CostOrder::n_log_n, 3.7e-7},
    {"balance", "*", CostOrder::n_log_n, 5.0e-8},
    {"dag", "*", CostOrder::n_log_n, 7.0e-9},
    {"partition", "sa", CostOrder::n_1_5, 1.2e-9},
    {"partition", "orb_sa", CostOrder::n_1_5, 1.2e-9},
    {"partition", "*", CostOrder::n_log_n, 5.0e-9},
    {"dynamic", "*", CostOrder::n_log_n, 2.0e-8},
    {"loop", "self", CostOrder::linear, 4.5e-8},
    {"loop", "cyclic", CostOrder::linear, 4.5e-8},
    {"loop", "*", CostOrder::linear, 1.5e-8},
    {"dlt", "*", CostOrder::linear, 1.0e-4},
    {"os", "*", CostOrder::linear, 1.3e-6},
};
// clang-format on

// The events one policy simulates, as the scenario reader bounds them (core::estimate_os_events):
// the policies differ by orders of magnitude on the same jobs (time slicing against static
// partitions), so each is sized on its own.
double os_run_size(const OsScenario& o, const std::string& policy) {
  const auto it = o.params.find(policy);
  return core::estimate_os_events(policy, o.processors, o.jobs,
                                  it == o.params.end() ? core::OsParams{} : it->second);
}

}  // namespace

double cost_units(CostOrder order, double size) {
  const double n = std::max(0.0, size);
  switch (order) {
    case CostOrder::linear:
      return n;
    case CostOrder::n_log_n:
      return n * std::log2(std::max(2.0, n));
    case CostOrder::n_1_5:
      return n * std::sqrt(n);
    case CostOrder::quadratic:
      return n * n;
  }
  return n;
}

double run_size(const TypedScenario& sc) {
  if (const auto* b = dynamic_cast<const BalanceScenario*>(&sc))
    return static_cast<double>(b->topology.size()) + static_cast<double>(b->topology.edge_count());
  if (const auto* d = dynamic_cast<const DagScenario*>(&sc)) {
    if (!d->graph) return 0;
    return (static_cast<double>(d->graph->size()) + static_cast<double>(d->graph->edge_count())) *
           std::max(1, d->processors);
  }
  if (const auto* p = dynamic_cast<const PartitionScenario*>(&sc)) {
    if (!p->mesh) return 0;
    return static_cast<double>(p->mesh->size()) + static_cast<double>(p->mesh->edge_count());
  }
  if (const auto* y = dynamic_cast<const DynamicScenario*>(&sc)) {
    const int nodes = std::max(1, y->topology.size());
    const double tasks = static_cast<double>(core::total_load(y->workload.initial)) +
                         core::expected_arrivals(y->workload.arrivals, nodes);
    return tasks * std::log2(std::max(2, nodes));
  }
  if (const auto* l = dynamic_cast<const LoopScenario*>(&sc)) {
    const double n = static_cast<double>(l->params.iterations);
    // A Mandelbrot profile computes every row's escape iterations first: about width x max_iter
    // steps per iteration, about 30 of them costing what one simulated iteration does.
    const double rows = l->cost.profile == "mandelbrot"
                            ? n * static_cast<double>(l->cost.width) * l->cost.max_iter / 30.0
                            : 0.0;
    return n + rows;
  }
  if (const auto* t = dynamic_cast<const DltScenario*>(&sc))
    return t->params.dim + 1.0;  // the layers of the d-cube
  if (const auto* o = dynamic_cast<const OsScenario*>(&sc)) {
    double most = 0;
    for (const auto& a : o->algorithms) most = std::max(most, os_run_size(*o, a));
    return most;
  }
  return 0;
}

std::optional<double> estimate_algorithm_seconds(const std::string& kind,
                                                 const std::string& algorithm, double size) {
  const RunEstimateRow* fallback = nullptr;
  for (const auto& row : kRunEstimateRows) {
    if (kind != row.kind) continue;
    if (algorithm == row.algorithm) return row.seconds_per_unit * cost_units(row.order, size);
    if (std::string(row.algorithm) == "*") fallback = &row;
  }
  if (fallback == nullptr) return std::nullopt;
  return fallback->seconds_per_unit * cost_units(fallback->order, size);
}

RunEstimate estimate_run(const TypedScenario& sc, double slowdown) {
  RunEstimate out;
  const double size = run_size(sc);
  if (size <= 0) return out;
  const auto* os = dynamic_cast<const OsScenario*>(&sc);
  double slowest = -1;
  for (const auto& a : sc.algorithms) {
    const auto s = estimate_algorithm_seconds(sc.kind, a, os ? os_run_size(*os, a) : size);
    if (!s) return RunEstimate{};
    out.known = true;
    out.seconds += *s * slowdown;
    if (*s > slowest) slowest = *s, out.slowest = a;
  }
  return out;
}

std::string estimate_text(double seconds) {
  char buf[64];
  if (!(seconds >= 1.0)) return "under a second";
  if (seconds < 10) {
    std::snprintf(buf, sizeof buf, "about %d s", static_cast<int>(std::lround(seconds)));
  } else if (seconds < 90) {
    std::snprintf(buf, sizeof buf, "about %d s", static_cast<int>(std::lround(seconds / 5) * 5));
  } else if (seconds < 5400) {
    std::snprintf(buf, sizeof buf, "about %d min", static_cast<int>(std::lround(seconds / 60)));
  } else {
    std::snprintf(buf, sizeof buf, "about %d h", static_cast<int>(std::lround(seconds / 3600)));
  }
  return buf;
}

}  // namespace loadlab::io
