#include "app/partition/model_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/partition/layout.h"
#include "core/partition/partition.h"
#include "core/partition/registry.h"

namespace loadlab::app {

namespace {

std::string method_title(const std::string& name) {
  for (const auto& info : core::partition_algorithm_table())
    if (name == info.name) return info.title;
  return name;
}

void model_view_layout(PartitionViewModel& m) {
  const core::Mesh& mesh = *m.mesh;
  const int n = mesh.size();
  m.xy.assign(static_cast<std::size_t>(n) * 2, 0.0f);
  if (mesh.has_coordinates()) {
    // 3-D: shear by z so stacked layers sit side by side diagonally rather than on top of each
    // other.
    double shear = 0;
    if (mesh.dim() == 3) {
      double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
      for (int v = 0; v < n; ++v)
        lo = std::min(lo, mesh.coord(v, 0)), hi = std::max(hi, mesh.coord(v, 0));
      shear = (hi - lo) > 0 ? 0.15 : 0.0;
    }
    for (int v = 0; v < n; ++v) {
      const double z = mesh.dim() == 3 ? mesh.coord(v, 2) : 0.0;
      m.xy[2 * static_cast<std::size_t>(v)] = static_cast<float>(mesh.coord(v, 0) + shear * z);
      m.xy[2 * static_cast<std::size_t>(v) + 1] = static_cast<float>(mesh.coord(v, 1) + shear * z);
    }
  } else {
    // No coordinates (an imported .graph without .xyz): a lattice in vertex order. Neighbouring
    // indices are often neighbours in such files, so parts still show as regions.
    m.synthetic_layout = true;
    const int side = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n)))));
    for (int v = 0; v < n; ++v) {
      m.xy[2 * static_cast<std::size_t>(v)] = static_cast<float>(v % side);
      m.xy[2 * static_cast<std::size_t>(v) + 1] = static_cast<float>(v / side);
    }
  }
  if (n == 0) return;
  m.x0 = m.y0 = std::numeric_limits<float>::max();
  m.x1 = m.y1 = std::numeric_limits<float>::lowest();
  for (int v = 0; v < n; ++v) {
    const float x = m.xy[2 * static_cast<std::size_t>(v)],
                y = m.xy[2 * static_cast<std::size_t>(v) + 1];
    m.x0 = std::min(m.x0, x), m.x1 = std::max(m.x1, x);
    m.y0 = std::min(m.y0, y), m.y1 = std::max(m.y1, y);
  }
  if (m.x1 <= m.x0) m.x1 = m.x0 + 1;
  if (m.y1 <= m.y0) m.y1 = m.y0 + 1;
}

}  // namespace

double typical_edge_length(const std::vector<float>& xy, const std::vector<core::MeshEdge>& edges) {
  if (edges.empty()) return 1;
  const std::size_t step = std::max<std::size_t>(1, edges.size() / 4096);
  std::vector<double> len;
  for (std::size_t i = 0; i < edges.size(); i += step) {
    const auto a = 2 * static_cast<std::size_t>(edges[i].a),
               b = 2 * static_cast<std::size_t>(edges[i].b);
    len.push_back(
        std::hypot(static_cast<double>(xy[a]) - xy[b], static_cast<double>(xy[a + 1]) - xy[b + 1]));
  }
  std::nth_element(len.begin(), len.begin() + static_cast<std::ptrdiff_t>(len.size() / 2),
                   len.end());
  const double mid = len[len.size() / 2];
  return mid > 0 ? mid : 1;
}

std::vector<std::int64_t> partition_cut_edges(const std::vector<core::MeshEdge>& edges,
                                              const std::vector<int>& part) {
  std::vector<std::int64_t> cut;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const auto a = static_cast<std::size_t>(edges[i].a), b = static_cast<std::size_t>(edges[i].b);
    if (a < part.size() && b < part.size() && part[a] != part[b])
      cut.push_back(static_cast<std::int64_t>(i));
  }
  return cut;
}

