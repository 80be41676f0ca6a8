#include "app/balance/model_canvas.h"

#include "app/balance/model_scene.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

bool sync_layout_facts(LayoutFacts& f, const AppState& st) {
  if (f.scenario == st.parsed && f.nodes == balance_scene(st).layout.size()) return false;
  f.scenario = st.parsed;
  f.nodes = balance_scene(st).layout.size();
  f.min_distance = min_node_distance(balance_scene(st).layout);
  f.radius = node_radius_layout(balance_scene(st).layout, f.min_distance);
  f.grid = balance_scene(st).topology
               ? make_heat_grid(*balance_scene(st).topology, balance_scene(st).layout)
               : HeatGrid{};
  double sum = 0;
  for (auto w : balance_scene(st).loads) sum += static_cast<double>(w);
  f.average = sum / static_cast<double>(std::max<std::size_t>(1, balance_scene(st).loads.size()));
  f.edge_base.clear();
  if (balance_scene(st).topology) {
    const core::Topology& t = *balance_scene(st).topology;
    f.edge_base.resize(static_cast<std::size_t>(t.size()) + 1, 0);
    for (int a = 0; a < t.size(); ++a) {
      std::int64_t up = 0;
      for (int b : t.neighbours(a)) up += b > a ? 1 : 0;
      f.edge_base[static_cast<std::size_t>(a) + 1] = f.edge_base[static_cast<std::size_t>(a)] + up;
    }
  }
  ++f.key;
  return true;
}

std::int64_t edge_index(const core::Topology& t, const std::vector<std::int64_t>& edge_base, int a,
                        int b) {
  if (a > b) std::swap(a, b);
  if (a < 0 || static_cast<std::size_t>(a) >= edge_base.size()) return -1;
  // Topology::edges() lists a's links to larger neighbours in neighbours(a) order.
  std::int64_t rank = 0;
  for (int x : t.neighbours(a)) {
    if (x == b) return edge_base[static_cast<std::size_t>(a)] + rank;
    if (x > a) ++rank;
  }
  return -1;
}

TexelRange visible_texels(const HeatGrid& g, const CanvasMapping& m, float margin_px) {
  TexelRange r;
  if (g.w <= 0 || g.h <= 0 || !(m.scale > 0)) return r;
  const core::Point lo = m.to_layout(m.x0 - margin_px, m.y0 - margin_px);
  const core::Point hi = m.to_layout(m.x1 + margin_px, m.y1 + margin_px);
  r.x0 = std::max(0, g.texel_x(lo.x) - 1), r.x1 = std::min(g.w - 1, g.texel_x(hi.x) + 1);
  r.y0 = std::max(0, g.texel_y(lo.y) - 1), r.y1 = std::min(g.h - 1, g.texel_y(hi.y) + 1);
  return r;
}

std::size_t nodes_in(const HeatGrid& g, const TexelRange& r) {
  if (g.offsets.empty()) return 0;
  std::size_t count = 0;
  for (int y = r.y0; y <= r.y1; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(g.w);
    if (r.x1 >= r.x0)
      count += static_cast<std::size_t>(g.offsets[row + static_cast<std::size_t>(r.x1) + 1] -
                                        g.offsets[row + static_cast<std::size_t>(r.x0)]);
  }
  return count;
}

std::size_t visible_node_bound(const std::vector<core::Point>& layout, const HeatGrid& g,
                               const CanvasMapping& m, float margin_px) {
  if (layout.size() <= kMaxNodeShapes || g.offsets.empty() || g.texel.size() != layout.size())
    return layout.size();
  return nodes_in(g, visible_texels(g, m, margin_px));
}

int heat_grid_node_at(const HeatGrid& g, core::Point p) {
  if (g.w <= 0 || g.h <= 0 || g.offsets.empty()) return -1;
  // The texture spans half a texel beyond the layout's [0, 1] on each side.
  const float hx = g.w > 1 ? 0.5f / float(g.w - 1) : 0.5f,
              hy = g.h > 1 ? 0.5f / float(g.h - 1) : 0.5f;
  if (p.x < -hx || p.x > 1 + hx || p.y < -hy || p.y > 1 + hy) return -1;
  const std::size_t t = static_cast<std::size_t>(g.texel_y(p.y)) * static_cast<std::size_t>(g.w) +
                        static_cast<std::size_t>(g.texel_x(p.x));
  return g.offsets[t] < g.offsets[t + 1] ? g.nodes[static_cast<std::size_t>(g.offsets[t])] : -1;
}

NodeDetail choose_node_detail(int n, float spacing_px, bool sprites_ok, bool heatmap_ok) {
  if (n <= kGpuNodes) return NodeDetail::Discs;
  if (spacing_px < kHeatmapSpacingPx && heatmap_ok) return NodeDetail::Heatmap;
  return sprites_ok ? NodeDetail::Sprites : NodeDetail::Discs;
}

bool links_fit(std::size_t visible_nodes, double average_degree, float spacing_px) {
  return static_cast<double>(visible_nodes) * average_degree / 2 <=
             static_cast<double>(kMaxLinks) &&
         spacing_px >= 3.0f;
}

SweepMoves sweep_moves(const core::IterativeResult& r, int sweep, int cls, std::size_t k) {
  SweepMoves m;
  if (sweep < 1 || r.model != core::IterativeModel::Tasks) return m;
  const int classes = r.algorithm == "gde" ? std::max(1, r.colouring.colours) : 1;
  if (r.algorithm == "gde" && cls >= 0 && cls < classes) {
    m.first_step = (sweep - 1) * classes + cls;
    m.last_step = m.first_step + 1;
  } else {
    m.first_step = (sweep - 1) * classes;
    m.last_step = sweep * classes;
  }
  // The run records its moves in step order.
  const auto& ts = r.transfers;
  auto at = [&](int step) {
    return static_cast<std::size_t>(
        std::lower_bound(ts.begin(), ts.end(), step,
                         [](const core::Transfer& t, int s) { return t.step < s; }) -
        ts.begin());
  };
  const std::size_t b = at(m.first_step), e = at(m.last_step);
  m.total = e - b;
  for (std::size_t i = b; i < e; ++i) m.moved += ts[i].count;
  m.truncated = r.transfers_truncated && e == ts.size();
  largest_transfers(ts, b, e, k, m.shown);
  return m;
}

std::uint64_t mix_key(std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (std::uint64_t p : parts) {
    h ^= p + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h ^= h >> 30, h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27, h *= 0x94d049bb133111ebull;
    h ^= h >> 31;
  }
  return h;
}

}  // namespace loadlab::app
