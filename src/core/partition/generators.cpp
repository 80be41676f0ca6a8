#include "core/partition/generators.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/util/rng.h"

namespace loadlab::core {

namespace {

void check_count(std::int64_t n, std::int64_t limit, const char* what) {
  if (n < 1 || n > limit)
    throw std::invalid_argument(std::string(what) + " must give between 1 and " +
                                std::to_string(limit) + " vertices (got " + std::to_string(n) +
                                ")");
}

// Grid cells kept by `keep(r, c)`, renumbered row-major, 4-neighbour edges.
Mesh masked_grid(int rows, int cols, const std::function<bool(int, int)>& keep,
                 const std::function<void(int, int, double&, double&)>& place) {
  if (rows < 1 || cols < 1) throw std::invalid_argument("rows and cols must be >= 1");
  check_count(static_cast<std::int64_t>(rows) * cols, MeshLimits::max_vertices, "rows x cols");
  std::vector<int> id(static_cast<std::size_t>(rows) * cols, -1);
  int n = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (keep(r, c)) id[static_cast<std::size_t>(r) * cols + c] = n++;
  if (n == 0) throw std::invalid_argument("the mesh has no vertices");
  std::vector<std::int64_t> off(static_cast<std::size_t>(n) + 1, 0);
  std::vector<int> adj;
  adj.reserve(static_cast<std::size_t>(n) * 4);
  std::vector<double> xy(static_cast<std::size_t>(n) * 2);
  auto at = [&](int r, int c) {
    return (r < 0 || c < 0 || r >= rows || c >= cols) ? -1
                                                      : id[static_cast<std::size_t>(r) * cols + c];
  };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = at(r, c);
      if (v < 0) continue;
      // Neighbours in increasing vertex order: up, left, right, down.
      for (int u : {at(r - 1, c), at(r, c - 1), at(r, c + 1), at(r + 1, c)})
        if (u >= 0) adj.push_back(u);
      off[v + 1] = static_cast<std::int64_t>(adj.size());
      place(r, c, xy[2 * static_cast<std::size_t>(v)], xy[2 * static_cast<std::size_t>(v) + 1]);
    }
  return Mesh::from_csr(std::move(off), std::move(adj), 2, std::move(xy));
}

void identity_place(int r, int c, double& x, double& y) {
  x = c;
  y = r;
}

}  // namespace

Mesh grid_mesh(int rows, int cols, int depth) {
  if (rows < 1 || cols < 1 || depth < 1)
    throw std::invalid_argument("rows, cols and depth must be >= 1");
  const std::int64_t total = static_cast<std::int64_t>(rows) * cols * depth;
  check_count(total, MeshLimits::max_vertices, "rows x cols x depth");
  if (depth == 1)
    return masked_grid(
        rows, cols, [](int, int) { return true; }, identity_place);
  const int n = static_cast<int>(total);
  std::vector<std::int64_t> off(static_cast<std::size_t>(n) + 1, 0);
  std::vector<int> adj;
  adj.reserve(static_cast<std::size_t>(n) * 6);
  std::vector<double> xyz(static_cast<std::size_t>(n) * 3);
  const int layer = rows * cols;
  for (int z = 0; z < depth; ++z)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const int v = (z * rows + r) * cols + c;
        if (z > 0) adj.push_back(v - layer);
        if (r > 0) adj.push_back(v - cols);
        if (c > 0) adj.push_back(v - 1);
        if (c + 1 < cols) adj.push_back(v + 1);
        if (r + 1 < rows) adj.push_back(v + cols);
        if (z + 1 < depth) adj.push_back(v + layer);
        off[v + 1] = static_cast<std::int64_t>(adj.size());
        xyz[3 * static_cast<std::size_t>(v)] = c;
        xyz[3 * static_cast<std::size_t>(v) + 1] = r;
        xyz[3 * static_cast<std::size_t>(v) + 2] = z;
      }
  return Mesh::from_csr(std::move(off), std::move(adj), 3, std::move(xyz));
}

Mesh l_shape_mesh(int rows, int cols) {
  return masked_grid(
      rows, cols, [=](int r, int c) { return !(r < rows / 2 && c >= cols / 2); }, identity_place);
}

