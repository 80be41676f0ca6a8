// The network view: the topology drawn from its layout hint, each node coloured and labelled by its
// load at the selected communication step, the step's transfers as arrows with counts; zoom
// (wheel), pan (drag), hover tooltip, and a colour legend.
//
// Level of detail: per-frame work never grows with the network. Everything
// derived from the scenario or the result is cached (NetworkViewCache): a step click applies one
// step's transfers (StepPlayer), colours and texels are rebuilt only when the loads change. When
// nodes would be smaller than a few pixels the loads are one mipmapped texture (shaders/heatmap.*)
// and a step shows only its largest transfers (with a note saying so); zoomed in, only the visible
// nodes are visited (heatmap-grid buckets). Torus wrap-around links and transfers are stubs
// leaving the border (model_network.h). The canvas, its level of detail and the legend are shared
// with the iterative tabs (network_canvas.h, model_canvas.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/balance/module.h"
#include "app/balance/network_canvas.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/view_colours.h"
#include "io/kinds/balance.h"

namespace loadlab::app {

namespace {

// Brings the cache in step with the scenario and the selected result. O(n) only when they change.
void sync_cache(App& app) {
  AppState& st = app.state;
  NetworkViewCache& c = balance_state(app).net;
  sync_layout_facts(balance_state(app).layout, st);
  const bool reset = c.layout_seen != balance_state(app).layout.key;
  c.layout_seen = balance_state(app).layout.key;
  const int sel = st.selected_result;
  io::ResultPtr res;
  if (sel >= 0 && sel < static_cast<int>(st.typed_results.size()))
    res = st.typed_results[static_cast<std::size_t>(sel)];
  if (!reset && res == c.result) return;
  c.result = res;
  ++c.epoch;
  if (const auto* b = dynamic_cast<const io::BalanceRunResult*>(res.get());
      b && b->result.initial_loads.size() == balance_scene(st).loads.size())
    c.player.reset(balance_scene(st).loads, b->result.transfers, b->result.steps);
  else
    c.player.reset(balance_scene(st).loads, {}, 0);
}

}  // namespace

void draw_network_view(App& app) {
  AppState& st = app.state;
  const core::Topology& topo = *balance_scene(st).topology;
  const int n = topo.size();
  sync_cache(app);
  NetworkViewCache& c = balance_state(app).net;
  const LayoutFacts& lf = balance_state(app).layout;
  const int steps = c.player.steps();
  balance_state(app).step = std::clamp(balance_state(app).step, 0, steps);

  // Node-simulation toolbar (its toggle shares the row with the step controls when off).
  draw_node_sim_controls(app);
  const bool sim = node_sim_active(app);
  if (sim) {
    // The node simulation drives the loads and draws its messages (view_node_sim.cpp).
  } else if (steps > 0) {
    if (ImGui::Button(balance_state(app).playing ? "Pause" : "Play")) {
      if (!balance_state(app).playing && balance_state(app).step >= steps)
        balance_state(app).step = 0;
      balance_state(app).playing = !balance_state(app).playing;
    }
    ImGui::SameLine();
    if (ImGui::Button("<")) balance_state(app).step = std::max(0, balance_state(app).step - 1);
    ImGui::SameLine();
    if (ImGui::Button(">")) balance_state(app).step = std::min(steps, balance_state(app).step + 1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    readable_slider_int("Step", &balance_state(app).step, 0, steps);
    ImGui::SameLine();
    if (c.result) ImGui::TextDisabled("%s", c.result->algorithm.c_str());
  } else {
    ImGui::TextDisabled("%s nodes, %s links. Drag to pan, wheel to zoom, hover for details.",
                        format_int(n).c_str(), format_int(topo.edge_count()).c_str());
  }

  // Loads to show: the node simulation's last completed superstep, else the selected step's
  // (incremental: only the transfers between the previous and this step are applied).
  const core::LoadVector* sim_loads = node_sim_loads(app);
  if (!sim_loads) c.player.seek(balance_state(app).step);
  const core::LoadVector& loads = sim_loads ? *sim_loads : c.player.loads();
  const std::uint64_t loads_key = sim_loads ? (c.epoch << 40) ^
                                                  (sim_loads == &balance_scene(st).loads
                                                       ? 1ull
                                                       : (node_sim_state(app).snap.version << 1)) ^
                                                  (1ull << 39)
                                            : (c.epoch << 40) ^ c.player.version();
  const double avg = lf.average;

  ViewTransform& view = balance_state(app).view;
  // The legends (load scale, dimensions, arrows, flows) stand at the left edge: the network is
  // fitted right of them (a tall view would otherwise grow it under them).
  NetworkCanvas cv =
      begin_network_canvas("canvas", view, 40 * app.ui_scale, 20 * ImGui::GetFontSize());
  const ImGuiIO& io = ImGui::GetIO();
  const float spacing_px = lf.min_distance * cv.scale;
  const float r = canvas_node_radius(cv, lf, app.ui_scale);
  // Hypercubes up to kMaxDrawnCubeDim: links coloured by dimension, the step's dimensions lit.
  // Larger cubes: the heatmap and a per-dimension flow summary (their grid layout would put many
  // links on top of one another).
  const bool cube = topo.kind() == core::TopologyKind::Hypercube && topo.dim() >= 1;
  const bool big_cube = cube && topo.dim() > kMaxDrawnCubeDim;
  const bool stepping = !sim && steps > 0 && balance_state(app).step < steps;
  const std::uint32_t active_dims =
      stepping
          ? step_dimension_mask(c.player.transfers(), c.player.step_begin(balance_state(app).step),
                                c.player.step_end(balance_state(app).step))
          : 0u;
  c.active_dims = active_dims;
  NodeDetail detail =
      choose_node_detail(n, spacing_px, balance_state(app).renderer.ok(), c.heatmap.ok());
  if (big_cube && c.heatmap.ok()) detail = NodeDetail::Heatmap;
  const bool lod = detail == NodeDetail::Heatmap;
  c.lod = lod;

  int hovered_node = -1;
  std::size_t visible_nodes = 0;
  if (lod) {
    if (c.texels_key != loads_key) {
      heat_texels(lf.grid, loads, avg, c.texels);
      c.texels_key = loads_key;
    }
    hovered_node = draw_heatmap(cv, c.heatmap, lf.grid, c.texels, c.texels_key ^ (lf.key << 56));
  } else {
    // Links, for the visible nodes (a link is drawn from its visible end with the smaller id).
    const double avg_degree = n > 0 ? 2.0 * static_cast<double>(topo.edge_count()) / n : 0;
    if (links_fit(visible_node_bound(balance_scene(st).layout, lf.grid, cv.map, r), avg_degree,
                  spacing_px)) {
      const ImU32 edge_col = with_alpha(view_colours().edge, 150);
      const float s = app.ui_scale;
      for_each_visible_link(cv, topo, balance_scene(st).layout, lf.grid, r, [&](int a, int b) {
        if (!cube) return draw_link(cv, topo, balance_scene(st).layout, a, b, edge_col, 1.0f);
        const int d = cube_link_dimension(a, b);
        const bool lit = !stepping || active_dims == 0 || ((active_dims >> d) & 1u);
        draw_link(cv, topo, balance_scene(st).layout, a, b, dimension_colour(d, lit),
                  stepping && active_dims != 0 && lit ? 2.5f * s : 1.5f * s);
      });
    }
    // Nodes: point sprites through our shaders for large networks, ImDrawList discs otherwise.
    const bool gpu = detail == NodeDetail::Sprites;
    if (gpu) {
      if (c.colours_key != loads_key) {
        c.colours.resize(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v)
          c.colours[static_cast<std::size_t>(v)] =
              load_colour(static_cast<double>(loads[static_cast<std::size_t>(v)]), avg);
        c.colours_key = loads_key;
      }
      balance_state(app).renderer.set_nodes(balance_scene(st).layout, lf.key, c.colours,
                                            c.colours_key ^ (lf.key << 56));
      balance_state(app).renderer.draw(cv.dl, cv.centre.x, cv.centre.y, cv.scale, view.pan_x,
                                       view.pan_y, r);
    }
    const bool labels = r >= 7.0f;
    float best = r * r + 16;
    for_each_visible_node(balance_scene(st).layout, lf.grid, cv.map, r, [&](int v, core::Point sp) {
      const ImVec2 p{sp.x, sp.y};
      ++visible_nodes;
      if (!gpu)
        cv.dl->AddCircleFilled(
            p, r, load_colour(static_cast<double>(loads[static_cast<std::size_t>(v)]), avg),
            r > 4 ? 16 : 6);
      if (labels) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%lld",
                      static_cast<long long>(loads[static_cast<std::size_t>(v)]));
        const ImVec2 ts = ImGui::CalcTextSize(buf);
        cv.dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
      }
      if (cv.hovered) {
        const float dx = io.MousePos.x - p.x, dy = io.MousePos.y - p.y;
        if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, hovered_node = v;
      }
    });
  }

