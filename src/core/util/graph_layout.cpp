// Layout of a graph without coordinates (a mesh of the partition room, a custom processor network):
// pivot MDS (Brandes & Pich, "Eigensolver methods for progressive multidimensional scaling of large
// data", Graph Drawing 2006) refined by sparse stress majorization (Ortmann, Klimenta & Brandes, "A
// sparse stress model", Graph Drawing 2016).
//
// Why not the Laplacian eigenvectors (the Fiedler machinery of ORB-E): on a mesh with holes or a
// long thin part the 2nd and 3rd eigenvectors fold the mesh and crowd its corners, while pivot MDS
// embeds graph distances, so a hole (where the way around is longer than the way across) stays open
// and the outline keeps its proportions. Pivots are chosen farthest-first from a pseudo-peripheral
// vertex, the two eigenvectors of the k × k matrix CᵀC come from power iteration, and the stress
// sweeps use the edges (distance 1) and the pivots (their BFS distance) — O(k · E) overall. Only +,
// −, ×, ÷ and sqrt (correctly rounded in IEEE 754): the drawing is bit-identical natively and in
// WebAssembly.
#include "core/util/graph_layout.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>

namespace loadlab::core {

namespace {

// Entries of the pivot distance table per component (bounds memory on the largest meshes).
constexpr std::int64_t kLayoutMaxTable = 16'000'000;

bool layout_cancelled(const LayoutOptions& o) {
  return o.cancel && o.cancel->load();
}

// BFS distances from `src` over the component (local numbering); -1 outside it.
void layout_bfs(const std::vector<std::int64_t>& off, const std::vector<int>& adj, int src,
                std::vector<int>& dist, std::vector<int>& queue) {
  std::fill(dist.begin(), dist.end(), -1);
  queue.assign(1, src);
  dist[src] = 0;
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const int v = queue[h];
    for (std::int64_t e = off[v]; e < off[v + 1]; ++e)
      if (dist[adj[e]] < 0) {
        dist[adj[e]] = dist[v] + 1;
        queue.push_back(adj[e]);
      }
  }
}

void layout_normalise(std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  s = std::sqrt(s);
  if (s > 0)
    for (double& x : v) x /= s;
}

// Lays out one connected component given in local CSR form; xy gets 2 values per vertex.
// `done`/`share` scale the progress reports. Returns false when cancelled.
bool layout_component(const std::vector<std::int64_t>& off, const std::vector<int>& adj,
                      const LayoutOptions& o, double done, double share, std::vector<double>& xy) {
  const int n = static_cast<int>(off.size()) - 1;
  xy.assign(static_cast<std::size_t>(2 * n), 0.0);
  if (n == 1) return true;
  if (n == 2) {
    xy[2] = 1.0;
    return true;
  }
  const std::int64_t table_k = std::max<std::int64_t>(3, kLayoutMaxTable / n);
  const int k = static_cast<int>(std::min<std::int64_t>({std::max(o.pivots, 3), n, table_k}));
  std::vector<int> dist(static_cast<std::size_t>(n)), queue;
  // Pseudo-peripheral start: the vertex farthest from vertex 0 (lowest index on ties).
  layout_bfs(off, adj, 0, dist, queue);
  int pivot = static_cast<int>(std::max_element(dist.begin(), dist.end()) - dist.begin());
  std::vector<int> pivots;
  std::vector<std::vector<int>> d(static_cast<std::size_t>(k));
  std::vector<int> mind(static_cast<std::size_t>(n), INT32_MAX);
  for (int j = 0; j < k; ++j) {
    if (layout_cancelled(o)) return false;
    pivots.push_back(pivot);
    layout_bfs(off, adj, pivot, dist, queue);
    d[j] = dist;
    int far = 0;
    for (int v = 0; v < n; ++v) {
      mind[v] = std::min(mind[v], dist[v]);
      if (mind[v] > mind[far]) far = v;
    }
    pivot = far;
    if (o.progress) o.progress(done + share * 0.4 * (j + 1) / k);
  }
  // Double centring of the squared distances: C = −½ (D² − row means − column means + grand mean).
  std::vector<double> col(static_cast<std::size_t>(k), 0.0), row(static_cast<std::size_t>(n), 0.0);
  double grand = 0;
  for (int j = 0; j < k; ++j)
    for (int v = 0; v < n; ++v) {
      const double sq = static_cast<double>(d[j][v]) * d[j][v];
      col[j] += sq;
      row[v] += sq;
    }
  for (int j = 0; j < k; ++j) {
    grand += col[j];
    col[j] /= n;
  }
  grand /= static_cast<double>(n) * k;
  for (int v = 0; v < n; ++v) row[v] /= k;
  auto c_at = [&](int v, int j) {
    const double sq = static_cast<double>(d[j][v]) * d[j][v];
    return -0.5 * (sq - row[v] - col[j] + grand);
  };
  // B = CᵀC (k × k), then its top two eigenvectors by power iteration with deflation.
  std::vector<double> b(static_cast<std::size_t>(k) * k, 0.0), cv(static_cast<std::size_t>(k));
  for (int v = 0; v < n; ++v) {
    for (int j = 0; j < k; ++j) cv[j] = c_at(v, j);
    for (int i = 0; i < k; ++i)
      for (int j = i; j < k; ++j) b[static_cast<std::size_t>(i) * k + j] += cv[i] * cv[j];
  }
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < i; ++j)
      b[static_cast<std::size_t>(i) * k + j] = b[static_cast<std::size_t>(j) * k + i];
  std::vector<double> e1(static_cast<std::size_t>(k)), e2(static_cast<std::size_t>(k)),
      t(static_cast<std::size_t>(k));
  for (int j = 0; j < k; ++j) {
    e1[j] = 1.0 + 1.0 / (j + 1);
    e2[j] = (j % 2 == 0 ? 1.0 : -1.0) + 0.5 / (j + 1);
  }
  layout_normalise(e1);
  layout_normalise(e2);
  auto apply_b = [&](const std::vector<double>& x) {
    for (int i = 0; i < k; ++i) {
      double s = 0;
      for (int j = 0; j < k; ++j) s += b[static_cast<std::size_t>(i) * k + j] * x[j];
      t[i] = s;
    }
  };
  for (int it = 0; it < 300; ++it) {
    apply_b(e1);
    e1 = t;
    layout_normalise(e1);
    apply_b(e2);
    e2 = t;
    double dot = 0;
    for (int j = 0; j < k; ++j) dot += e1[j] * e2[j];
    for (int j = 0; j < k; ++j) e2[j] -= dot * e1[j];
    layout_normalise(e2);
  }
  for (int v = 0; v < n; ++v) {
    double x = 0, y = 0;
    for (int j = 0; j < k; ++j) {
      const double c = c_at(v, j);
      x += c * e1[j];
      y += c * e2[j];
    }
    xy[2 * v] = x;
    xy[2 * v + 1] = y;
  }
  // Scale so the mean edge length is 1 (the unit of the graph distances the stress terms use).
  double len = 0;
  std::int64_t edges = 0;
  for (int v = 0; v < n; ++v)
    for (std::int64_t e = off[v]; e < off[v + 1]; ++e) {
      const double dx = xy[2 * v] - xy[2 * adj[e]], dy = xy[2 * v + 1] - xy[2 * adj[e] + 1];
      len += std::sqrt(dx * dx + dy * dy);
      ++edges;
    }
  if (len > 0)
    for (double& c : xy) c *= static_cast<double>(edges) / len;
  if (o.progress) o.progress(done + share * 0.5);
  // Sparse stress majorization (Gauss–Seidel in vertex order): edges with target 1, weight 1;
  // pivots with target d and weight w = r / d², r = the share of vertices a pivot stands for.
  std::vector<char> is_pivot(static_cast<std::size_t>(n), 0);
  for (int p : pivots) is_pivot[p] = 1;
  const double r = static_cast<double>(n) / k / 8.0 > 1.0 ? static_cast<double>(n) / k / 8.0 : 1.0;
  for (int it = 0; it < o.stress_iterations; ++it) {
    if (layout_cancelled(o)) return false;
    for (int v = 0; v < n; ++v) {
      const double xv = xy[2 * v], yv = xy[2 * v + 1];
      double sx = 0, sy = 0, sw = 0;
      auto term = [&](int u, double target, double w) {
        const double dx = xv - xy[2 * u], dy = yv - xy[2 * u + 1];
        const double dl = std::sqrt(dx * dx + dy * dy);
        sx += w * xy[2 * u];
        sy += w * xy[2 * u + 1];
        if (dl > 0) {
          sx += w * target * dx / dl;
          sy += w * target * dy / dl;
        }
        sw += w;
      };
      for (std::int64_t e = off[v]; e < off[v + 1]; ++e) term(adj[e], 1.0, 1.0);
      for (int j = 0; j < k; ++j) {
        const int dj = d[j][v];
        if (dj > 1) term(pivots[j], dj, r / (static_cast<double>(dj) * dj));
      }
      if (sw > 0) {
        xy[2 * v] = sx / sw;
        xy[2 * v + 1] = sy / sw;
      }
    }
    if (o.progress) o.progress(done + share * (0.5 + 0.5 * (it + 1) / o.stress_iterations));
  }
  return true;
}

}  // namespace

