#include "app/balance/network_canvas.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/widgets/format.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

NetworkCanvas begin_network_canvas(const char* id, ViewTransform& view, float margin,
                                   float left_band) {
  NetworkCanvas c;
  c.origin = ImGui::GetCursorScreenPos();
  c.size = ImGui::GetContentRegionAvail();
  c.size.x = std::max(c.size.x, 50.0f);
  c.size.y = std::max(c.size.y, 50.0f);
  ImGui::InvisibleButton(id, c.size, ImGuiButtonFlags_MouseButtonLeft);
  c.hovered = ImGui::IsItemHovered();
  const ImGuiIO& io = ImGui::GetIO();
  // Layout units -> pixels: fit [0,1]^2 with a margin, then zoom around the view centre + pan.
  const float band = std::clamp(left_band, 0.0f, 0.35f * c.size.x);
  c.fit = std::max(std::min(c.size.x - band, c.size.y) - 2 * margin, 10.0f);
  c.centre = {c.origin.x + band + (c.size.x - band) / 2, c.origin.y + c.size.y / 2};
  if (c.hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    view.pan_x += io.MouseDelta.x / (c.fit * view.zoom);
    view.pan_y += io.MouseDelta.y / (c.fit * view.zoom);
  }
  if (c.hovered && io.MouseWheel != 0)
    view.zoom_at(io.MouseWheel, io.MousePos.x - c.centre.x, io.MousePos.y - c.centre.y, c.fit);
  view.centre_x = c.centre.x, view.centre_y = c.centre.y, view.base_scale = c.fit;
  c.scale = c.fit * view.zoom;
  c.map = {c.centre.x,           c.centre.y, c.scale,    view.pan_x,
           view.pan_y,           c.origin.x, c.origin.y, c.origin.x + c.size.x,
           c.origin.y + c.size.y};
  c.dl = ImGui::GetWindowDrawList();
  c.dl->PushClipRect(c.origin, {c.origin.x + c.size.x, c.origin.y + c.size.y}, true);
  return c;
}

void end_network_canvas(NetworkCanvas& c) {
  c.dl->PopClipRect();
}

float canvas_node_radius(const NetworkCanvas& c, const LayoutFacts& f, float ui_scale) {
  return std::clamp(f.radius * c.scale, 1.5f, 22.0f * ui_scale);
}

ImU32 scale_colour(float position) {
  float rgb[3];
  load_scale_rgb(position, rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
}

ImU32 load_colour(double load, double average) {
  return scale_colour(load_scale_position(load, average));
}

int draw_heatmap(NetworkCanvas& c, HeatmapRenderer& renderer, const HeatGrid& g,
                 const std::vector<std::uint8_t>& texels, std::uint64_t key) {
  // One texel per node (or bin): the shader colours it; mipmaps average when zoomed far out.
  renderer.set_texels(g.w, g.h, texels, key);
  const float hx = g.w > 1 ? 0.5f / float(g.w - 1) : 0.5f,
              hy = g.h > 1 ? 0.5f / float(g.h - 1) : 0.5f;
  const ImVec2 a = c.at({-hx, -hy}), b = c.at({1 + hx, 1 + hy});
  renderer.draw(c.dl, a.x, a.y, b.x, b.y);
  return c.hovered ? heat_grid_node_at(g, c.layout_at(ImGui::GetIO().MousePos)) : -1;
}

void draw_link(NetworkCanvas& c, const core::Topology& topo, const std::vector<core::Point>& layout,
               int a, int b, ImU32 col, float thick) {
  Segment seg[2];
  const int k = link_segments(topo, layout, a, b, seg);
  for (int i = 0; i < k; ++i) c.dl->AddLine(c.at(seg[i].a), c.at(seg[i].b), col, thick);
}

void draw_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, float inset_a, float inset_b, ImU32 col,
                float thick, bool head) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < inset_a + inset_b + 1) return;
  const float ux = dx / len, uy = dy / len;
  const ImVec2 p{a.x + ux * inset_a, a.y + uy * inset_a}, q{b.x - ux * inset_b, b.y - uy * inset_b};
  dl->AddLine(p, q, col, thick);
  if (!head) return;
  const float h = 4 * thick + 4;
  dl->AddTriangleFilled(q, {q.x - ux * h - uy * h * 0.5f, q.y - uy * h + ux * h * 0.5f},
                        {q.x - ux * h + uy * h * 0.5f, q.y - uy * h - ux * h * 0.5f}, col);
}

