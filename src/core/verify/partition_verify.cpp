#include "core/verify/partition_verify.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

namespace loadlab::core {

namespace {

int find_root(std::vector<int>& parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

template <class T>
void expect_equal(PartitionVerification& v, const char* what, T reported, T actual) {
  if (reported == actual) return;
  v.ok = false;
  v.errors.push_back(std::string(what) + ": reported " + std::to_string(reported) +
                     ", recomputed " + std::to_string(actual));
}

}  // namespace

PartitionVerification verify_partition(const Mesh& m, int parts, const std::vector<int>& part,
                                       const PartitionMetrics& reported,
                                       const Allocation* allocation, const Topology* topology) {
  PartitionVerification out;
  const int n = m.size();
  if (static_cast<int>(part.size()) != n) {
    out.ok = false;
    out.errors.push_back("the partition has " + std::to_string(part.size()) + " entries for " +
                         std::to_string(n) + " vertices");
    return out;
  }
  for (int v = 0; v < n; ++v)
    if (part[v] < 0 || part[v] >= parts) {
      out.ok = false;
      if (out.errors.size() < 20)
        out.errors.push_back("vertex " + std::to_string(v) + " is in part " +
                             std::to_string(part[v]) + ", outside [0, " + std::to_string(parts) +
                             ")");
    }
  if (!out.ok) return out;

  // Every undirected edge once, from the adjacency of the lower end.
  std::vector<std::pair<int, int>> edges;
  for (int v = 0; v < n; ++v)
    for (int u : m.neighbours(v))
      if (v < u) edges.emplace_back(v, u);
  std::int64_t cut = 0;
  std::vector<std::pair<int, int>> touches;  // (vertex, other part) for each cut edge end
  std::vector<std::pair<int, int>> part_pairs;
  std::vector<int> parent(static_cast<std::size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  for (const auto& [a, b] : edges) {
    if (part[a] != part[b]) {
      ++cut;
      touches.emplace_back(a, part[b]);
      touches.emplace_back(b, part[a]);
      part_pairs.emplace_back(std::min(part[a], part[b]), std::max(part[a], part[b]));
    } else {
      const int ra = find_root(parent, a), rb = find_root(parent, b);
      if (ra != rb) parent[std::max(ra, rb)] = std::min(ra, rb);
    }
  }
  std::sort(touches.begin(), touches.end());
  touches.erase(std::unique(touches.begin(), touches.end()), touches.end());
  std::int64_t boundary = 0;
  for (std::size_t i = 0; i < touches.size(); ++i)
    boundary += (i == 0 || touches[i].first != touches[i - 1].first) ? 1 : 0;
  std::sort(part_pairs.begin(), part_pairs.end());
  part_pairs.erase(std::unique(part_pairs.begin(), part_pairs.end()), part_pairs.end());
  std::vector<int> degree(static_cast<std::size_t>(parts), 0);
  for (const auto& [a, b] : part_pairs) {
    ++degree[a];
    ++degree[b];
  }
  std::vector<std::int64_t> weight(static_cast<std::size_t>(parts), 0);
  std::vector<int> roots(static_cast<std::size_t>(parts), 0);
  for (int v = 0; v < n; ++v) {
    weight[part[v]] += m.weight(v);
    roots[part[v]] += find_root(parent, v) == v ? 1 : 0;
  }
  int disconnected = 0, empty = 0;
  for (int p = 0; p < parts; ++p) {
    disconnected += roots[p] > 1 ? 1 : 0;
    empty += roots[p] == 0 ? 1 : 0;
  }
  const std::int64_t total = std::accumulate(weight.begin(), weight.end(), std::int64_t{0});
  const std::int64_t heaviest = *std::max_element(weight.begin(), weight.end());
  const double imbalance = static_cast<double>(heaviest) / (static_cast<double>(total) / parts);

  expect_equal(out, "edge_cut", reported.edge_cut, cut);
  expect_equal(out, "communication_volume", reported.communication_volume,
               static_cast<std::int64_t>(touches.size()));
  expect_equal(out, "boundary_vertices", reported.boundary_vertices, boundary);
  expect_equal(out, "max_neighbour_parts", reported.max_neighbour_parts,
               *std::max_element(degree.begin(), degree.end()));
  expect_equal(out, "disconnected_parts", reported.disconnected_parts, disconnected);
  expect_equal(out, "empty_parts", reported.empty_parts, empty);
  if (reported.part_weights != weight) {
    out.ok = false;
    out.errors.push_back("part_weights differ from the recomputed ones");
  }
  if (!(std::fabs(reported.imbalance - imbalance) <= 1e-9 * imbalance)) {
    out.ok = false;
    out.errors.push_back("imbalance: reported " + std::to_string(reported.imbalance) +
                         ", recomputed " + std::to_string(imbalance));
  }

  if (allocation && topology) {
    const std::vector<int>& map = allocation->processor;
    std::vector<char> used(static_cast<std::size_t>(topology->size()), 0);
    bool bijective = static_cast<int>(map.size()) == parts && topology->size() == parts;
    for (int node : map) {
      if (node < 0 || node >= topology->size() || used[node])
        bijective = false;
      else
        used[node] = 1;
    }
    if (!bijective) {
      out.ok = false;
      out.errors.push_back("the allocation is not a one-to-one map of parts onto processors");
      return out;
    }
    // Hop-weighted cut and objective (2), per cut edge, with BFS distances.
    std::vector<std::vector<int>> dist(static_cast<std::size_t>(parts));
    std::int64_t hop_cut = 0;
    std::vector<std::int64_t> load(weight);
    for (const auto& [a, b] : edges) {
      if (part[a] == part[b]) continue;
      const int pa = map[part[a]], pb = map[part[b]];
      if (dist[pa].empty()) dist[pa] = topology->distances_from(pa);
      hop_cut += dist[pa][pb];
      load[part[a]] += dist[pa][pb];
      load[part[b]] += dist[pa][pb];
    }
    expect_equal(out, "hop_weighted_cut", allocation->hop_cut, hop_cut);
    expect_equal(out, "objective_2", allocation->objective_2,
                 *std::max_element(load.begin(), load.end()));
  }
  return out;
}

}  // namespace loadlab::core
