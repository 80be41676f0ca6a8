// 1 × P strips (survey 002 §2.3 and Table 1 "1 × P, 1-D strips",
// ../shared/seeds/002_6cf480ff57e2bb72.txt): "obtained by sorting the x (or y or z) coordinates ...
// and subdividing the sorted list in groups of N/P elements". We sort along the longest side of the
// bounding box (ties by the other axes, then by vertex id) and cut the sorted list into P groups of
// equal weight.
#include <algorithm>
#include <numeric>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace detail_strips {

int longest_axis(const Mesh& m) {
  int best = 0;
  double best_extent = -1;
  for (int a = 0; a < m.dim(); ++a) {
    double lo = m.coord(0, a), hi = lo;
    for (int v = 1; v < m.size(); ++v) {
      lo = std::min(lo, m.coord(v, a));
      hi = std::max(hi, m.coord(v, a));
    }
    if (hi - lo > best_extent) {
      best_extent = hi - lo;
      best = a;
    }
  }
  return best;
}

}  // namespace detail_strips

std::vector<int> partition_strips_1xp(const Mesh& m, int parts) {
  const int axis = detail_strips::longest_axis(m);
  std::vector<int> order(static_cast<std::size_t>(m.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    for (int k = 0; k < m.dim(); ++k) {
      const int ax = (axis + k) % m.dim();
      if (m.coord(a, ax) != m.coord(b, ax)) return m.coord(a, ax) < m.coord(b, ax);
    }
    return a < b;
  });
  std::vector<int> part(static_cast<std::size_t>(m.size()), 0);
  partition_detail::split_sequence(m, order, parts, 0, part);
  return part;
}

}  // namespace loadlab::core
