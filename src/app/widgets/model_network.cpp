#include "app/widgets/model_network.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

namespace loadlab::app {

void largest_transfers(const std::vector<core::Transfer>& ts, std::size_t begin, std::size_t end,
                       std::size_t k, std::vector<std::uint32_t>& out) {
  out.clear();
  end = std::min(end, ts.size());
  for (std::size_t i = begin; i < end; ++i) out.push_back(static_cast<std::uint32_t>(i));
  auto bigger = [&](std::uint32_t x, std::uint32_t y) {
    return ts[x].count != ts[y].count ? ts[x].count > ts[y].count : x < y;
  };
  if (out.size() > k) {
    std::nth_element(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k), out.end(), bigger);
    out.resize(k);
  }
  std::sort(out.begin(), out.end(), bigger);
}

float load_scale_position(double load, double average) {
  if (!(average > 0)) return load > 0 ? 1.0f : 0.0f;
  return static_cast<float>(std::clamp(load / (2.0 * average), 0.0, 1.0));
}

void load_scale_rgb(float t, float rgb[3]) {
  // Kept in step with shaders/heatmap.frag.
  t = std::clamp(t, 0.0f, 1.0f);
  if (t < 0.5f) {
    const float u = t * 2;
    rgb[0] = 0.20f + 0.05f * u, rgb[1] = 0.45f + 0.35f * u, rgb[2] = 0.90f - 0.55f * u;
  } else {
    const float u = (t - 0.5f) * 2;
    rgb[0] = 0.25f + 0.70f * u, rgb[1] = 0.80f - 0.55f * u, rgb[2] = 0.35f - 0.15f * u;
  }
}

bool is_wrap_link(const core::Topology& t, int a, int b) {
  if (t.kind() != core::TopologyKind::Torus) return false;
  const int c = t.cols(), r = t.rows();
  const int ra = a / c, ca = a % c, rb = b / c, cb = b % c;
  if (ra == rb && c > 2 && std::abs(ca - cb) == c - 1) return true;
  return ca == cb && r > 2 && std::abs(ra - rb) == r - 1;
}

int link_segments(const core::Topology& t, const std::vector<core::Point>& layout, int a, int b,
                  Segment out[2], float stub) {
  const core::Point pa = layout[a], pb = layout[b];
  if (!is_wrap_link(t, a, b)) {
    out[0] = {pa, pb};
    return 1;
  }
  const int c = t.cols(), r = t.rows();
  // Unit direction from a outwards across its border (b sits at the opposite border).
  float dx = 0, dy = 0;
  if (a / c == b / c)
    dx = (a % c) < (b % c) ? -1.0f : 1.0f;
  else
    dy = (a / c) < (b / c) ? -1.0f : 1.0f;
  const float len =
      stub * (dx != 0 ? 1.0f / float(std::max(1, c - 1)) : 1.0f / float(std::max(1, r - 1)));
  out[0] = {pa, {pa.x + dx * len, pa.y + dy * len}};
  out[1] = {{pb.x - dx * len, pb.y - dy * len}, pb};
  return 2;
}