std::uint32_t part_colour(int p) {
  // Golden-ratio hue walk with two alternating values, so neighbouring part numbers (often
  // neighbouring regions) differ in both hue and brightness.
  const double h = std::fmod(0.07 + 0.61803398875 * p, 1.0) * 6.0;
  const double s = 0.62, v = (p % 2 == 0) ? 0.92 : 0.72;
  const int i = static_cast<int>(h);
  const double f = h - i, pp = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double r = v, g = t, b = pp;
  switch (i % 6) {
    case 0:
      r = v, g = t, b = pp;
      break;
    case 1:
      r = q, g = v, b = pp;
      break;
    case 2:
      r = pp, g = v, b = t;
      break;
    case 3:
      r = pp, g = q, b = v;
      break;
    case 4:
      r = t, g = pp, b = v;
      break;
    default:
      r = v, g = pp, b = q;
      break;
  }
  auto c = [](double x) {
    return static_cast<std::uint32_t>(std::clamp(x, 0.0, 1.0) * 255.0 + 0.5);
  };
  return c(r) | (c(g) << 8) | (c(b) << 16) | (0xFFu << 24);
}

PartitionViewModel partition_view_model(const AppState& st) {
  PartitionViewModel m;
  const auto* sc = dynamic_cast<const io::PartitionScenario*>(st.parsed.get());
  if (!sc || !sc->mesh) return m;
  m.mesh = sc->mesh;
  m.mesh_description = sc->mesh_description;
  m.parts = sc->parts;
  m.topology = sc->topology;
  const core::Mesh& mesh = *m.mesh;
  m.edges.reserve(static_cast<std::size_t>(mesh.edge_count()));
  for (int v = 0; v < mesh.size(); ++v)
    for (int w : mesh.neighbours(v))
      if (v < w) m.edges.push_back({v, w});
  model_view_layout(m);
  if (!mesh.has_coordinates()) m.graph_hash = core::mesh_graph_hash(mesh);
  m.edge_length = typical_edge_length(m.xy, m.edges);
  for (const auto& r : st.typed_results) {
    auto pr = std::dynamic_pointer_cast<const io::PartitionResult>(r);
    if (!pr) continue;
    PartitionMethodData d;
    d.result = pr;
    d.name = pr->algorithm;
    d.title = method_title(pr->algorithm);
    d.available = pr->available;
    d.verified = pr->verified;
    d.note = pr->note;
    if (pr->available && pr->part.size() == static_cast<std::size_t>(mesh.size())) {
      d.cut = partition_cut_edges(m.edges, pr->part);
      d.part_graph = core::part_graph(mesh, pr->part);
    }
    m.methods.push_back(std::move(d));
  }
  return m;
}

PartRaster rasterize_parts(const PartitionViewModel& m, const std::vector<int>& part, double x0,
                           double y0, double x1, double y1, int cols, int rows) {
  PartRaster r;
  if (cols <= 0 || rows <= 0 || x1 <= x0 || y1 <= y0 || !m.mesh) return r;
  r.cols = cols;
  r.rows = rows;
  const auto cells = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
  r.cell.assign(cells, -1);
  r.boundary.assign(cells, 0);
  const core::Mesh& mesh = *m.mesh;
  const int n = std::min(mesh.size(), static_cast<int>(part.size()));
  const double sx = cols / (x1 - x0), sy = rows / (y1 - y0);
  for (int v = 0; v < n; ++v) {
    const double x = m.xy[2 * static_cast<std::size_t>(v)],
                 y = m.xy[2 * static_cast<std::size_t>(v) + 1];
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const int cx = std::min(cols - 1, static_cast<int>((x - x0) * sx));
    const int cy = std::min(rows - 1, static_cast<int>((y1 - y) * sy));  // row 0 at the top
    const auto k = static_cast<std::size_t>(cy) * static_cast<std::size_t>(cols) +
                   static_cast<std::size_t>(cx);
    const int p = part[static_cast<std::size_t>(v)];
    if (r.cell[k] >= 0 && r.cell[k] != p) r.boundary[k] = 1;
    r.cell[k] = p;
    if (!r.boundary[k])
      for (int w : mesh.neighbours(v))
        if (w < n && part[static_cast<std::size_t>(w)] != p) {
          r.boundary[k] = 1;
          break;
        }
  }
  return r;
}

}  // namespace loadlab::app
