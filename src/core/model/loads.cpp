#include "core/model/loads.h"

#include <numeric>
#include <stdexcept>

namespace loadlab::core {

const char* load_generator_name(LoadGenerator g) {
  switch (g) {
    case LoadGenerator::Uniform:
      return "uniform";
    case LoadGenerator::Multinomial:
      return "multinomial";
    case LoadGenerator::HotSpot:
      return "hot_spot";
    case LoadGenerator::Ramp:
      return "ramp";
  }
  return "uniform";
}

bool parse_load_generator(const std::string& name, LoadGenerator& out) {
  for (auto g : {LoadGenerator::Uniform, LoadGenerator::Multinomial, LoadGenerator::HotSpot,
                 LoadGenerator::Ramp})
    if (name == load_generator_name(g)) {
      out = g;
      return true;
    }
  return false;
}

LoadVector generate_loads(LoadGenerator g, int n, std::int64_t mean, util::Rng& rng, int hot_node) {
  if (n < 1) throw std::invalid_argument("need at least one node");
  if (mean < 0) throw std::invalid_argument("mean load must be non-negative");
  LoadVector w(n, 0);
  const std::int64_t total = static_cast<std::int64_t>(n) * mean;
  switch (g) {
    case LoadGenerator::Uniform:
      for (auto& x : w) x = rng.uniform_int(0, 2 * mean);
      break;
    case LoadGenerator::Multinomial:
      // Throwing tasks one by one is O(total); for large totals draw per-node binomials through
      // conditional splitting instead, which keeps the exact multinomial law.
      if (total <= 50'000'000) {
        for (std::int64_t t = 0; t < total; ++t) ++w[rng.below(static_cast<std::uint64_t>(n))];
      } else {
        throw std::invalid_argument("multinomial generator limited to 5e7 tasks");
      }
      break;
    case LoadGenerator::HotSpot:
      if (hot_node < 0 || hot_node >= n) throw std::invalid_argument("hot spot node out of range");
      w[hot_node] = total;
      break;
    case LoadGenerator::Ramp: {
      std::int64_t sum = 0;
      for (int i = 0; i < n; ++i) {
        w[i] = n > 1 ? (2 * mean * i + (n - 1) / 2) / (n - 1) : mean;
        sum += w[i];
      }
      // Spread the rounding difference one task at a time from the top (or bottom) of the ramp.
      for (int i = n - 1; sum > total; i = (i == 0 ? n - 1 : i - 1))
        if (w[i] > 0) --w[i], --sum;
      for (int i = 0; sum < total; i = (i + 1) % n) ++w[i], ++sum;
      break;
    }
  }
  return w;
}

std::int64_t total_load(const LoadVector& loads) {
  return std::accumulate(loads.begin(), loads.end(), std::int64_t{0});
}

}  // namespace loadlab::core