  // Transfers of the next step as arrows with counts: all of them, or the largest kMaxArrows.
  std::string note;
  c.drawn_arrows = 0;
  c.step_transfers = 0;
  if (stepping && big_cube) {
    // Thousands of arrowheads say nothing: the step's and the run's tasks per dimension instead.
    c.step_transfers =
        c.player.step_end(balance_state(app).step) - c.player.step_begin(balance_state(app).step);
    if (c.flows_step != balance_state(app).step || c.flows_epoch != c.epoch) {
      c.flows = dimension_flows(c.player.transfers(), topo.dim(),
                                c.player.step_begin(balance_state(app).step),
                                c.player.step_end(balance_state(app).step));
      c.flows_step = balance_state(app).step, c.flows_epoch = c.epoch;
    }
  } else if (stepping) {
    const std::size_t total =
        c.player.step_end(balance_state(app).step) - c.player.step_begin(balance_state(app).step);
    c.step_transfers = total;
    const auto& shown = c.player.largest(balance_state(app).step, kMaxArrows);
    c.drawn_arrows = draw_transfer_arrows(cv, topo, balance_scene(st).layout, c.player.transfers(),
                                          shown, r, lod);
    if (total > shown.size())
      note = "step " + std::to_string(balance_state(app).step) + ": showing the " +
             format_int(static_cast<long long>(shown.size())) + " largest of " +
             format_int(static_cast<long long>(total)) + " transfers (" +
             format_int(c.player.moved(balance_state(app).step)) + " tasks moved)";
  }
  // The node simulation's messages in flight, as dots moving along their links.
  if (sim)
    draw_node_sim_overlay(
        app, {cv.origin.x, cv.origin.y, cv.origin.x + cv.size.x, cv.origin.y + cv.size.y,
              cv.centre.x, cv.centre.y, cv.scale, view.pan_x, view.pan_y, r});

