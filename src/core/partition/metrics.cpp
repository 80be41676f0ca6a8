// Partition metrics (Zoltan/METIS definitions) and the allocation phase of survey 002 §2.2
// (../shared/seeds/002_6cf480ff57e2bb72.txt, objective (2), criterion (v)).
#include "core/partition/metrics.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace loadlab::core {

PartitionMetrics compute_partition_metrics(const Mesh& m, const std::vector<int>& part, int parts) {
  const int n = m.size();
  if (static_cast<int>(part.size()) != n) throw std::invalid_argument("need one part per vertex");
  for (int v = 0; v < n; ++v)
    if (part[v] < 0 || part[v] >= parts)
      throw std::invalid_argument("vertex " + std::to_string(v) + " has part " +
                                  std::to_string(part[v]) + " outside [0, " +
                                  std::to_string(parts) + ")");
  PartitionMetrics r;
  r.part_weights.assign(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < n; ++v) r.part_weights[part[v]] += m.weight(v);
  std::vector<int> seen(static_cast<std::size_t>(parts), -1);
  for (int v = 0; v < n; ++v) {
    int others = 0;
    for (int u : m.neighbours(v)) {
      if (part[u] == part[v]) continue;
      if (u > v) ++r.edge_cut;
      if (seen[part[u]] != v) {
        seen[part[u]] = v;
        ++others;
      }
    }
    r.communication_volume += others;
    r.boundary_vertices += others > 0 ? 1 : 0;
  }
  const std::int64_t heaviest = *std::max_element(r.part_weights.begin(), r.part_weights.end());
  r.imbalance = static_cast<double>(heaviest) * parts / static_cast<double>(m.total_weight());
  std::vector<int> adjacent(static_cast<std::size_t>(parts), 0);
  for (const PartEdge& e : part_graph(m, part)) {
    ++adjacent[e.a];
    ++adjacent[e.b];
  }
  r.max_neighbour_parts = *std::max_element(adjacent.begin(), adjacent.end());
  // Components per part by breadth-first search inside the part.
  std::vector<int> components(static_cast<std::size_t>(parts), 0);
  std::vector<char> visited(static_cast<std::size_t>(n), 0);
  std::vector<int> queue;
  for (int s = 0; s < n; ++s) {
    if (visited[s]) continue;
    ++components[part[s]];
    visited[s] = 1;
    queue.assign(1, s);
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (int u : m.neighbours(queue[h]))
        if (!visited[u] && part[u] == part[s]) {
          visited[u] = 1;
          queue.push_back(u);
        }
  }
  for (int p = 0; p < parts; ++p) {
    r.disconnected_parts += components[p] > 1 ? 1 : 0;
    r.empty_parts += components[p] == 0 ? 1 : 0;
  }
  return r;
}

std::vector<PartEdge> part_graph(const Mesh& m, const std::vector<int>& part) {
  std::vector<std::pair<int, int>> pairs;
  for (int v = 0; v < m.size(); ++v)
    for (int u : m.neighbours(v))
      if (u > v && part[u] != part[v])
        pairs.emplace_back(std::min(part[u], part[v]), std::max(part[u], part[v]));
  std::sort(pairs.begin(), pairs.end());
  std::vector<PartEdge> out;
  for (const auto& [a, b] : pairs) {
    if (!out.empty() && out.back().a == a && out.back().b == b)
      ++out.back().cut;
    else
      out.push_back({a, b, 1});
  }
  return out;
}

std::int64_t objective_2(const std::vector<std::int64_t>& part_weights,
                         const std::vector<PartEdge>& graph, const std::vector<int>& processor,
                         const Topology& topology) {
  std::vector<std::int64_t> load(part_weights);
  for (const PartEdge& e : graph) {
    const std::int64_t c = e.cut * topology.distance(processor[e.a], processor[e.b]);
    load[e.a] += c;
    load[e.b] += c;
  }
  return load.empty() ? 0 : *std::max_element(load.begin(), load.end());
}

Allocation allocate_parts(const Mesh& m, const std::vector<int>& part, int parts,
                          const Topology& topology) {
  if (topology.size() != parts)
    throw std::invalid_argument("the topology has " + std::to_string(topology.size()) +
                                " nodes but there are " + std::to_string(parts) + " parts");
  if (parts > AllocationLimits::max_nodes)
    throw std::invalid_argument("allocation supports at most " +
                                std::to_string(AllocationLimits::max_nodes) + " processors");
  const std::vector<PartEdge> graph = part_graph(m, part);
  std::vector<std::vector<int>> hops(static_cast<std::size_t>(parts));
  for (int p = 0; p < parts; ++p) hops[p] = topology.distances_from(p);
  // Per part: its (neighbour part, cut) list.
  std::vector<std::vector<std::pair<int, std::int64_t>>> adj(static_cast<std::size_t>(parts));
  for (const PartEdge& e : graph) {
    adj[e.a].emplace_back(e.b, e.cut);
    adj[e.b].emplace_back(e.a, e.cut);
  }
  Allocation a;
  a.processor.resize(static_cast<std::size_t>(parts));
  for (int p = 0; p < parts; ++p) a.processor[p] = p;
  auto total = [&] {
    std::int64_t s = 0;
    for (const PartEdge& e : graph) s += e.cut * hops[a.processor[e.a]][a.processor[e.b]];
    return s;
  };
  // Cost of part x's edges if it sat on node px (edge to `skip` excluded: it is unchanged by a
  // swap).
  auto cost_at = [&](int x, int px, int skip) {
    std::int64_t s = 0;
    for (const auto& [y, c] : adj[x])
      if (y != skip) s += c * hops[px][a.processor[y]];
    return s;
  };
  a.natural_hop_cut = total();
  const std::vector<std::int64_t> weights = compute_partition_metrics(m, part, parts).part_weights;
  a.natural_objective_2 = objective_2(weights, graph, a.processor, topology);
  for (int pass = 0; pass < 50; ++pass) {
    bool improved = false;
    for (int x = 0; x < parts; ++x)
      for (int y = x + 1; y < parts; ++y) {
        const int px = a.processor[x], py = a.processor[y];
        const std::int64_t before = cost_at(x, px, y) + cost_at(y, py, x);
        const std::int64_t after = cost_at(x, py, y) + cost_at(y, px, x);
        if (after < before) {
          std::swap(a.processor[x], a.processor[y]);
          ++a.swaps;
          improved = true;
        }
      }
    if (!improved) break;
  }
  a.hop_cut = total();
  a.objective_2 = objective_2(weights, graph, a.processor, topology);
  return a;
}

}  // namespace loadlab::core
