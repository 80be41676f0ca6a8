// Dimension Exchange Method. Paper: ../shared/seeds/000_ace8fcde3218dd88.txt, Section 3.2, Fig 7.
#include "core/balance/dem.h"

#include <stdexcept>

#include "core/balance/quota.h"

namespace loadlab::core {

BalanceResult dem(const Topology& topology, const LoadVector& loads) {
  if (topology.kind() != TopologyKind::Hypercube)
    throw std::invalid_argument("DEM needs a hypercube topology");
  if (static_cast<int>(loads.size()) != topology.size())
    throw std::invalid_argument("loads: expected one entry per node");
  average_load(loads);  // validates the loads
  const int d = topology.dim(), n = topology.size();
  BalanceResult r;
  r.algorithm = "dem";
  r.initial_loads = loads;
  LoadVector w = loads;
  r.transfers.reserve(static_cast<std::size_t>(n / 2) * static_cast<std::size_t>(d));
  for (int k = 0; k < d; ++k) {
    const int bit = 1 << k;
    for (int i = 0; i < n; ++i) {
      if (i & bit) continue;
      const int j = i | bit;
      // Each pair halves its difference; only whole tasks move, so a difference of 1 stays.
      const std::int64_t diff = w[i] - w[j];
      if (diff > 1) r.transfers.push_back({k, i, j, diff / 2});
      if (diff < -1) r.transfers.push_back({k, j, i, -diff / 2});
      if (diff > 1 || diff < -1) {
        const std::int64_t moved = (diff > 0 ? diff : -diff) / 2;
        w[i] -= diff > 0 ? moved : -moved;
        w[j] += diff > 0 ? moved : -moved;
      }
    }
  }
  r.final_loads = std::move(w);
  r.steps = d;
  r.info_steps = 2 * d;  // the paper charges DEM 3d steps in all [16]
  return r;
}

}  // namespace loadlab::core