  // Legend (every coloured view) and what level of detail is shown.
  char legend_note[160];
  if (lod)
    std::snprintf(legend_note, sizeof legend_note,
                  big_cube ? "load heatmap: %s nodes (one texel per node)"
                           : "load heatmap: %s nodes (zoom in for nodes)",
                  format_int(n).c_str());
  else
    std::snprintf(
        legend_note, sizeof legend_note, "node fill = load (avg = quota)%s",
        n > static_cast<int>(kMaxNodeShapes)
            ? (", " + format_int(static_cast<long long>(visible_nodes)) + " visible").c_str()
            : "");
  draw_load_legend(cv, avg, app.ui_scale, legend_note);
  if (stepping && !big_cube && c.drawn_arrows > 0)
    draw_arrow_legend(cv, app.ui_scale, 2 * ImGui::GetFontSize() + 32 * app.ui_scale);
  if (cube && !big_cube && !sim)
    draw_dimension_legend(cv, app.ui_scale, topo.dim(), active_dims, stepping);
  else if (stepping && big_cube)
    draw_dimension_flows(cv, app.ui_scale, c.flows, balance_state(app).step);
  draw_canvas_note(cv, app.ui_scale, note);
  end_network_canvas(cv);

  if (hovered_node >= 0) {
    const auto hv = static_cast<std::size_t>(hovered_node);
    ImGui::BeginTooltip();
    ImGui::Text("Node %d", hovered_node);
    ImGui::Text("Load: %lld (initial %lld, average %.2f)", static_cast<long long>(loads[hv]),
                static_cast<long long>(balance_scene(st).loads[hv]), avg);
    ImGui::Text("Degree: %d", topo.degree(hovered_node));
    if (topo.kind() == core::TopologyKind::Tree && hovered_node > 0)
      ImGui::Text("Parent: %d, depth %d", topo.parents()[hv], topo.depths()[hv]);
    ImGui::EndTooltip();
  }
}

void draw_balance_view(App& app) {
  if (balance_scene(app.state).topology && has_iterative_results(app))
    draw_iterative_balance_view(app);  // the tabs
  else if (balance_scene(app.state).topology)
    draw_network_view(app);
  else
    draw_json_view(app);
}

}  // namespace loadlab::app
