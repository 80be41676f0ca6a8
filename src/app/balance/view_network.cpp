// The network view: the topology drawn from its layout hint, each node coloured and labelled by its
// load at the selected communication step, the step's transfers as arrows with counts; zoom (wheel),
// pan (drag), hover tooltip, and a colour legend.
//
// Level of detail (issue 11, defect 7): per-frame work never grows with the network. Everything
// derived from the scenario or the result is cached (NetworkViewCache): a step click applies one
// step's transfers (StepPlayer), colours and texels are rebuilt only when the loads change. When
// nodes would be smaller than a few pixels the loads are one mipmapped texture (shaders/heatmap.*)
// and a step shows only its largest transfers (with a note saying so); zoomed in, only the visible
// nodes are visited (heatmap-grid buckets). Torus wrap-around links and transfers are stubs
// leaving the border (model_network.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/shell/ui.h"
#include "io/kinds/balance.h"

namespace loadlab::app {

namespace {

constexpr int kGpuNodes = 1500;           // more nodes: point sprites in one draw call
constexpr float kHeatmapSpacingPx = 5.0f;  // nodes closer than this: the heatmap texture
constexpr std::size_t kMaxArrows = 300;    // a step with more transfers shows its largest
constexpr std::size_t kMaxLinks = 60000;   // more visible links would only paint the view grey

ImU32 load_colour(std::int64_t load, double avg) {
  float rgb[3];
  load_scale_rgb(load_scale_position(load, avg), rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
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

std::string with_commas(long long v) {
  std::string s = std::to_string(v < 0 ? -v : v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return v < 0 ? "-" + s : s;
}

// Brings the cache in step with the scenario and the selected result. O(n) only when they change.
void sync_cache(App& app) {
  AppState& st = app.state;
  NetworkViewCache& c = app.balance.net;
  bool reset = false;
  if (c.scenario != st.parsed || c.nodes != st.layout.size()) {
    c.scenario = st.parsed;
    c.nodes = st.layout.size();
    c.min_distance = min_node_distance(st.layout);
    c.radius = node_radius_layout(st.layout, c.min_distance);
    c.grid = make_heat_grid(*st.topology, st.layout);
    double sum = 0;
    for (auto w : st.loads) sum += static_cast<double>(w);
    c.average = sum / static_cast<double>(std::max<std::size_t>(1, c.nodes));
    ++c.layout_key;
    reset = true;
  }
  const int sel = st.selected_result;
  io::ResultPtr res;
  if (sel >= 0 && sel < static_cast<int>(st.typed_results.size())) res = st.typed_results[static_cast<std::size_t>(sel)];
  const void* json = st.results.is_array() && sel >= 0 && sel < static_cast<int>(st.results.size())
                         ? static_cast<const void*>(&st.results[static_cast<std::size_t>(sel)])
                         : nullptr;
  if (!reset && res == c.result && json == c.result_json) return;
  c.result = res;
  c.result_json = json;
  ++c.epoch;
  if (const auto* b = dynamic_cast<const io::BalanceRunResult*>(res.get());
      b && b->result.initial_loads.size() == st.loads.size()) {
    c.player.reset(st.loads, b->result.transfers, b->result.steps);
  } else if (json && static_cast<const io::Json*>(json)->contains("transfers")) {
    // Results without a typed entry (never expected from a run): read the JSON once.
    std::vector<core::Transfer> ts;
    for (const auto& t : (*static_cast<const io::Json*>(json))["transfers"])
      ts.push_back({t.value("step", 0), t.value("from", -1), t.value("to", -1), t.value("count", std::int64_t{0})});
    std::stable_sort(ts.begin(), ts.end(), [](const auto& x, const auto& y) { return x.step < y.step; });
    c.player.reset(st.loads, ts, 0);
  } else {
    c.player.reset(st.loads, {}, 0);
  }
}

// The colour scale with its numbers, at the view's bottom-left corner.
void draw_legend(ImDrawList* dl, ImVec2 origin, ImVec2 size, double avg, float s, const char* note) {
  const float font = ImGui::GetFontSize();
  const float w = 180 * s, h = 10 * s;
  const float x0 = origin.x + 8 * s, y0 = origin.y + size.y - h - font - 10 * s;
  char mid[32], hi[32];
  std::snprintf(mid, sizeof mid, "avg %.4g", avg);
  std::snprintf(hi, sizeof hi, ">= %.4g", 2 * avg);
  const float bg_w = std::max(w, ImGui::CalcTextSize(note).x) + 12 * s;
  dl->AddRectFilled({x0 - 6 * s, y0 - font - 8 * s}, {x0 - 6 * s + bg_w, y0 + h + font + 6 * s},
                    IM_COL32(20, 22, 27, 215), 4 * s);
  dl->AddText({x0, y0 - font - 3 * s}, IM_COL32(220, 220, 225, 255), note);
  constexpr int kSegments = 16;
  for (int i = 0; i < kSegments; ++i) {
    float a[3], b[3];
    load_scale_rgb(float(i) / kSegments, a);
    load_scale_rgb(float(i + 1) / kSegments, b);
    const ImU32 ca = ImGui::ColorConvertFloat4ToU32({a[0], a[1], a[2], 1}), cb = ImGui::ColorConvertFloat4ToU32({b[0], b[1], b[2], 1});
    dl->AddRectFilledMultiColor({x0 + w * i / kSegments, y0}, {x0 + w * (i + 1) / kSegments, y0 + h}, ca, cb, cb, ca);
  }
  const ImU32 tc = IM_COL32(200, 200, 205, 255);
  dl->AddText({x0, y0 + h + 2 * s}, tc, "0");
  const float mw = ImGui::CalcTextSize(mid).x, hw = ImGui::CalcTextSize(hi).x;
  dl->AddText({x0 + w / 2 - mw / 2, y0 + h + 2 * s}, tc, mid);
  dl->AddText({x0 + w - hw, y0 + h + 2 * s}, tc, hi);
}

}  // namespace

void draw_network_view(App& app) {
  AppState& st = app.state;
  const core::Topology& topo = *st.topology;
  const int n = topo.size();
  sync_cache(app);
  NetworkViewCache& c = app.balance.net;
  const int steps = c.player.steps();
  st.step = std::clamp(st.step, 0, steps);

  // Node-simulation toolbar (its toggle shares the row with the step controls when off).
  draw_node_sim_controls(app);
  const bool sim = node_sim_active(app);
  if (sim) {
    // The node simulation drives the loads and draws its messages (nodes/view_node_sim.cpp).
  } else if (steps > 0) {
    if (ImGui::Button(app.balance.playing ? "Pause" : "Play")) {
      if (!app.balance.playing && st.step >= steps) st.step = 0;
      app.balance.playing = !app.balance.playing;
    }
    ImGui::SameLine();
    if (ImGui::Button("<")) st.step = std::max(0, st.step - 1);
    ImGui::SameLine();
    if (ImGui::Button(">")) st.step = std::min(steps, st.step + 1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    ImGui::SliderInt("Step", &st.step, 0, steps);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", st.results[st.selected_result].value("algorithm", "").c_str());
  } else {
    ImGui::TextDisabled("%s nodes, %s links. Drag to pan, wheel to zoom, hover for details.",
                        with_commas(n).c_str(), with_commas(topo.edge_count()).c_str());
  }

  // Loads to show: the node simulation's last completed superstep, else the selected step's
  // (incremental: only the transfers between the previous and this step are applied).
  const core::LoadVector* sim_loads = node_sim_loads(app);
  if (!sim_loads) c.player.seek(st.step);
  const core::LoadVector& loads = sim_loads ? *sim_loads : c.player.loads();
  const std::uint64_t loads_key =
      sim_loads ? (c.epoch << 40) ^ (sim_loads == &st.loads ? 1ull : (app.node_sim.snap.version << 1)) ^ (1ull << 39)
                : (c.epoch << 40) ^ c.player.version();
  const double avg = c.average;

  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  ImGui::InvisibleButton("canvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();

  // Layout units -> pixels: fit [0,1]^2 with a margin, then zoom around the view centre + pan.
  ViewTransform& view = app.balance.view;
  const float margin = 40 * app.ui_scale;
  const float fit = std::max(std::min(size.x, size.y) - 2 * margin, 10.0f);
  const ImVec2 centre{origin.x + size.x / 2, origin.y + size.y / 2};
  if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    view.pan_x += io.MouseDelta.x / (fit * view.zoom);
    view.pan_y += io.MouseDelta.y / (fit * view.zoom);
  }
  if (hovered && io.MouseWheel != 0)
    view.zoom_at(io.MouseWheel, io.MousePos.x - centre.x, io.MousePos.y - centre.y, fit);
  view.centre_x = centre.x, view.centre_y = centre.y, view.base_scale = fit;
  const float scale = fit * view.zoom;
  auto to_screen = [&](core::Point p) {
    return ImVec2{centre.x + (p.x - 0.5f + view.pan_x) * scale, centre.y + (p.y - 0.5f + view.pan_y) * scale};
  };
  auto to_layout = [&](ImVec2 q) {
    return core::Point{(q.x - centre.x) / scale + 0.5f - view.pan_x, (q.y - centre.y) / scale + 0.5f - view.pan_y};
  };

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  const float spacing_px = c.min_distance * scale;
  const float r = std::clamp(c.radius * scale, 1.5f, 22.0f * app.ui_scale);
  const bool lod = n > kGpuNodes && spacing_px < kHeatmapSpacingPx && c.heatmap.ok();
  c.lod = lod;
  auto visible = [&](ImVec2 p) {
    return p.x > origin.x - r && p.y > origin.y - r && p.x < origin.x + size.x + r && p.y < origin.y + size.y + r;
  };
  // The visible nodes: all of a small network, else the heatmap-grid buckets under the view.
  auto for_visible = [&](auto&& fn) {
    if (n <= 20000) {
      for (int v = 0; v < n; ++v) {
        const ImVec2 p = to_screen(st.layout[static_cast<std::size_t>(v)]);
        if (visible(p)) fn(v, p);
      }
      return;
    }
    const HeatGrid& g = c.grid;
    const core::Point lo = to_layout({origin.x - r, origin.y - r}), hi = to_layout({origin.x + size.x + r, origin.y + size.y + r});
    const int x0 = g.texel_x(lo.x) - 1, x1 = g.texel_x(hi.x) + 1, y0 = g.texel_y(lo.y) - 1, y1 = g.texel_y(hi.y) + 1;
    for (int y = std::max(0, y0); y <= std::min(g.h - 1, y1); ++y)
      for (int x = std::max(0, x0); x <= std::min(g.w - 1, x1); ++x) {
        const std::size_t t = static_cast<std::size_t>(y) * static_cast<std::size_t>(g.w) + static_cast<std::size_t>(x);
        for (auto k = g.offsets[t]; k < g.offsets[t + 1]; ++k) {
          const int v = g.nodes[static_cast<std::size_t>(k)];
          const ImVec2 p = to_screen(st.layout[static_cast<std::size_t>(v)]);
          if (visible(p)) fn(v, p);
        }
      }
  };

  int hovered_node = -1;
  std::size_t visible_nodes = 0;
  if (lod) {
    // One texel per node (or bin): the shader colours it; mipmaps average when zoomed far out.
    if (c.texels_key != loads_key) {
      heat_texels(c.grid, loads, avg, c.texels);
      c.texels_key = loads_key;
    }
    const HeatGrid& g = c.grid;
    c.heatmap.set_texels(g.w, g.h, c.texels, c.texels_key ^ (c.layout_key << 56));
    const float hx = g.w > 1 ? 0.5f / float(g.w - 1) : 0.5f, hy = g.h > 1 ? 0.5f / float(g.h - 1) : 0.5f;
    const ImVec2 a = to_screen({-hx, -hy}), b = to_screen({1 + hx, 1 + hy});
    c.heatmap.draw(dl, a.x, a.y, b.x, b.y);
    if (hovered) {
      const core::Point m = to_layout(io.MousePos);
      if (m.x >= -hx && m.x <= 1 + hx && m.y >= -hy && m.y <= 1 + hy) {
        const std::size_t t = static_cast<std::size_t>(g.texel_y(m.y)) * static_cast<std::size_t>(g.w) + static_cast<std::size_t>(g.texel_x(m.x));
        if (g.offsets[t] < g.offsets[t + 1]) hovered_node = g.nodes[static_cast<std::size_t>(g.offsets[t])];
      }
    }
  } else {
    // Links, for the visible nodes (a link is drawn from its visible end with the smaller id).
    const double avg_degree = n > 0 ? 2.0 * static_cast<double>(topo.edge_count()) / n : 0;
    std::size_t vis = 0;
    for_visible([&](int, ImVec2) { ++vis; });
    visible_nodes = vis;
    if (static_cast<double>(vis) * avg_degree / 2 <= static_cast<double>(kMaxLinks) && spacing_px >= 3.0f) {
      const ImU32 edge_col = IM_COL32(140, 140, 150, 110);
      for_visible([&](int a, ImVec2 pa) {
        for (int b : topo.neighbours(a)) {
          const ImVec2 pb = to_screen(st.layout[static_cast<std::size_t>(b)]);
          if (b < a && visible(pb)) continue;  // drawn from b
          Segment seg[2];
          const int k = link_segments(topo, st.layout, a, b, seg);
          if (k == 1) {
            dl->AddLine(pa, pb, edge_col, 1.0f);
          } else {  // a wrap-around link: two stubs leaving the border
            dl->AddLine(to_screen(seg[0].a), to_screen(seg[0].b), edge_col, 1.0f);
            dl->AddLine(to_screen(seg[1].a), to_screen(seg[1].b), edge_col, 1.0f);
          }
        }
      });
    }
    // Nodes: point sprites through our shaders for large networks, ImDrawList discs otherwise.
    const bool gpu = n > kGpuNodes && app.balance.renderer.ok();
    if (gpu) {
      if (c.colours_key != loads_key) {
        c.colours.resize(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v) c.colours[static_cast<std::size_t>(v)] = load_colour(loads[static_cast<std::size_t>(v)], avg);
        c.colours_key = loads_key;
      }
      app.balance.renderer.set_nodes(st.layout, c.layout_key, c.colours, c.colours_key ^ (c.layout_key << 56));
      app.balance.renderer.draw(dl, centre.x, centre.y, scale, view.pan_x, view.pan_y, r);
    }
    const bool labels = r >= 7.0f;
    float best = r * r + 16;
    for_visible([&](int v, ImVec2 p) {
      if (!gpu) dl->AddCircleFilled(p, r, load_colour(loads[static_cast<std::size_t>(v)], avg), r > 4 ? 16 : 6);
      if (labels) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(loads[static_cast<std::size_t>(v)]));
        const ImVec2 ts = ImGui::CalcTextSize(buf);
        dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
      }
      if (hovered) {
        const float dx = io.MousePos.x - p.x, dy = io.MousePos.y - p.y;
        if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, hovered_node = v;
      }
    });
  }

  // Transfers of the next step as arrows with counts: all of them, or the largest kMaxArrows.
  std::string note;
  c.drawn_arrows = 0;
  c.step_transfers = 0;
  if (!sim && steps > 0 && st.step < steps) {
    const std::size_t total = c.player.step_end(st.step) - c.player.step_begin(st.step);
    c.step_transfers = total;
    const auto& shown = c.player.largest(st.step, kMaxArrows);
    const auto& ts = c.player.transfers();
    const float thick = std::max(1.5f, r * 0.18f);
    const float inset = lod ? 0.0f : r;
    for (std::uint32_t i : shown) {
      const core::Transfer& t = ts[i];
      if (t.from < 0 || t.to < 0 || t.from >= n || t.to >= n) continue;
      Segment seg[2];
      const int k = link_segments(topo, st.layout, t.from, t.to, seg);
      const ImVec2 a = to_screen(seg[0].a), b = to_screen(seg[k - 1].b);
      if (!visible(a) && !visible(b) && k == 1) {
        // Clip-culled unless the line crosses the view.
        const float minx = std::min(a.x, b.x), maxx = std::max(a.x, b.x), miny = std::min(a.y, b.y), maxy = std::max(a.y, b.y);
        if (maxx < origin.x || minx > origin.x + size.x || maxy < origin.y || miny > origin.y + size.y) continue;
      }
      const ImU32 col = IM_COL32(255, 170, 40, 235);
      if (k == 1) {
        draw_arrow(dl, a, b, inset, inset, col, thick, true);
      } else {  // wrap-around: leave through the border, come back in from the opposite one
        draw_arrow(dl, a, to_screen(seg[0].b), inset, 0, col, thick, false);
        draw_arrow(dl, to_screen(seg[1].a), b, 0, inset, col, thick, true);
      }
      ++c.drawn_arrows;
      if (r < 6.0f || lod) continue;  // counts would overlap; the tooltip and results table have them
      char buf[24];
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(t.count));
      const ImVec2 mid = k == 1 ? ImVec2{(a.x + b.x) / 2, (a.y + b.y) / 2} : to_screen(seg[1].a);
      dl->AddText({mid.x + 3, mid.y - ImGui::GetFontSize()}, IM_COL32(255, 200, 90, 255), buf);
    }
    if (total > shown.size())
      note = "step " + std::to_string(st.step) + ": showing the " + with_commas(static_cast<long long>(shown.size())) +
             " largest of " + with_commas(static_cast<long long>(total)) + " transfers (" +
             with_commas(c.player.moved(st.step)) + " tasks moved)";
  }
  // The node simulation's messages in flight, as dots moving along their links.
  if (sim)
    draw_node_sim_overlay(app, {origin.x, origin.y, origin.x + size.x, origin.y + size.y, centre.x,
                                centre.y, scale, view.pan_x, view.pan_y, r});

  // Legend (every coloured view) and what level of detail is shown.
  char legend_note[160];
  if (lod)
    std::snprintf(legend_note, sizeof legend_note, "load heatmap: %s nodes (zoom in for nodes)", with_commas(n).c_str());
  else
    std::snprintf(legend_note, sizeof legend_note, "load per node%s", n > 20000 ? (", " + with_commas(static_cast<long long>(visible_nodes)) + " visible").c_str() : "");
  draw_legend(dl, origin, size, avg, app.ui_scale, legend_note);
  if (!note.empty()) {
    const ImVec2 ts = ImGui::CalcTextSize(note.c_str());
    const ImVec2 p{origin.x + size.x - ts.x - 10 * app.ui_scale, origin.y + size.y - ts.y - 8 * app.ui_scale};
    dl->AddRectFilled({p.x - 4, p.y - 2}, {p.x + ts.x + 4, p.y + ts.y + 2}, IM_COL32(20, 22, 27, 215), 3);
    dl->AddText(p, IM_COL32(255, 200, 90, 255), note.c_str());
  }
  dl->PopClipRect();

  if (hovered_node >= 0) {
    const auto hv = static_cast<std::size_t>(hovered_node);
    ImGui::BeginTooltip();
    ImGui::Text("Node %d", hovered_node);
    ImGui::Text("Load: %lld (initial %lld, average %.2f)", static_cast<long long>(loads[hv]),
                static_cast<long long>(st.loads[hv]), avg);
    ImGui::Text("Degree: %d", topo.degree(hovered_node));
    if (topo.kind() == core::TopologyKind::Tree && hovered_node > 0)
      ImGui::Text("Parent: %d, depth %d", topo.parents()[hv], topo.depths()[hv]);
    ImGui::EndTooltip();
  }
}

void draw_balance_view(App& app) {
  if (app.state.topology && has_iterative_results(app)) draw_iterative_balance_view(app);  // issue 12's tabs
  else if (app.state.topology) draw_network_view(app);
  else draw_json_view(app);
}

}  // namespace loadlab::app
