#include "app/widgets/model_text_boxes.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

// A glyph cut by its clip rectangle: partly outside it, or ending exactly on its right edge (ImGui
// cuts the quads of framed text at the rectangle instead of letting the scissor do it; text runs
// left to right, so a label too long for its box is cut on the right).
bool glyph_clipped(const GlyphQuad& g) {
  constexpr float kOutside = 0.5f, kOnEdge = 0.01f;
  if (g.horizontal_clip_counts) {
    if (g.x0 < g.clip_x0 - kOutside || g.x1 > g.clip_x1 + kOutside) return true;
    if (std::fabs(g.x1 - g.clip_x1) < kOnEdge) return true;
  }
  if (!g.vertical_clip_counts) return false;
  return g.y0 < g.clip_y0 - kOutside || g.y1 > g.clip_y1 + kOutside;
}

}  // namespace

std::vector<TextBox> text_boxes_from_glyphs(const std::vector<GlyphQuad>& glyphs) {
  std::vector<TextBox> boxes;
  const GlyphQuad* prev = nullptr;
  for (const GlyphQuad& g : glyphs) {
    bool joins = false;
    if (prev != nullptr && !boxes.empty() && prev->group == g.group) {
      const TextBox& b = boxes.back();
      const float line = std::max(b.y1 - b.y0, g.y1 - g.y0);
      const bool same_line = g.y0 <= b.y1 + 2.0f && g.y1 >= b.y0 - 2.0f;
      joins = same_line && g.x0 >= prev->x0 - 0.5f && g.x0 - prev->x1 <= line;
    }
    if (joins) {
      TextBox& b = boxes.back();
      b.x0 = std::min(b.x0, g.x0), b.y0 = std::min(b.y0, g.y0);
      b.x1 = std::max(b.x1, g.x1), b.y1 = std::max(b.y1, g.y1);
      b.clipped = b.clipped || glyph_clipped(g);
    } else {
      boxes.push_back({g.x0, g.y0, g.x1, g.y1, g.group, glyph_clipped(g), false});
    }
    prev = &g;
  }
  return boxes;
}

int mark_text_problems(std::vector<TextBox>& boxes, float tolerance) {
  // Sorted by left edge: each box is compared with the boxes starting before its right edge.
  std::vector<std::size_t> order(boxes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return boxes[a].x0 < boxes[b].x0; });
  for (std::size_t oi = 0; oi < order.size(); ++oi) {
    TextBox& a = boxes[order[oi]];
    for (std::size_t oj = oi + 1; oj < order.size(); ++oj) {
      TextBox& b = boxes[order[oj]];
      if (b.x0 >= a.x1 - tolerance) break;
      if (a.group != b.group) continue;
      const float dx = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
      const float dy = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
      if (dx > tolerance && dy > tolerance) a.overlaps = b.overlaps = true;
    }
  }
  int problems = 0;
  for (const TextBox& b : boxes) problems += (b.overlaps || b.clipped) ? 1 : 0;
  return problems;
}

bool text_draw_cut(const TextDraw& d, float tolerance) {
  const float vx0 = std::max(d.x0, d.clip_x0), vx1 = std::min(d.x1, d.clip_x1);
  const float vy0 = std::max(d.y0, d.clip_y0), vy1 = std::min(d.y1, d.clip_y1);
  if (!(vx1 > vx0 && vy1 > vy0)) return false;  // nothing of it shows
  if (d.ellipsis) return true;
  if (d.horizontal_clip_counts && (d.x0 < d.clip_x0 - tolerance || d.x1 > d.clip_x1 + tolerance))
    return true;
  return d.vertical_clip_counts && (d.y0 < d.clip_y0 - tolerance || d.y1 > d.clip_y1 + tolerance);
}

void mark_cut_draws(std::vector<TextBox>& boxes, const std::vector<TextDraw>& draws,
                    float tolerance) {
  const std::size_t glyph_boxes = boxes.size();
  for (const TextDraw& d : draws) {
    if (!text_draw_cut(d, tolerance)) continue;
    const float vx0 = std::max(d.x0, d.clip_x0), vx1 = std::min(d.x1, d.clip_x1);
    const float vy0 = std::max(d.y0, d.clip_y0), vy1 = std::min(d.y1, d.clip_y1);
    bool found = false;
    for (std::size_t i = 0; i < glyph_boxes; ++i) {
      TextBox& b = boxes[i];
      const float cx = 0.5f * (b.x0 + b.x1), cy = 0.5f * (b.y0 + b.y1);
      if (b.group != d.group || cx < vx0 || cx > vx1 || cy < vy0 || cy > vy1) continue;
      b.clipped = found = true;
    }
    if (!found) boxes.push_back({vx0, vy0, vx1, vy1, d.group, true, false});
  }
}

}  // namespace loadlab::app