std::size_t draw_transfer_arrows(NetworkCanvas& c, const core::Topology& topo,
                                 const std::vector<core::Point>& layout,
                                 const std::vector<core::Transfer>& ts,
                                 const std::vector<std::uint32_t>& shown, float r, bool heatmap) {
  const int n = topo.size();
  const float thick = std::max(1.5f, r * 0.18f);
  const float inset = heatmap ? 0.0f : r;
  const ImU32 col = view_contrast(IM_COL32(255, 170, 40, 235), 3.0f);
  std::size_t drawn = 0;
  for (std::uint32_t i : shown) {
    if (i >= ts.size()) continue;
    const core::Transfer& t = ts[i];
    if (t.from < 0 || t.to < 0 || t.from >= n || t.to >= n) continue;
    Segment seg[2];
    const int k = link_segments(topo, layout, t.from, t.to, seg);
    const ImVec2 a = c.at(seg[0].a), b = c.at(seg[k - 1].b);
    if (!c.visible(a, r) && !c.visible(b, r) && k == 1) {
      // Clip-culled unless the line crosses the view.
      const float minx = std::min(a.x, b.x), maxx = std::max(a.x, b.x), miny = std::min(a.y, b.y),
                  maxy = std::max(a.y, b.y);
      if (maxx < c.map.x0 || minx > c.map.x1 || maxy < c.map.y0 || miny > c.map.y1) continue;
    }
    if (k == 1) {
      draw_arrow(c.dl, a, b, inset, inset, col, thick, true);
    } else {  // wrap-around: leave through the border, come back in from the opposite one
      draw_arrow(c.dl, a, c.at(seg[0].b), inset, 0, col, thick, false);
      draw_arrow(c.dl, c.at(seg[1].a), b, 0, inset, col, thick, true);
    }
    ++drawn;
    if (r < 6.0f || heatmap)
      continue;  // counts would overlap; the tooltip and results table have them
    char buf[24];
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(t.count));
    const ImVec2 mid = k == 1 ? ImVec2{(a.x + b.x) / 2, (a.y + b.y) / 2} : c.at(seg[1].a);
    // On the arrow's left normal, the text box's half-extent along it plus the line's width away:
    // beside the arrow, never on it.
    const ImVec2 text_size = ImGui::CalcTextSize(buf);
    const ImVec2 a_end = k == 1 ? a : c.at(seg[1].a), b_end = b;
    const float dx = b_end.x - a_end.x, dy = b_end.y - a_end.y;
    const float len = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
    const float nx = -dy / len, ny = dx / len;
    const float off =
        0.5f * (std::fabs(nx) * text_size.x + std::fabs(ny) * text_size.y) + thick + 2;
    c.dl->AddText({mid.x + nx * off - text_size.x / 2, mid.y + ny * off - text_size.y / 2},
                  view_contrast(IM_COL32(255, 200, 90, 255)), buf);
  }
  return drawn;
}