Mesh with_holes_mesh(int rows, int cols, int holes) {
  if (holes < 0 || holes > 64) throw std::invalid_argument("holes must be in [0, 64]");
  // Holes on a k x k lattice (k = ceil(sqrt(holes))), each centred in its lattice cell.
  int k = 1;
  while (k * k < holes) ++k;
  const int side = std::max(1, std::min(rows, cols) / (2 * k + 3));
  auto keep = [=](int r, int c) {
    for (int h = 0; h < holes; ++h) {
      const int hr = (2 * (h / k) + 1) * rows / (2 * k), hc = (2 * (h % k) + 1) * cols / (2 * k);
      if (r >= hr - side / 2 && r < hr - side / 2 + side && c >= hc - side / 2 &&
          c < hc - side / 2 + side)
        return false;
    }
    return true;
  };
  return masked_grid(rows, cols, keep, identity_place);
}

Mesh annulus_mesh(int rings, int sectors) {
  if (rings < 1 || sectors < 3)
    throw std::invalid_argument("an annulus needs rings >= 1, sectors >= 3");
  check_count(static_cast<std::int64_t>(rings) * sectors, MeshLimits::max_vertices,
              "rings x sectors");
  const int n = rings * sectors;
  std::vector<MeshEdge> edges;
  edges.reserve(static_cast<std::size_t>(n) * 2);
  std::vector<double> xy(static_cast<std::size_t>(n) * 2);
  const double pi = 3.14159265358979323846;
  for (int r = 0; r < rings; ++r)
    for (int s = 0; s < sectors; ++s) {
      const int v = r * sectors + s;
      edges.push_back({v, r * sectors + (s + 1) % sectors});
      if (r + 1 < rings) edges.push_back({v, v + sectors});
      const double radius = 1.0 + (rings == 1 ? 0.0 : static_cast<double>(r) / (rings - 1));
      const double angle = 2 * pi * s / sectors;
      xy[2 * static_cast<std::size_t>(v)] = radius * std::cos(angle);
      xy[2 * static_cast<std::size_t>(v) + 1] = radius * std::sin(angle);
    }
  return Mesh::from_edges(n, edges, 2, std::move(xy));
}

Mesh random_points_mesh(int points, std::uint64_t seed) {
  check_count(points, MeshLimits::max_random_points, "points");
  if (points < 3) throw std::invalid_argument("a triangulation needs at least 3 points");
  util::Rng rng(seed);
  std::vector<double> xy(static_cast<std::size_t>(points) * 2);
  for (auto& v : xy) v = rng.uniform01();
  const std::vector<MeshEdge> edges = delaunay_edges(xy);
  return Mesh::from_edges(points, edges, 2, std::move(xy));
}

Mesh graded_mesh(int rows, int cols, int grading) {
  if (grading < 1 || grading > 4) throw std::invalid_argument("grading must be in [1, 4]");
  // Integer powers by multiplication: exactly rounded, so native and WebAssembly agree bit for bit.
  auto power = [=](double t) {
    double p = 1.0;
    for (int i = 0; i < grading; ++i) p *= t;
    return p;
  };
  auto place = [=](int r, int c, double& x, double& y) {
    x = cols > 1 ? power(static_cast<double>(c) / (cols - 1)) : 0.0;
    y = rows > 1 ? power(static_cast<double>(r) / (rows - 1)) : 0.0;
  };
  return masked_grid(
      rows, cols, [](int, int) { return true; }, place);
}

void apply_weights(Mesh& m, MeshWeights w, std::int64_t hot_weight) {
  if (w == MeshWeights::Uniform) {
    m.set_weights({});
    return;
  }
  if (!m.has_coordinates()) throw std::invalid_argument("hot_region weights need coordinates");
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (int v = 0; v < m.size(); ++v)
    for (int a = 0; a < 2; ++a) {
      lo[a] = std::min(lo[a], m.coord(v, a));
      hi[a] = std::max(hi[a], m.coord(v, a));
    }
  std::vector<std::int64_t> wt(static_cast<std::size_t>(m.size()), 1);
  for (int v = 0; v < m.size(); ++v)
    if (m.coord(v, 0) <= lo[0] + 0.25 * (hi[0] - lo[0]) &&
        m.coord(v, 1) <= lo[1] + 0.25 * (hi[1] - lo[1]))
      wt[v] = hot_weight;
  m.set_weights(std::move(wt));
}

}  // namespace loadlab::core
