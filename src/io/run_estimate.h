// How long a run will take, predicted before it starts from the instance's size and the
// algorithms (the scenario panel shows "about 3 s" and warns before runs over kLongRunSeconds).
// A small cost model: each algorithm's time is c x f(size), f one of n, n log n, n^1.5, n^2, with
// c fitted on this machine from `loadlab run` timings at two sizes (README, "Run-time estimate").
// The browser runs WebAssembly about kWebSlowdown times slower. Pure, so tests/io checks it.
#pragma once

#include <optional>
#include <string>

#include "io/kind.h"

namespace loadlab::io {

/// Runs predicted to take longer are announced before they start (and can be cancelled).
constexpr double kLongRunSeconds = 10.0;
/// WebAssembly in the browser against native code (README, Measurements).
constexpr double kWebSlowdown = 2.0;

enum class CostOrder { linear, n_log_n, n_1_5, quadratic };

/// f(size) of the order: the units one second of the constant is per.
double cost_units(CostOrder order, double size);

/// The instance's size as the cost model counts it, per kind: balance nodes + links, dag
/// (tasks + edges) x processors, partition vertices + edges, dynamic tasks (initial + expected
/// arrivals) x log2(nodes), loop iterations (+ a Mandelbrot profile's pixel iterations / 30), dlt
/// layers (d + 1), os the events the scenario's most costly policy is estimated to simulate (each
/// policy is sized on its own in estimate_run). 0 for kinds the model does not cover.
double run_size(const TypedScenario& scenario);

/// One algorithm's predicted seconds (native) on an instance of `size`; nullopt when the model
/// has no row for the kind.
std::optional<double> estimate_algorithm_seconds(const std::string& kind,
                                                 const std::string& algorithm, double size);

struct RunEstimate {
  bool known = false;   ///< the model covers the kind
  double seconds = 0;   ///< the whole run: every algorithm, one after the other
  std::string slowest;  ///< the algorithm that takes most of it
};

/// The run of every algorithm of `scenario`, times `slowdown` (1 native, kWebSlowdown web).
RunEstimate estimate_run(const TypedScenario& scenario, double slowdown = 1.0);

/// "under a second", "about 3 s", "about 40 s", "about 2 min" (rounded to what a person reads).
std::string estimate_text(double seconds);

}  // namespace loadlab::io
