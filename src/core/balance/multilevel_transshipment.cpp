// Multilevel warm start for the primal-dual on grids. See multilevel_transshipment.h.
#include "core/balance/multilevel_transshipment.h"

#include <algorithm>
#include <stdexcept>

namespace loadlab::core {

namespace {

bool multilevel_can_coarsen(const Topology& t, int direct_nodes) {
  if (t.size() <= direct_nodes) return false;
  if (t.kind() == TopologyKind::Mesh) return t.rows() >= 2 && t.cols() >= 2;
  if (t.kind() == TopologyKind::Torus)
    return t.rows() % 2 == 0 && t.cols() % 2 == 0 && t.rows() >= 6 && t.cols() >= 6;
  return false;
}

// The largest potentials below psi that differ by at most 1 across every link (label-correcting
// relaxation from every node; on a lifted coarse solution few nodes move).
void multilevel_lipschitz_envelope(const Topology& t, std::vector<std::int64_t>& psi) {
  const int n = t.size();
  std::vector<int> queue;
  std::vector<char> queued(static_cast<std::size_t>(n), 1);
  queue.reserve(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) queue.push_back(v);
  std::size_t head = 0;
  while (head < queue.size()) {
    const int v = queue[head++];
    queued[v] = 0;
    const std::int64_t limit = psi[v] + 1;
    for (int w : t.neighbours(v))
      if (psi[w] > limit) {
        psi[w] = limit;
        if (!queued[w]) {
          queued[w] = 1;
          queue.push_back(w);
        }
      }
    if (head > static_cast<std::size_t>(n) && head * 2 > queue.size()) {
      queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(head));
      head = 0;
    }
  }
}

std::vector<std::int64_t> multilevel_solve(const Topology& t,
                                           const std::vector<std::int64_t>& supply,
                                           UnitTransshipmentStats* stats,
                                           std::vector<std::int64_t>* potentials,
                                           int direct_nodes) {
  if (!multilevel_can_coarsen(t, direct_nodes))
    return unit_transshipment(t, supply, stats, nullptr, potentials);
  const int rows = t.rows(), cols = t.cols();
  const int crows = (rows + 1) / 2, ccols = (cols + 1) / 2;
  const Topology coarse =
      t.kind() == TopologyKind::Mesh ? Topology::mesh(crows, ccols) : Topology::torus(crows, ccols);
  auto block = [&](int v) { return (v / cols / 2) * ccols + (v % cols) / 2; };
  std::vector<std::int64_t> coarse_supply(static_cast<std::size_t>(coarse.size()), 0);
  for (int v = 0; v < t.size(); ++v) coarse_supply[block(v)] += supply[v];
  std::vector<std::int64_t> coarse_psi;
  multilevel_solve(coarse, coarse_supply, nullptr, &coarse_psi, direct_nodes);
  std::vector<std::int64_t> psi(static_cast<std::size_t>(t.size()));
  for (int v = 0; v < t.size(); ++v) psi[v] = 2 * coarse_psi[block(v)];
  multilevel_lipschitz_envelope(t, psi);
  return unit_transshipment(t, supply, stats, &psi, potentials);
}

}  // namespace

std::vector<std::int64_t> multilevel_transshipment(const Topology& topology,
                                                   const std::vector<std::int64_t>& supply,
                                                   UnitTransshipmentStats* stats,
                                                   int direct_nodes) {
  if (static_cast<int>(supply.size()) != topology.size())
    throw std::invalid_argument("supply: expected one entry per node");
  return multilevel_solve(topology, supply, stats, nullptr, std::max(direct_nodes, 1));
}

}  // namespace loadlab::core
