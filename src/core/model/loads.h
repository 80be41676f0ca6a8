// Initial load vectors: how many tasks each processor holds before balancing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/util/rng.h"

namespace loadlab::core {

using LoadVector = std::vector<std::int64_t>;

enum class LoadGenerator {
  Uniform,      ///< each node i.i.d. uniform in [0, 2*mean]
  Multinomial,  ///< exactly N*mean tasks, each thrown onto a uniformly random node
  HotSpot,      ///< all N*mean tasks on one node (hot_node)
  Ramp,         ///< linear ramp 0, ..., 2*mean (rounded), total adjusted to exactly N*mean
};

struct LoadLimits {
  static constexpr std::int64_t max_load_per_node = 1'000'000'000;  // 1e9
  static constexpr std::int64_t max_total = 1LL << 50;              // keeps sums exact in doubles
};

/// Scenario name of a generator ("uniform", "multinomial", "hot_spot", "ramp").
const char* load_generator_name(LoadGenerator g);
/// Parses a generator name; returns false if unknown.
bool parse_load_generator(const std::string& name, LoadGenerator& out);

/// Generates loads for n nodes with the given mean; deterministic in (generator, n, mean, seed).
/// Multinomial, hot spot and ramp produce exactly n*mean tasks.
LoadVector generate_loads(LoadGenerator g, int n, std::int64_t mean, util::Rng& rng,
                          int hot_node = 0);

std::int64_t total_load(const LoadVector& loads);

}  // namespace loadlab::core