std::vector<double> compute_graph_layout(std::span<const std::int64_t> offsets,
                                         std::span<const int> adjacency,
                                         const LayoutOptions& opts) {
  const int n = offsets.empty() ? 0 : static_cast<int>(offsets.size()) - 1;
  auto neighbours_of = [&](int v) {
    return adjacency.subspan(static_cast<std::size_t>(offsets[v]),
                             static_cast<std::size_t>(offsets[v + 1] - offsets[v]));
  };
  std::vector<double> out(static_cast<std::size_t>(2 * n), 0.0);
  if (n == 0) return out;
  std::vector<int> comp(static_cast<std::size_t>(n), -1), local(static_cast<std::size_t>(n), -1);
  std::vector<std::vector<int>> members;
  for (int s = 0; s < n; ++s) {
    if (comp[s] >= 0) continue;
    const int c = static_cast<int>(members.size());
    members.emplace_back(1, s);
    comp[s] = c;
    for (std::size_t h = 0; h < members[c].size(); ++h)
      for (int u : neighbours_of(members[c][h]))
        if (comp[u] < 0) {
          comp[u] = c;
          members[c].push_back(u);
        }
    std::sort(members[c].begin(), members[c].end());
  }
  // Largest component first (then by lowest vertex): it sits at the origin.
  std::vector<int> order(members.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return members[a].size() > members[b].size(); });
  double done = 0, cursor_x = 0, cursor_y = 0, row_height = 0, row_limit = 0;
  std::vector<double> xy;
  for (int c : order) {
    const std::vector<int>& mem = members[c];
    const int nc = static_cast<int>(mem.size());
    for (int i = 0; i < nc; ++i) local[mem[i]] = i;
    std::vector<std::int64_t> off(static_cast<std::size_t>(nc) + 1, 0);
    std::vector<int> adj;
    for (int i = 0; i < nc; ++i) {
      for (int u : neighbours_of(mem[i])) adj.push_back(local[u]);
      off[i + 1] = static_cast<std::int64_t>(adj.size());
    }
    const double share = static_cast<double>(nc) / n;
    if (!layout_component(off, adj, opts, done, share, xy)) return {};
    done += share;
    double lo[2] = {xy.empty() ? 0 : xy[0], xy.empty() ? 0 : xy[1]}, hi[2] = {lo[0], lo[1]};
    for (int i = 0; i < nc; ++i)
      for (int a = 0; a < 2; ++a) {
        lo[a] = std::min(lo[a], xy[2 * i + a]);
        hi[a] = std::max(hi[a], xy[2 * i + a]);
      }
    const double w = hi[0] - lo[0], h = hi[1] - lo[1];
    // Shelf packing: components in rows as wide as the largest one (or a square of the total).
    if (row_limit == 0) row_limit = std::max(w, std::sqrt(static_cast<double>(n)));
    if (cursor_x > 0 && cursor_x + w > row_limit) {
      cursor_x = 0;
      cursor_y -= row_height + 2;
      row_height = 0;
    }
    for (int i = 0; i < nc; ++i) {
      out[2 * static_cast<std::size_t>(mem[i])] = xy[2 * i] - lo[0] + cursor_x;
      out[2 * static_cast<std::size_t>(mem[i]) + 1] = xy[2 * i + 1] - hi[1] + cursor_y;
    }
    cursor_x += w + 2;
    row_height = std::max(row_height, h);
  }
  if (opts.progress) opts.progress(1.0);
  return out;
}