float min_node_distance(const std::vector<core::Point>& layout) {
  const std::size_t n = layout.size();
  if (n < 2) return 1.0f;
  // Buckets of about one point each (square cells over the points' bounding box, which may be
  // a line), searched in growing rings until the closest pair found cannot be beaten farther out.
  float lo_x = layout[0].x, hi_x = lo_x, lo_y = layout[0].y, hi_y = lo_y;
  for (const auto& p : layout) {
    lo_x = std::min(lo_x, p.x), hi_x = std::max(hi_x, p.x);
    lo_y = std::min(lo_y, p.y), hi_y = std::max(hi_y, p.y);
  }
  const double wx = std::max(double(hi_x - lo_x), 1e-12), wy = std::max(double(hi_y - lo_y), 1e-12);
  const double side = std::max(std::sqrt(wx * wy / double(n)), std::max(wx, wy) / double(n));
  const int gx = static_cast<int>(std::min<double>(wx / side + 1, 4.0 * double(n)));
  const int gy = static_cast<int>(std::min<double>(wy / side + 1, 4.0 * double(n)));
  auto cell = [&](const core::Point& p, int& cx, int& cy) {
    cx = std::clamp(static_cast<int>((p.x - lo_x) / side), 0, gx - 1);
    cy = std::clamp(static_cast<int>((p.y - lo_y) / side), 0, gy - 1);
  };
  std::vector<std::int32_t> offsets(static_cast<std::size_t>(gx) * gy + 1, 0), items(n);
  for (const auto& p : layout) {
    int cx, cy;
    cell(p, cx, cy);
    offsets[static_cast<std::size_t>(cy) * gx + cx + 1]++;
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<std::int32_t> fill(offsets.begin(), offsets.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    int cx, cy;
    cell(layout[i], cx, cy);
    items[static_cast<std::size_t>(fill[static_cast<std::size_t>(cy) * gx + cx]++)] =
        static_cast<std::int32_t>(i);
  }
  double best = INFINITY;
  for (int reach = 1;; reach *= 2) {
    for (std::size_t i = 0; i < n; ++i) {
      int cx, cy;
      cell(layout[i], cx, cy);
      for (int y = std::max(0, cy - reach); y <= std::min(gy - 1, cy + reach); ++y)
        for (int x = std::max(0, cx - reach); x <= std::min(gx - 1, cx + reach); ++x) {
          const std::size_t c = static_cast<std::size_t>(y) * gx + x;
          for (auto k = offsets[c]; k < offsets[c + 1]; ++k) {
            const std::size_t j = static_cast<std::size_t>(items[static_cast<std::size_t>(k)]);
            if (j <= i) continue;
            const double dx = double(layout[i].x) - layout[j].x,
                         dy = double(layout[i].y) - layout[j].y;
            best = std::min(best, std::sqrt(dx * dx + dy * dy));
          }
        }
    }
    // Every pair closer than reach cells was seen.
    if (best <= reach * side || (reach >= gx && reach >= gy)) break;
  }
  return std::isfinite(best) ? static_cast<float>(best) : 1.0f;
}

float node_radius_layout(const std::vector<core::Point>& layout, float min_distance) {
  const float n = static_cast<float>(std::max<std::size_t>(1, layout.size()));
  return std::min(0.45f * min_distance, 0.32f / std::sqrt(n));
}

// ---- step player -------------------------------------------------------------------------------

void StepPlayer::reset(const core::LoadVector& initial,
                       const std::vector<core::Transfer>& transfers, int steps) {
  loads_ = initial;
  transfers_ = transfers;
  steps_ = steps;
  for (const auto& t : transfers_) steps_ = std::max(steps_, t.step + 1);
  begin_.assign(static_cast<std::size_t>(steps_) + 2, transfers_.size());
  // begin_[s] = first transfer with step >= s (transfers are sorted by step).
  std::size_t i = 0;
  for (int s = 0; s <= steps_ + 1; ++s) {
    while (i < transfers_.size() && transfers_[i].step < s) ++i;
    begin_[static_cast<std::size_t>(s)] = i;
  }
  step_ = 0;
  largest_step_ = -1;
  ++version_;
}

std::size_t StepPlayer::step_begin(int s) const {
  if (begin_.empty()) return 0;
  return begin_[static_cast<std::size_t>(std::clamp(s, 0, steps_ + 1))];
}

bool StepPlayer::seek(int s) {
  s = std::clamp(s, 0, steps_);
  if (s == step_) return false;
  const int n = static_cast<int>(loads_.size());
  auto apply = [&](std::size_t from, std::size_t to, int sign) {
    for (std::size_t i = from; i < to; ++i) {
      const auto& t = transfers_[i];
      if (t.from < 0 || t.to < 0 || t.from >= n || t.to >= n) continue;
      loads_[static_cast<std::size_t>(t.from)] -= sign * t.count;
      loads_[static_cast<std::size_t>(t.to)] += sign * t.count;
    }
  };
  // Loads after step s = initial + every transfer of steps < s.
  if (s > step_)
    apply(step_begin(step_), step_begin(s), +1);
  else
    apply(step_begin(s), step_begin(step_), -1);
  step_ = s;
  ++version_;
  return true;
}

const std::vector<std::uint32_t>& StepPlayer::largest(int s, std::size_t k) {
  if (s == largest_step_ && k == largest_k_) return largest_;
  largest_step_ = s;
  largest_k_ = k;
  largest_transfers(transfers_, step_begin(s), step_end(s), k, largest_);
  return largest_;
}

std::int64_t StepPlayer::moved(int s) const {
  std::int64_t m = 0;
  for (std::size_t i = step_begin(s); i < step_end(s); ++i) m += transfers_[i].count;
  return m;
}

// ---- heatmap grid ------------------------------------------------------------------------------

int HeatGrid::texel_x(float x) const {
  return std::clamp(static_cast<int>(std::lround(x * float(w - 1))), 0, w - 1);
}
int HeatGrid::texel_y(float y) const {
  return std::clamp(static_cast<int>(std::lround(y * float(h - 1))), 0, h - 1);
}

HeatGrid make_heat_grid(const core::Topology& t, const std::vector<core::Point>& layout) {
  HeatGrid g;
  const int n = static_cast<int>(layout.size());
  using core::TopologyKind;
  if (t.kind() == TopologyKind::Mesh || t.kind() == TopologyKind::Torus) {
    g.w = t.cols(), g.h = t.rows();
  } else if (t.kind() == TopologyKind::Hypercube && t.dim() > 6) {
    const int bits_x = (t.dim() + 1) / 2;  // as Topology::layout's grid
    g.w = 1 << bits_x, g.h = 1 << (t.dim() - bits_x);
  } else {
    const int side =
        std::clamp(static_cast<int>(std::ceil(std::sqrt(double(std::max(n, 1))) * 1.5)), 2, 1024);
    g.w = g.h = side;
  }
  g.w = std::max(g.w, 1), g.h = std::max(g.h, 1);
  g.texel.resize(static_cast<std::size_t>(n));
  g.offsets.assign(static_cast<std::size_t>(g.w) * g.h + 1, 0);
  for (int v = 0; v < n; ++v) {
    const int tx = g.w > 1 ? g.texel_x(layout[static_cast<std::size_t>(v)].x) : 0;
    const int ty = g.h > 1 ? g.texel_y(layout[static_cast<std::size_t>(v)].y) : 0;
    g.texel[static_cast<std::size_t>(v)] = ty * g.w + tx;
    g.offsets[static_cast<std::size_t>(ty * g.w + tx) + 1]++;
  }
  std::partial_sum(g.offsets.begin(), g.offsets.end(), g.offsets.begin());
  g.nodes.resize(static_cast<std::size_t>(n));
  std::vector<std::int32_t> fill(g.offsets.begin(), g.offsets.end() - 1);
  for (int v = 0; v < n; ++v)
    g.nodes[static_cast<std::size_t>(
        fill[static_cast<std::size_t>(g.texel[static_cast<std::size_t>(v)])]++)] = v;
  return g;
}

void heat_texels(const HeatGrid& g, const core::LoadVector& loads, double average,
                 std::vector<std::uint8_t>& rg) {
  heat_texels_by(
      g, [&](int v) { return load_scale_position(loads[static_cast<std::size_t>(v)], average); },
      rg);
}

}  // namespace loadlab::app
