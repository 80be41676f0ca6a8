// The network view: the topology drawn from its layout hint, each node coloured and labelled by its
// load at the selected communication step, the step's transfers as arrows with counts; zoom (wheel),
// pan (drag), hover tooltip. Drawing is culled to the visible area so large networks stay smooth.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/shell/ui.h"

namespace loadlab::app {

namespace {

// Load colour: blue (empty) -> green (average) -> red (twice the average or more).
ImU32 load_colour(std::int64_t load, double avg) {
  const double t = avg > 0 ? std::clamp(load / (2.0 * avg), 0.0, 1.0) : (load > 0 ? 1.0 : 0.0);
  float r, g, b;
  if (t < 0.5) {
    const float u = static_cast<float>(t * 2);
    r = 0.20f + 0.05f * u, g = 0.45f + 0.35f * u, b = 0.90f - 0.55f * u;
  } else {
    const float u = static_cast<float>((t - 0.5) * 2);
    r = 0.25f + 0.70f * u, g = 0.80f - 0.55f * u, b = 0.35f - 0.15f * u;
  }
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}

void draw_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, float node_r, ImU32 col, float thick) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 2 * node_r + 1) return;
  const float ux = dx / len, uy = dy / len;
  const ImVec2 p{a.x + ux * node_r, a.y + uy * node_r}, q{b.x - ux * node_r, b.y - uy * node_r};
  dl->AddLine(p, q, col, thick);
  const float h = 4 * thick + 4;
  dl->AddTriangleFilled(q, {q.x - ux * h - uy * h * 0.5f, q.y - uy * h + ux * h * 0.5f},
                        {q.x - ux * h + uy * h * 0.5f, q.y - uy * h - ux * h * 0.5f}, col);
}

}  // namespace