void draw_scale_legend(const NetworkCanvas& c, float s, const char* note, const char* lo,
                       const char* mid, const char* hi) {
  ImDrawList* dl = c.dl;
  const float font = ImGui::GetFontSize();
  const ImVec2 note_size = ImGui::CalcTextSize(note);
  // The bar is wide enough for its three labels with a gap between them (mid centred): a long
  // average ("avg 7,500") never runs into the top label (">= 15,000").
  const float lw = ImGui::CalcTextSize(lo).x, mw = ImGui::CalcTextSize(mid).x,
              hw = ImGui::CalcTextSize(hi).x, gap = font;
  const float w = std::max(180 * s, 2 * std::max(lw, hw) + mw + 2 * gap), h = 10 * s;
  const float x0 = c.origin.x + 8 * s, y0 = c.origin.y + c.size.y - h - font - 10 * s;
  const float bg_w = std::max(w, note_size.x) + 12 * s;
  dl->AddRectFilled({x0 - 6 * s, y0 - note_size.y - 8 * s},
                    {x0 - 6 * s + bg_w, y0 + h + font + 6 * s}, view_label_bg(215), 4 * s);
  dl->AddText({x0, y0 - note_size.y - 3 * s}, view_colours().text, note);
  constexpr int kSegments = 16;
  for (int i = 0; i < kSegments; ++i) {
    const ImU32 ca = scale_colour(float(i) / kSegments),
                cb = scale_colour(float(i + 1) / kSegments);
    dl->AddRectFilledMultiColor({x0 + w * i / kSegments, y0},
                                {x0 + w * (i + 1) / kSegments, y0 + h}, ca, cb, cb, ca);
  }
  const ImU32 tc = view_colours().text;
  dl->AddText({x0, y0 + h + 2 * s}, tc, lo);
  dl->AddText({x0 + w / 2 - mw / 2, y0 + h + 2 * s}, tc, mid);
  dl->AddText({x0 + w - hw, y0 + h + 2 * s}, tc, hi);
}

void draw_load_legend(const NetworkCanvas& c, double average, float s, const char* note) {
  const std::string mid = "avg " + format_real(average), hi = ">= " + format_real(2 * average);
  draw_scale_legend(c, s, note, "0", mid.c_str(), hi.c_str());
}

ImU32 dimension_colour(int d, bool lit) {
  float rgb[3];
  dimension_rgb(d, rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], lit ? 0.95f : 0.22f});
}

float draw_dimension_legend(const NetworkCanvas& c, float s, int dims, std::uint32_t active,
                            bool stepping) {
  ImDrawList* dl = c.dl;
  const float font = ImGui::GetFontSize(), row = font + 3 * s;
  // Compact: the square drawing is centred, so the legend stays in the free band on its left.
  // A step that moves nothing lights nothing: say so rather than dim every dimension.
  const bool idle = stepping && active == 0;
  const char* title = idle       ? "dimension (no tasks move now)"
                      : stepping ? "dimension (lit: this step)"
                                 : "link colour: dimension";
  stepping = stepping && !idle;
  const float w = ImGui::CalcTextSize(title).x + 12 * s;
  const ImVec2 p0{c.origin.x + 8 * s, c.origin.y + 8 * s};
  const float h = row * float(dims + 1) + 8 * s;
  dl->AddRectFilled({p0.x - 4 * s, p0.y - 4 * s}, {p0.x + w, p0.y + h}, view_label_bg(215), 4 * s);
  dl->AddText(p0, view_colours().text, title);
  for (int d = 0; d < dims; ++d) {
    const bool lit = !stepping || ((active >> d) & 1u);
    const float y = p0.y + row * float(d + 1) + font / 2;
    dl->AddLine({p0.x, y}, {p0.x + 26 * s, y}, dimension_colour(d, lit), lit ? 3.5f * s : 1.5f * s);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d%s", d, stepping && lit ? "  exchanged" : "");
    dl->AddText({p0.x + 32 * s, y - font / 2}, lit ? view_colours().text : view_colours().text_dim,
                buf);
  }
  return h;
}

