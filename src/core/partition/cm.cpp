// CM-clustering (survey 002 §2.3 "Clustering Techniques" and Table 1 "Cuthill-McKee [46]",
// ../shared/seeds/002_6cf480ff57e2bb72.txt): "one finds all the unlabeled neighbors of element
// (node) i and labels them in order of increasing connectivity"; the ordered list is then cut into
// P consecutive groups of equal weight. Each connected component starts from a pseudo-peripheral
// vertex (the last vertex reached by two breadth-first searches from its lowest-degree vertex).
#include <algorithm>
#include <vector>

#include "core/partition/bisection.h"
#include "core/partition/partition.h"

namespace loadlab::core {

namespace {

// Breadth-first search from s over unvisited vertices; returns the last vertex reached.
int farthest(const Mesh& m, int s, const std::vector<char>& done, std::vector<int>& seen, int stamp,
             std::vector<int>& queue) {
  queue.assign(1, s);
  seen[s] = stamp;
  for (std::size_t h = 0; h < queue.size(); ++h)
    for (int u : m.neighbours(queue[h]))
      if (!done[u] && seen[u] != stamp) {
        seen[u] = stamp;
        queue.push_back(u);
      }
  return queue.back();
}

}  // namespace

std::vector<int> partition_cm(const Mesh& m, int parts) {
  const int n = m.size();
  std::vector<char> done(static_cast<std::size_t>(n), 0);
  std::vector<int> seen(static_cast<std::size_t>(n), 0), queue, order, nb;
  order.reserve(static_cast<std::size_t>(n));
  int stamp = 0;
  for (int s = 0; s < n; ++s) {
    if (done[s]) continue;
    // Lowest-degree vertex of this component, then two sweeps to a pseudo-peripheral vertex.
    farthest(m, s, done, seen, ++stamp, queue);
    int start = queue.front();
    for (int v : queue)
      if (m.degree(v) < m.degree(start) || (m.degree(v) == m.degree(start) && v < start)) start = v;
    start = farthest(m, start, done, seen, ++stamp, queue);
    start = farthest(m, start, done, seen, ++stamp, queue);
    const std::size_t first = order.size();
    order.push_back(start);
    done[start] = 1;
    for (std::size_t h = first; h < order.size(); ++h) {
      nb.clear();
      for (int u : m.neighbours(order[h]))
        if (!done[u]) nb.push_back(u);
      std::sort(nb.begin(), nb.end(), [&](int a, int b) {
        return m.degree(a) != m.degree(b) ? m.degree(a) < m.degree(b) : a < b;
      });
      for (int u : nb) {
        done[u] = 1;
        order.push_back(u);
      }
    }
  }
  std::vector<int> part(static_cast<std::size_t>(n), 0);
  partition_detail::split_sequence(m, order, parts, 0, part);
  return part;
}

}  // namespace loadlab::core
