#include "core/partition/mesh.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace loadlab::core {

Mesh Mesh::from_edges(int n, const std::vector<MeshEdge>& edges, int dim,
                      std::vector<double> coords) {
  if (n < 1 || n > MeshLimits::max_vertices)
    throw std::invalid_argument("vertex count must be in [1, " +
                                std::to_string(MeshLimits::max_vertices) + "]");
  if (static_cast<std::int64_t>(edges.size()) > MeshLimits::max_edges)
    throw std::invalid_argument("too many edges (limit " + std::to_string(MeshLimits::max_edges) +
                                ")");
  std::vector<std::int64_t> deg(static_cast<std::size_t>(n) + 1, 0);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const auto [a, b] = edges[i];
    if (a < 0 || a >= n || b < 0 || b >= n)
      throw std::invalid_argument("edge " + std::to_string(i) + " has an endpoint outside [0, " +
                                  std::to_string(n) + ")");
    if (a == b) throw std::invalid_argument("edge " + std::to_string(i) + " is a self-loop");
    ++deg[a + 1];
    ++deg[b + 1];
  }
  std::partial_sum(deg.begin(), deg.end(), deg.begin());
  std::vector<int> adj(static_cast<std::size_t>(deg[n]));
  std::vector<std::int64_t> fill(deg.begin(), deg.end() - 1);
  for (const auto& e : edges) {
    adj[fill[e.a]++] = e.b;
    adj[fill[e.b]++] = e.a;
  }
  for (int v = 0; v < n; ++v) {
    auto first = adj.begin() + deg[v], last = adj.begin() + deg[v + 1];
    std::sort(first, last);
    if (std::adjacent_find(first, last) != last)
      throw std::invalid_argument("duplicate edge at vertex " + std::to_string(v));
  }
  Mesh m;
  m.n_ = n;
  m.offsets_ = std::move(deg);
  m.adj_ = std::move(adj);
  if (dim != 0) m.set_coordinates(dim, std::move(coords));
  return m;
}

Mesh Mesh::from_csr(std::vector<std::int64_t> offsets, std::vector<int> adj, int dim,
                    std::vector<double> coords) {
  Mesh m;
  m.n_ = static_cast<int>(offsets.size()) - 1;
  m.offsets_ = std::move(offsets);
  m.adj_ = std::move(adj);
  if (dim != 0) m.set_coordinates(dim, std::move(coords));
  return m;
}

std::int64_t Mesh::total_weight() const {
  if (weights_.empty()) return n_;
  return std::accumulate(weights_.begin(), weights_.end(), std::int64_t{0});
}

void Mesh::set_weights(std::vector<std::int64_t> w) {
  if (!w.empty() && static_cast<int>(w.size()) != n_)
    throw std::invalid_argument("need one weight per vertex");
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] < 1 || w[i] > MeshLimits::max_vertex_weight)
      throw std::invalid_argument("weight of vertex " + std::to_string(i) + " must be in [1, " +
                                  std::to_string(MeshLimits::max_vertex_weight) + "]");
  weights_ = std::move(w);
}

void Mesh::set_coordinates(int dim, std::vector<double> coords) {
  if (dim != 2 && dim != 3) throw std::invalid_argument("coordinates must be 2-D or 3-D");
  if (coords.size() != static_cast<std::size_t>(n_) * dim)
    throw std::invalid_argument("need " + std::to_string(dim) + " coordinates per vertex");
  dim_ = dim;
  coords_ = std::move(coords);
}

}  // namespace loadlab::core