std::uint64_t graph_hash(std::span<const std::int64_t> offsets, std::span<const int> adjacency) {
  // FNV-1a over the vertex count and the CSR arrays.
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&](std::uint64_t x) {
    for (int i = 0; i < 8; ++i) {
      h ^= (x >> (8 * i)) & 0xFF;
      h *= 1099511628211ULL;
    }
  };
  mix(static_cast<std::uint64_t>(offsets.empty() ? 0 : offsets.size() - 1));
  for (std::int64_t o : offsets) mix(static_cast<std::uint64_t>(o));
  for (int a : adjacency) mix(static_cast<std::uint64_t>(a));
  return h;
}

std::shared_ptr<const std::vector<double>> cached_graph_layout(
    std::span<const std::int64_t> offsets, std::span<const int> adjacency,
    const LayoutOptions& opts) {
  const int n = offsets.empty() ? 0 : static_cast<int>(offsets.size()) - 1;
  const auto arcs = static_cast<std::int64_t>(adjacency.size());
  struct Entry {
    std::uint64_t hash;
    int n;
    std::int64_t arcs;
    std::shared_ptr<const std::vector<double>> xy;
  };
  static std::mutex mutex;
  static std::vector<Entry> cache;  // most recent last, at most 4
  const std::uint64_t h = graph_hash(offsets, adjacency);
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const Entry& e : cache)
      if (e.hash == h && e.n == n && e.arcs == arcs) {
        if (opts.progress) opts.progress(1.0);
        return e.xy;
      }
  }
  std::vector<double> computed = compute_graph_layout(offsets, adjacency, opts);
  if (computed.empty() && n > 0) return nullptr;  // cancelled
  auto xy = std::make_shared<const std::vector<double>>(std::move(computed));
  std::lock_guard<std::mutex> lock(mutex);
  cache.push_back({h, n, arcs, xy});
  // At most 4 graphs and about 64 MB of coordinates (the newest is always kept).
  std::size_t held = 0;
  for (const Entry& e : cache) held += e.xy->size();
  while (cache.size() > 1 && (cache.size() > 4 || held > (std::size_t{8} << 20))) {
    held -= cache.front().xy->size();
    cache.erase(cache.begin());
  }
  return xy;
}

}  // namespace loadlab::core