void draw_dimension_flows(const NetworkCanvas& c, float s, const DimensionFlows& f, int step) {
  ImDrawList* dl = c.dl;
  const int dims = static_cast<int>(f.total.size());
  if (dims == 0) return;
  const float font = ImGui::GetFontSize(), row = font + 4 * s;
  std::int64_t most = 1;
  for (int d = 0; d < dims; ++d) most = std::max(most, f.total[static_cast<std::size_t>(d)]);
  const float label_w = ImGui::CalcTextSize("dim 00").x, bar_w = 90 * s;
  char title[96];
  std::snprintf(title, sizeof title, "tasks moved: step %d / all", step);
  const float w = std::max(ImGui::CalcTextSize(title).x,
                           label_w + bar_w + 12 * s + ImGui::CalcTextSize("00000 / 00000").x) +
                  12 * s;
  const ImVec2 p0{c.origin.x + 8 * s, c.origin.y + 8 * s};
  const float h = row * float(dims + 1) + 8 * s;
  dl->AddRectFilled({p0.x - 4 * s, p0.y - 4 * s}, {p0.x + w, p0.y + h}, view_label_bg(225), 4 * s);
  dl->AddText(p0, view_colours().text, title);
  for (int d = 0; d < dims; ++d) {
    const auto k = static_cast<std::size_t>(d);
    const float y = p0.y + row * float(d + 1);
    char buf[48];
    std::snprintf(buf, sizeof buf, "dim %d", d);
    const bool lit = f.step[k] > 0;
    dl->AddText({p0.x, y}, lit ? view_colours().text : view_colours().text_dim, buf);
    const float x0 = p0.x + label_w + 6 * s;
    const float wt = bar_w * float(double(f.total[k]) / double(most));
    const float ws = bar_w * float(double(f.step[k]) / double(most));
    // The whole run's total as a faint bar, this step's share solid over it.
    dl->AddRectFilled({x0, y + 2 * s}, {x0 + wt, y + font - 2 * s}, dimension_colour(d, false));
    if (ws > 0)
      dl->AddRectFilled({x0, y + 2 * s}, {x0 + std::max(ws, 2 * s), y + font - 2 * s},
                        dimension_colour(d, true));
    std::snprintf(buf, sizeof buf, "%lld / %lld", static_cast<long long>(f.step[k]),
                  static_cast<long long>(f.total[k]));
    dl->AddText({x0 + bar_w + 6 * s, y}, view_colours().text, buf);
  }
}

void draw_arrow_legend(const NetworkCanvas& c, float s, float above) {
  const char* text = "transfer of this step (number = tasks sent)";
  const float font = ImGui::GetFontSize();
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const ImVec2 p{c.origin.x + 8 * s, c.origin.y + c.size.y - above - font - 10 * s};
  c.dl->AddRectFilled({p.x - 4 * s, p.y - 3 * s}, {p.x + 34 * s + ts.x + 6 * s, p.y + font + 3 * s},
                      view_label_bg(215), 4 * s);
  draw_arrow(c.dl, {p.x, p.y + font / 2}, {p.x + 28 * s, p.y + font / 2}, 0, 0,
             view_contrast(IM_COL32(255, 170, 40, 235), 3.0f), 2.0f * s, true);
  c.dl->AddText({p.x + 34 * s, p.y}, view_colours().text, text);
}

void draw_canvas_note(const NetworkCanvas& c, float s, const std::string& note, bool top) {
  if (note.empty()) return;
  const ImVec2 ts = ImGui::CalcTextSize(note.c_str());
  const ImVec2 p{c.origin.x + c.size.x - ts.x - 10 * s,
                 top ? c.origin.y + 8 * s : c.origin.y + c.size.y - ts.y - 8 * s};
  c.dl->AddRectFilled({p.x - 4, p.y - 2}, {p.x + ts.x + 4, p.y + ts.y + 2}, view_label_bg(215), 3);
  c.dl->AddText(p, view_contrast(IM_COL32(255, 200, 90, 255)), note.c_str());
}

}  // namespace loadlab::app
