#include "app/partition/mesh_canvas.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "app/shell/app.h"
#include "app/widgets/view_colours.h"
#include "app/widgets/view_transform.h"

namespace loadlab::app {

namespace {

constexpr ImU32 kRed = IM_COL32(255, 40, 40, 255);
constexpr std::size_t kEdgeBudget =
    120'000;  // visible edges drawn as ImDrawList lines; beyond: raster
constexpr std::size_t kFallbackPoints = 150'000;  // no shaders: at most this many squares a frame

void fit(PartitionViewState& c, ImVec2 size) {
  const PartitionViewModel& m = c.model;
  c.cx = (m.x0 + m.x1) / 2.0;
  const float below = std::max(size.y * 0.5f, size.y - c.overlay_h);
  c.scale = 0.94 * std::min(size.x / (m.x1 - m.x0), below / (m.y1 - m.y0));
  c.cy = (m.y0 + m.y1) / 2.0 + (size.y - below) / 2.0 / c.scale;
  c.fitted = true;
  c.user_moved = false;
  c.fit_w = size.x, c.fit_h = size.y;
}

}  // namespace

void draw_mesh_canvas(App& app, PartitionViewState& c, MeshRenderer& r, const MeshLayer& layer,
                      const char* id) {
  const float s = app.ui_scale;
  const PartitionViewModel& m = c.model;
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  c.canvas_box[0] = o.x, c.canvas_box[1] = o.y, c.canvas_box[2] = o.x + size.x,
  c.canvas_box[3] = o.y + size.y;
  ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  // Refit when the canvas changes size (window resized, another tab's layout) until the user
  // zooms or pans.
  const bool resized = std::abs(size.x - c.fit_w) > 1 || std::abs(size.y - c.fit_h) > 1;
  if (!c.fitted || (resized && !c.user_moved) || (hovered && ImGui::IsMouseDoubleClicked(0)))
    fit(c, size);
  ImGuiIO& io = ImGui::GetIO();
  if (hovered && io.MouseWheel != 0) {
    // Zoom about the cursor: the world point under it stays put.
    const double wx = c.cx + (io.MousePos.x - o.x - size.x / 2) / c.scale;
    const double wy = c.cy - (io.MousePos.y - o.y - size.y / 2) / c.scale;
    c.scale *= wheel_zoom_factor(io.MouseWheel);
    c.cx = wx - (io.MousePos.x - o.x - size.x / 2) / c.scale;
    c.cy = wy + (io.MousePos.y - o.y - size.y / 2) / c.scale;
    c.user_moved = true;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(0)) {
    c.cx -= io.MouseDelta.x / c.scale;
    c.cy += io.MouseDelta.y / c.scale;
    c.user_moved = true;
  }
  const double wx0 = c.cx - size.x / 2 / c.scale, wx1 = c.cx + size.x / 2 / c.scale;
  const double wy0 = c.cy - size.y / 2 / c.scale, wy1 = c.cy + size.y / 2 / c.scale;
  auto sx = [&](double x) { return o.x + static_cast<float>((x - wx0) * c.scale); };
  auto sy = [&](double y) { return o.y + static_cast<float>((wy1 - y) * c.scale); };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(o, {o.x + size.x, o.y + size.y}, true);
  dl->AddRectFilled(o, {o.x + size.x, o.y + size.y}, view_colours().canvas_bg);
  const auto& col = *layer.colours;
  const auto& xy = m.xy;
  const int n = m.mesh ? m.mesh->size() : 0;
  auto X = [&](int v) { return xy[2 * static_cast<std::size_t>(v)]; };
  auto Y = [&](int v) { return xy[2 * static_cast<std::size_t>(v) + 1]; };
  auto visible = [&](int v) { return X(v) >= wx0 && X(v) <= wx1 && Y(v) >= wy0 && Y(v) <= wy1; };
  // Spacing of neighbouring vertices on screen: decides point size and whether edges are worth it.
  // The drawing's vertex pitch: the typical edge length, or, where neighbours lie far apart (a
  // layout without coordinates), the spacing of n vertices spread evenly over the bounding box.
  const double area_pitch =
      n > 0 ? std::sqrt(static_cast<double>(m.x1 - m.x0) * (m.y1 - m.y0) / n) : 1.0;
  const double unit = std::min(m.edge_length, area_pitch);
  const float spacing = static_cast<float>(unit * c.scale);
  const double long_edge = unit * (m.synthetic_layout ? kLongEdgeSynthetic : kLongEdgeGeometric);
  const float thin = std::clamp(spacing * 0.12f, 1.0f, 3.0f * s);
  const char* note = nullptr;
  if (n >= kShaderVertices && r.ok()) {
    const std::uint64_t gen = c.generation;
    r.set_positions(xy, m.x0, m.y0, gen);
    r.set_colours(col, layer.colour_key);
    if (layer.red_edges)
      r.set_cut_edges(m.edges, *layer.red_edges, layer.red_key, &xy, static_cast<float>(long_edge));
    const bool edges = layer.show_edges && spacing >= 6.0f * s;
    if (edges) r.set_all_edges(m.edges, gen, &xy, static_cast<float>(long_edge));
    MeshRenderer::Frame f;
    f.origin_x = sx(m.x0);
    f.origin_y = sy(m.y0);
    f.scale = static_cast<float>(c.scale);
    // Squares about as wide as the spacing tile the mesh; a gap shows the edges once they are
    // drawn.
    f.point = std::clamp(edges ? spacing * 0.35f : spacing * 1.05f, 1.0f, 9.0f * s);
    if (spacing < kThinSpacingPx) {
      // Denser than the pixels: one vertex per kThinCellPx cell (the first in index order) as a
      // square a little wider than the cell; a software rasteriser transforms every point, seen or
      // not. Cells are anchored to the mesh's corner, so panning keeps the choice and only zooming
      // rebuilds it.
      const double cell = kThinCellPx / c.scale;
      const auto key = gen * 0x9E3779B97F4A7C15ull ^ std::hash<double>{}(cell);
      if (r.subset_key() != key) {
        const auto cols = static_cast<std::size_t>((m.x1 - m.x0) / cell) + 1,
                   rows = static_cast<std::size_t>((m.y1 - m.y0) / cell) + 1;
        std::vector<char> taken(cols * rows, 0);
        std::vector<unsigned> keep;
        for (int v = 0; v < n; ++v) {
          const auto k = static_cast<std::size_t>((Y(v) - m.y0) / cell) * cols +
                         static_cast<std::size_t>((X(v) - m.x0) / cell);
          if (k < taken.size() && !taken[k]) taken[k] = 1, keep.push_back(static_cast<unsigned>(v));
        }
        r.set_point_subset(keep, key);
      }
      f.subset = true;
      f.point = kThinCellPx * 1.6f;  // overlapping squares: a cell left empty shows no hole
    }
    f.all_edges = edges;
    f.cut_edges = layer.show_red && layer.red_edges;
    r.draw(dl, f);
    note = edges ? "every vertex and edge shown"
                 : "every vertex a dot, red = cut edges; zoom in to see all edges";
  } else if (n >= kShaderVertices && layer.part) {
    // No shaders: the raster of part colours (one rectangle per 3-pixel cell), cached per window.
    const float cellpx = 3.0f * s;
    const int cols = std::max(1, static_cast<int>(size.x / cellpx)),
              rows = std::max(1, static_cast<int>(size.y / cellpx));
    const double key[5] = {wx0, wy0, wx1, wy1,
                           static_cast<double>(cols * 100000 + rows) +
                               static_cast<double>(layer.colour_key % 100000) * 1e10};
    if (!std::equal(key, key + 5, c.raster_key)) {
      c.raster = rasterize_parts(m, *layer.part, wx0, wy0, wx1, wy1, cols, rows);
      std::copy(key, key + 5, c.raster_key);
    }
    const float cw = size.x / static_cast<float>(cols), ch = size.y / static_cast<float>(rows);
    for (int y = 0; y < c.raster.rows; ++y)
      for (int x = 0; x < c.raster.cols; ++x) {
        const auto k = static_cast<std::size_t>(y) * static_cast<std::size_t>(c.raster.cols) +
                       static_cast<std::size_t>(x);
        const int p = c.raster.cell[k];
        if (p < 0) continue;
        const ImU32 cc = (layer.show_red && c.raster.boundary[k]) ? kRed : part_colour(p);
        dl->AddRectFilled({o.x + x * cw, o.y + y * ch}, {o.x + (x + 1) * cw, o.y + (y + 1) * ch},
                          cc);
      }
    note = "level of detail: vertices binned per 3-pixel cell (red = cell on a part boundary)";
  } else if (n >= kShaderVertices) {
    // No shaders and no parts: a decimated sample of the vertices.
    const int stride = std::max(1, static_cast<int>(static_cast<std::size_t>(n) / kFallbackPoints));
    const float h = std::max(1.0f, spacing * stride * 0.5f);
    for (int v = 0; v < n; v += stride)
      if (visible(v))
        dl->AddRectFilled({sx(X(v)) - h, sy(Y(v)) - h}, {sx(X(v)) + h, sy(Y(v)) + h},
                          col[static_cast<std::size_t>(v)]);
    note = "level of detail: a sample of the vertices (shaders unavailable)";
  } else {
    // Small meshes: ImDrawList lines and squares.
    std::size_t vis_edges = 0;
    for (const auto& e : m.edges)
      if (visible(e.a) || visible(e.b)) ++vis_edges;
    if (layer.show_edges && vis_edges <= kEdgeBudget)
      for (const auto& e : m.edges) {
        if (!(visible(e.a) || visible(e.b))) continue;
        if (std::hypot(X(e.a) - X(e.b), Y(e.a) - Y(e.b)) > long_edge) continue;
        const ImU32 ca = col[static_cast<std::size_t>(e.a)];
        if (!layer.grey_edges && ca != col[static_cast<std::size_t>(e.b)]) continue;
        dl->AddLine({sx(X(e.a)), sy(Y(e.a))}, {sx(X(e.b)), sy(Y(e.b))},
                    layer.grey_edges ? with_alpha(view_colours().edge, 170) : ca, thin);
      }
    const float h = std::clamp(spacing * 0.18f, 1.0f, 5.0f * s);
    const float hh = vis_edges < 40'000 || layer.grey_edges ? h : std::max(1.0f, spacing * 0.5f);
    for (int v = 0; v < n; ++v)
      if (visible(v))
        dl->AddRectFilled({sx(X(v)) - hh, sy(Y(v)) - hh}, {sx(X(v)) + hh, sy(Y(v)) + hh},
                          col[static_cast<std::size_t>(v)]);
    if (layer.show_red && layer.red_edges)
      for (std::int64_t i : *layer.red_edges) {
        const auto& e = m.edges[static_cast<std::size_t>(i)];
        if (!(visible(e.a) || visible(e.b))) continue;
        if (std::hypot(X(e.a) - X(e.b), Y(e.a) - Y(e.b)) > long_edge) {
          for (int v : {e.a, e.b})
            dl->AddRectFilled({sx(X(v)) - hh, sy(Y(v)) - hh}, {sx(X(v)) + hh, sy(Y(v)) + hh}, kRed);
          continue;
        }
        dl->AddLine({sx(X(e.a)), sy(Y(e.a))}, {sx(X(e.b)), sy(Y(e.b))}, kRed, thin * 1.6f);
      }
  }
  // Highlighted vertices (a few): outlined squares on top, the first one larger.
  if (layer.highlight) {
    const float h = std::clamp(spacing * 0.45f, 3.0f * s, 8.0f * s);
    bool first = true;
    for (int v : *layer.highlight) {
      if (v < 0 || v >= n || !visible(v)) continue;
      const float k = first ? 1.6f : 1.0f;
      const ImVec2 a{sx(X(v)) - h * k, sy(Y(v)) - h * k}, b{sx(X(v)) + h * k, sy(Y(v)) + h * k};
      dl->AddRectFilled(a, b, first ? IM_COL32(255, 235, 60, 255) : IM_COL32(255, 200, 40, 220));
      dl->AddRect(a, b, IM_COL32(10, 10, 10, 255), 0, 0, 1.5f * s);
      first = false;
    }
  }
  if (note)
    dl->AddText({o.x + 6 * s, o.y + size.y - ImGui::GetFontSize() - 6 * s}, view_colours().text_dim,
                note);
  dl->PopClipRect();
}

}  // namespace loadlab::app
