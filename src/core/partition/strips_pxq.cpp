// P × Q lattice (survey 002 §2.3 and Table 1 "P × Q, 2-D strips",
// ../shared/seeds/002_6cf480ff57e2bb72.txt): "obtained by sorting the coordinates of the element
// centroid in x and y directions". The part count factors as p · q (p slabs along x, q pieces along
// y in each slab); of the factorisations we take the one whose cuts are shortest for the bounding
// box, (p − 1)·height + (q − 1)·width.
#include <algorithm>
#include <numeric>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

std::vector<int> partition_strips_pxq(const Mesh& m, int parts) {
  double lo[2] = {m.coord(0, 0), m.coord(0, 1)}, hi[2] = {lo[0], lo[1]};
  for (int v = 1; v < m.size(); ++v)
    for (int a = 0; a < 2; ++a) {
      lo[a] = std::min(lo[a], m.coord(v, a));
      hi[a] = std::max(hi[a], m.coord(v, a));
    }
  const double width = hi[0] - lo[0], height = hi[1] - lo[1];
  int p = 1;
  double best = 1e300;
  for (int f = 1; f <= parts; ++f) {
    if (parts % f) continue;
    const double len = (f - 1) * height + (parts / f - 1) * width;
    if (len < best - 1e-12) {
      best = len;
      p = f;
    }
  }
  const int q = parts / p;
  auto by = [&](int axis) {
    return [&m, axis](int a, int b) {
      if (m.coord(a, axis) != m.coord(b, axis)) return m.coord(a, axis) < m.coord(b, axis);
      if (m.coord(a, 1 - axis) != m.coord(b, 1 - axis))
        return m.coord(a, 1 - axis) < m.coord(b, 1 - axis);
      return a < b;
    };
  };
  std::vector<int> order(static_cast<std::size_t>(m.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), by(0));
  std::vector<int> slab(static_cast<std::size_t>(m.size()), 0);
  partition_detail::split_sequence(m, order, p, 0, slab);
  std::vector<std::vector<int>> members(static_cast<std::size_t>(p));
  for (int v : order) members[slab[v]].push_back(v);
  std::vector<int> part(static_cast<std::size_t>(m.size()), 0);
  for (int s = 0; s < p; ++s) {
    std::sort(members[s].begin(), members[s].end(), by(1));
    partition_detail::split_sequence(m, members[s], q, s * q, part);
  }
  return part;
}

}  // namespace loadlab::core