void draw_network_view(App& app) {
  AppState& st = app.state;
  const core::Topology& topo = *st.topology;
  const int n = topo.size();
  const int steps = step_count(st, st.selected_result);
  st.step = std::clamp(st.step, 0, steps);

  // Node-simulation toolbar (its toggle shares the row with the step controls when off).
  draw_node_sim_controls(app);
  const bool sim = node_sim_active(app);
  // Step controls (only when the selected result has communication steps).
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
    ImGui::TextDisabled("%d nodes, %lld links. Drag to pan, wheel to zoom, hover for details.", n,
                        static_cast<long long>(topo.edge_count()));
  }

  // Loads to show: the node simulation's last completed superstep, else the selected step's.
  const core::LoadVector* sim_loads = node_sim_loads(app);
  core::LoadVector step_loads;
  if (!sim_loads) step_loads = loads_after_step(st, st.selected_result, st.step);
  const core::LoadVector& loads = sim_loads ? *sim_loads : step_loads;
  double avg = 0;
  for (auto w : loads) avg += static_cast<double>(w);
  avg /= std::max(1, n);

  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  ImGui::InvisibleButton("canvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();

  // Layout units -> pixels: fit [0,1]^2 with a margin, then zoom around the view centre + pan.
  const float margin = 40 * app.ui_scale;
  const float fit = std::min(size.x, size.y) - 2 * margin;
  const float scale = std::max(fit, 10.0f) * app.balance.view.zoom;
  const ImVec2 centre{origin.x + size.x / 2, origin.y + size.y / 2};
  auto to_screen = [&](core::Point p) {
    return ImVec2{centre.x + (p.x - 0.5f + app.balance.view.pan_x) * scale,
                  centre.y + (p.y - 0.5f + app.balance.view.pan_y) * scale};
  };
  if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    app.balance.view.pan_x += io.MouseDelta.x / scale;
    app.balance.view.pan_y += io.MouseDelta.y / scale;
  }
  if (hovered && io.MouseWheel != 0) {
    // Zoom around the cursor: keep the layout point under the mouse fixed.
    const float old_scale = scale;
    app.balance.view.zoom = std::clamp(app.balance.view.zoom * std::pow(1.15f, io.MouseWheel), 0.2f, 400.0f);
    const float new_scale = std::max(fit, 10.0f) * app.balance.view.zoom;
    const float mx = (io.MousePos.x - centre.x) / old_scale - app.balance.view.pan_x;
    const float my = (io.MousePos.y - centre.y) / old_scale - app.balance.view.pan_y;
    app.balance.view.pan_x = (io.MousePos.x - centre.x) / new_scale - mx;
    app.balance.view.pan_y = (io.MousePos.y - centre.y) / new_scale - my;
  }

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  // Node size from the typical spacing between nodes, so dense layouts do not overlap.
  const float spacing = scale / std::max(1.0f, std::sqrt(static_cast<float>(n)));
  const float r = std::clamp(spacing * 0.32f, 1.5f, 22.0f * app.ui_scale);
  auto visible = [&](ImVec2 p) {
    return p.x > origin.x - r && p.y > origin.y - r && p.x < origin.x + size.x + r &&
           p.y < origin.y + size.y + r;
  };

  // Links (skipped when far too many would be on screen to be readable).
  // Links are skipped when nodes sit closer than a few pixels: they would only paint the area
  // grey, and at 10^5 links they dominate the frame time in software WebGL.
  if (topo.edge_count() <= 200000 && spacing >= 3.0f) {
    const ImU32 edge_col = IM_COL32(140, 140, 150, 110);
    for (int a = 0; a < n; ++a) {
      const ImVec2 pa = to_screen(st.layout[a]);
      for (int b : topo.neighbours(a)) {
        if (b < a) continue;
        const ImVec2 pb = to_screen(st.layout[b]);
        if (!visible(pa) && !visible(pb)) continue;
        dl->AddLine(pa, pb, edge_col, 1.0f);
      }
    }
  }

  // Nodes: large networks go through our shaders in one draw call; small ones are drawn per node
  // with labels. Hover picking is the same for both.
  const bool labels = r >= 7.0f;
  const bool gpu = n > 1500 && app.balance.renderer.ok();
  if (gpu) {
    std::vector<std::uint32_t> colours(n);
    for (int v = 0; v < n; ++v) colours[v] = load_colour(loads[v], avg);
    app.balance.renderer.set_nodes(st.layout, colours);
    app.balance.renderer.draw(dl, centre.x, centre.y, scale, app.balance.view.pan_x, app.balance.view.pan_y, r);
  }
  int hovered_node = -1;
  float best = r * r + 16;
  for (int v = 0; v < n; ++v) {
    const ImVec2 p = to_screen(st.layout[v]);
    if (!visible(p)) continue;
    if (!gpu) dl->AddCircleFilled(p, r, load_colour(loads[v], avg), r > 4 ? 16 : 6);
    if (labels) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(loads[v]));
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
    }
    if (hovered) {
      const float dx = io.MousePos.x - p.x, dy = io.MousePos.y - p.y;
      if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, hovered_node = v;
    }
  }

  // Transfers of the next step as arrows with counts.
  if (!sim && steps > 0 && st.step < steps) {
    const auto& transfers = st.results[st.selected_result]["transfers"];
    for (const auto& t : transfers) {
      if (t.value("step", -1) != st.step) continue;
      const int from = t.value("from", 0), to = t.value("to", 0);
      if (from < 0 || to < 0 || from >= n || to >= n) continue;
      const ImVec2 a = to_screen(st.layout[from]), b = to_screen(st.layout[to]);
      if (!visible(a) && !visible(b)) continue;
      draw_arrow(dl, a, b, r, IM_COL32(255, 170, 40, 235), std::max(1.5f, r * 0.18f));
      if (r < 6.0f) continue;  // counts would overlap; the tooltip and results table have them
      char buf[24];
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(t.value("count", 0LL)));
      dl->AddText({(a.x + b.x) / 2 + 3, (a.y + b.y) / 2 - ImGui::GetFontSize()},
                  IM_COL32(255, 200, 90, 255), buf);
    }
  }
  // The node simulation's messages in flight, as dots moving along their links.
  if (sim)
    draw_node_sim_overlay(app, {origin.x, origin.y, origin.x + size.x, origin.y + size.y, centre.x,
                                centre.y, scale, app.balance.view.pan_x, app.balance.view.pan_y, r});
  dl->PopClipRect();

  if (hovered_node >= 0) {
    ImGui::BeginTooltip();
    ImGui::Text("Node %d", hovered_node);
    ImGui::Text("Load: %lld (initial %lld, average %.2f)", static_cast<long long>(loads[hovered_node]),
                static_cast<long long>(st.loads[hovered_node]), avg);
    ImGui::Text("Degree: %d", topo.degree(hovered_node));
    if (topo.kind() == core::TopologyKind::Tree && hovered_node > 0)
      ImGui::Text("Parent: %d, depth %d", topo.parents()[hovered_node], topo.depths()[hovered_node]);
    ImGui::EndTooltip();
  }
}

void draw_balance_view(App& app) {
  if (app.state.topology) draw_network_view(app);
  else draw_json_view(app);
}

}  // namespace loadlab::app
