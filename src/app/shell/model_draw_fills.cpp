// Opaque rectangles as clears (see model_draw_fills.h for why). The quad layout is Dear ImGui
// 1.86's ImDrawList::PrimRect (imgui_draw.cpp); the pixels a triangle covers follow the
// rasterisation rule of OpenGL ES 3.0 (section 3.6.1: a pixel is covered when its centre lies
// inside the triangle), decided here only where no centre lies on an edge.
#include "app/shell/model_draw_fills.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

// A coordinate is certain when no pixel centre (k + 0.5) lies within 1/8 pixel of it: SwiftShader
// snaps vertices to 1/16 pixel, and the projection adds float rounding far below that.
bool fill_edge_certain(float v) {
  if (!std::isfinite(v) || std::fabs(v) > 1e6f) return false;
  const float frac = v - std::floor(v);
  return std::fabs(frac - 0.5f) >= 0.125f;
}

// The first pixel whose centre is at or right of (above) edge v.
int fill_first_pixel(float v) {
  return static_cast<int>(std::ceil(v - 0.5f));
}

}  // namespace

bool fill_rect_of_quad(const BatchInputVertex* vtx, std::size_t vtx_count, const unsigned* idx,
                       const float white[2], const float display_pos[2], const float fb_scale[2],
                       int fb_width, int fb_height, const int scissor[4], FillRect& out) {
  const unsigned a = idx[0];
  if (idx[1] != a + 1 || idx[2] != a + 2 || idx[3] != a || idx[4] != a + 2 || idx[5] != a + 3)
    return false;
  if (static_cast<std::size_t>(a) + 3 >= vtx_count) return false;
  const BatchInputVertex* q = vtx + a;
  const std::uint32_t col = q[0].col;
  if ((col >> 24) != 0xFFu) return false;
  for (int k = 0; k < 4; ++k)
    if (q[k].col != col || q[k].u != white[0] || q[k].v != white[1]) return false;
  // PrimRect: (x0, y0), (x1, y0), (x1, y1), (x0, y1).
  if (q[1].x != q[2].x || q[0].x != q[3].x || q[0].y != q[1].y || q[2].y != q[3].y) return false;
  if (!(q[0].x < q[1].x) || !(q[0].y < q[2].y)) return false;
  const float left = (q[0].x - display_pos[0]) * fb_scale[0];
  const float right = (q[1].x - display_pos[0]) * fb_scale[0];
  const float fh = static_cast<float>(fb_height);
  const float bottom = fh - (q[2].y - display_pos[1]) * fb_scale[1];
  const float top = fh - (q[0].y - display_pos[1]) * fb_scale[1];
  if (!fill_edge_certain(left) || !fill_edge_certain(right) || !fill_edge_certain(bottom) ||
      !fill_edge_certain(top))
    return false;
  out.x0 = std::max({fill_first_pixel(left), scissor[0], 0});
  out.x1 = std::min({fill_first_pixel(right), scissor[0] + scissor[2], fb_width});
  out.y0 = std::max({fill_first_pixel(bottom), scissor[1], 0});
  out.y1 = std::min({fill_first_pixel(top), scissor[1] + scissor[3], fb_height});
  if (out.x1 < out.x0) out.x1 = out.x0;
  if (out.y1 < out.y0) out.y1 = out.y0;
  out.col = col;
  return true;
}

bool fill_rects_overlap(const FillRect& a, const FillRect& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

void FillPlanner::reset(const BatchFillOptions& options) {
  options_ = options;
  touched_.clear();
  first_.clear();
}

void FillPlanner::touch_triangles(const BatchInputVertex* vtx, const unsigned* idx, unsigned count,
                                  const float display_pos[2], const float fb_scale[2],
                                  int fb_height, const FillRect& scissor) {
  const float fh = static_cast<float>(fb_height);
  const auto clamp_int = [](float v) { return static_cast<int>(std::clamp(v, -1e8f, 1e8f)); };
  const auto area = [](long long x0, long long y0, long long x1, long long y1) {
    return (x1 - x0) * (y1 - y0);
  };
  FillRect run;
  bool open = false;
  const auto close_run = [&]() {
    FillRect t{std::max(run.x0, scissor.x0), std::max(run.y0, scissor.y0),
               std::min(run.x1, scissor.x1), std::min(run.y1, scissor.y1), 0};
    if (t.x0 < t.x1 && t.y0 < t.y1) touched_.push_back(t);
  };
  for (unsigned k = 0; k + 2 < count; k += 3) {
    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
    for (unsigned c = 0; c < 3; ++c) {
      const BatchInputVertex& v = vtx[idx[k + c]];
      const float x = (v.x - display_pos[0]) * fb_scale[0];
      const float y = fh - (v.y - display_pos[1]) * fb_scale[1];
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    // A pixel wider than the triangle: every pixel whose centre it covers.
    const FillRect t{clamp_int(std::floor(x0)) - 1, clamp_int(std::floor(y0)) - 1,
                     clamp_int(std::ceil(x1)) + 1, clamp_int(std::ceil(y1)) + 1, 0};
    if (open) {
      const FillRect u{std::min(run.x0, t.x0), std::min(run.y0, t.y0), std::max(run.x1, t.x1),
                       std::max(run.y1, t.y1), 0};
      // Joined while the joint box adds little area: text lines stay one box, a frame's four
      // edges do not become the whole frame.
      if (area(u.x0, u.y0, u.x1, u.y1) <= run.pixels() + t.pixels() + 256) {
        run = u;
        continue;
      }
      close_run();
    }
    run = t;
    open = true;
  }
  if (open) close_run();
}

FillPlanner::Place FillPlanner::place(const FillRect& f) {
  const auto overlaps = [&f](const FillRect& r) { return fill_rects_overlap(f, r); };
  if (std::none_of(touched_.begin(), touched_.end(), overlaps)) {
    // Nothing but earlier first fills under it: those of another colour decide what it covers.
    const bool over_other = std::any_of(first_.begin(), first_.end(), [&](const FillRect& r) {
      return r.col != options_.clear_col && fill_rects_overlap(f, r);
    });
    if (options_.clear_known && f.col == options_.clear_col && !over_other) return Place::dropped;
    first_.push_back(f);
    return Place::first;
  }
  touched_.push_back(f);
  return Place::in_place;
}

}  // namespace loadlab::app
