// The "partition" kind's view (survey 002 §2.2-2.3, Table 1,
// ../shared/seeds/002_6cf480ff57e2bb72.txt; docs/scenario-partition.md): the mesh coloured by part
// with the cut edges highlighted (level of detail in mesh_canvas.cpp: big meshes go through our
// shaders), the methods side by side (Zoltan/METIS metrics table, cut and imbalance bar charts),
// and the part graph mapped onto the processor network (the allocation phase, objective (2)), and
// the first bisection step by step (view_steps.cpp). The mesh canvas is mesh_canvas.cpp. Everything
// is read from the typed results (model_view.h). The form is form.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/model/results_follower.h"
#include "app/partition/mesh_canvas.h"
#include "app/partition/module.h"
#include "app/partition/view_state.h"
#include "app/partition/view_steps.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"

#include "core/partition/narration.h"
namespace loadlab::app {

namespace {

std::size_t part_count(const PartitionMethodData& d) {
  return d.part().size();
}

// How the drawn positions were chosen, for a mesh without coordinates.
std::string layout_note(const PartitionViewState& c) {
  const PartitionViewModel& m = c.model;
  if (m.graph_layout) return " (no coordinates: drawn with a graph layout, pivot MDS + stress)";
  if (!m.synthetic_layout) return "";
  if (c.graph_layout.running()) {
    char buf[128];
    std::snprintf(buf, sizeof buf,
                  " (no coordinates: computing a layout, %d%%; vertices in index order meanwhile)",
                  static_cast<int>(c.graph_layout.progress() * 100));
    return buf;
  }
  if (!c.graph_layout.error().empty())
    return " (no coordinates; layout failed: " + c.graph_layout.error() + ")";
  return " (no coordinates: vertices laid out in index order)";
}

ImU32 dim_colour(ImU32 c, float f) {
  const auto ch = [&](int shift) {
    return static_cast<ImU32>(static_cast<float>((c >> shift) & 0xFF) * f);
  };
  return ch(0) | (ch(8) << 8) | (ch(16) << 16) | (c & 0xFF000000u);
}

void legend_swatch(ImU32 col, const char* text) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.15f}, {p.x + h, p.y + h * 0.85f},
                                            col);
  ImGui::Dummy({h, h});
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
}

void view_draw_legend(PartitionViewState& c, const PartitionMethodData& d, float s) {
  const auto& w = d.metrics().part_weights;
  const int parts = static_cast<int>(w.size());
  c.highlight_part = -1;
  const int shown = std::min(parts, 64);
  for (int p = 0; p < shown; ++p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d: %lld", p,
                  static_cast<long long>(w[static_cast<std::size_t>(p)]));
    // Continues the line of controls above it while entries fit (the canvas keeps the room).
    const float entry_w =
        ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(buf).x;
    ImGui::SameLine(0, (p == 0 ? 18 : 10) * s);
    if (ImGui::GetContentRegionAvail().x < entry_w) ImGui::NewLine();
    ImGui::BeginGroup();
    legend_swatch(part_colour(p), buf);
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) {
      c.highlight_part = p;
      ImGui::SetTooltip("part %d: weight %lld", p,
                        static_cast<long long>(w[static_cast<std::size_t>(p)]));
    }
  }
  if (parts > shown) ImGui::TextDisabled("... %d more parts", parts - shown);
}

void draw_mesh_tab(App& app, PartitionViewState& c, int sel) {
  const float s = app.ui_scale;
  const PartitionViewModel& m = c.model;
  const PartitionMethodData& d = m.methods[static_cast<std::size_t>(sel)];
  // The controls and the legend overlay the canvas's top edge (drawn in the upper channel; being
  // submitted first they keep the mouse): the mesh gets the view's whole height below the tabs.
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImDrawList* overlay = ImGui::GetWindowDrawList();
  overlay->ChannelsSplit(2);
  overlay->ChannelsSetCurrent(1);
  ImGui::Checkbox("cut edges", &c.show_cut);
  ImGui::SameLine();
  ImGui::Checkbox("internal edges", &c.show_edges);
  ImGui::SameLine();
  if (ImGui::SmallButton("fit")) c.fitted = false;
  const std::string about = m.mesh_description + layout_note(c);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s\nwheel: zoom, drag: pan, double-click: fit", about.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", about.c_str());
  if (!d.available || d.part().empty()) {
    ImGui::TextColored({1, 0.6f, 0.4f, 1}, "%s: %s", d.name.c_str(),
                       d.note.empty() ? "no partition" : d.note.c_str());
    overlay->ChannelsMerge();
    return;
  }
  view_draw_legend(c, d, s);
  c.overlay_h = ImGui::GetCursorScreenPos().y - top.y;
  overlay->ChannelsSetCurrent(0);
  ImGui::SetCursorScreenPos(top);
  // Vertex colours by part (the hovered legend entry's part bright, the others dimmed), rebuilt
  // only when the method, the model or the hovered part changes.
  const std::uint64_t key = (c.generation << 32) | (static_cast<std::uint64_t>(sel) << 16) |
                            static_cast<std::uint64_t>(c.highlight_part + 1);
  if (key != c.colours_key || c.colours.size() != part_count(d)) {
    const auto& part = d.part();
    c.colours.resize(part.size());
    for (std::size_t v = 0; v < part.size(); ++v) {
      ImU32 col = part_colour(part[v]);
      if (c.highlight_part >= 0 && part[v] != c.highlight_part) col = dim_colour(col, 0.3f);
      c.colours[v] = col;
    }
    c.colours_key = key;
  }
  MeshLayer layer;
  layer.colours = &c.colours;
  layer.colour_key = c.colours_key;
  layer.red_edges = &d.cut;
  layer.red_key = (c.generation << 16) | static_cast<std::uint64_t>(sel);
  layer.show_red = c.show_cut;
  layer.show_edges = c.show_edges;
  layer.part = &d.part();
  draw_mesh_canvas(app, c, c.renderer, layer, "##mesh_canvas");
  overlay->ChannelsMerge();
}

// Metrics table: one row per method, the survey's and Zoltan/METIS's measures.
void draw_table(App& app, PartitionViewState& c, int sel) {
  AppState& st = app.state;
  const PartitionViewModel& m = c.model;
  const bool alloc = m.topology.has_value();
  const int cols = alloc ? 13 : 10;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  const float h =
      std::min(ImGui::GetContentRegionAvail().y * 0.5f,
               (static_cast<float>(m.methods.size()) + 1.6f) * ImGui::GetFrameHeightWithSpacing());
  if (!ImGui::BeginTable("##partition_metrics", cols, flags, {0, h})) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (const char* head : {"method", "edge cut", "imbalance", "comm. volume", "boundary vertices",
                           "max nbr parts", "disconnected", "empty", "time (ms)", "verified"})
    ImGui::TableSetupColumn(head);
  if (alloc) {
    ImGui::TableSetupColumn("objective (2)");
    ImGui::TableSetupColumn("natural map");
    ImGui::TableSetupColumn("hop x cut");
  }
  ImGui::TableHeadersRow();
  // The best value per column is shown in green.
  std::int64_t best_cut = -1;
  double best_imb = -1;
  for (const auto& d : m.methods)
    if (d.available && !d.part().empty()) {
      if (best_cut < 0 || d.metrics().edge_cut < best_cut) best_cut = d.metrics().edge_cut;
      if (best_imb < 0 || d.metrics().imbalance < best_imb) best_imb = d.metrics().imbalance;
    }
  const ImVec4 green(0.45f, 0.95f, 0.45f, 1);
  for (std::size_t k = 0; k < m.methods.size(); ++k) {
    const PartitionMethodData& d = m.methods[k];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(d.name.c_str(), static_cast<int>(k) == sel,
                          ImGuiSelectableFlags_SpanAllColumns))
      st.selected_result = static_cast<int>(k);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", d.title.c_str());
    if (!d.available || d.part().empty()) {
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", d.note.empty() ? "not run" : d.note.c_str());
      continue;
    }
    const auto& x = d.metrics();
    ImGui::TableNextColumn();
    if (x.edge_cut == best_cut)
      ImGui::TextColored(green, "%s", format_int(x.edge_cut).c_str());
    else
      ImGui::TextUnformatted(format_int(x.edge_cut).c_str());
    ImGui::TableNextColumn();
    if (x.imbalance == best_imb)
      ImGui::TextColored(green, "%.4f", x.imbalance);
    else
      ImGui::Text("%.4f", x.imbalance);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_int(x.communication_volume).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_int(x.boundary_vertices).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", x.max_neighbour_parts);
    ImGui::TableNextColumn();
    if (x.disconnected_parts > 0)
      ImGui::TextColored({1, 0.7f, 0.3f, 1}, "%d", x.disconnected_parts);
    else
      ImGui::Text("0");
    ImGui::TableNextColumn();
    ImGui::Text("%d", x.empty_parts);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", d.result->time_ms);
    ImGui::TableNextColumn();
    if (d.verified)
      ImGui::TextColored(green, "yes");
    else
      ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NO");
    if (alloc) {
      const auto& a = d.result->allocation;
      ImGui::TableNextColumn();
      if (a) ImGui::TextUnformatted(format_int(a->objective_2).c_str());
      ImGui::TableNextColumn();
      if (a) ImGui::TextUnformatted(format_int(a->natural_objective_2).c_str());
      ImGui::TableNextColumn();
      if (a)
        ImGui::Text("%lld (natural %lld, %d swaps)", static_cast<long long>(a->hop_cut),
                    static_cast<long long>(a->natural_hop_cut), a->swaps);
    }
  }
  ImGui::EndTable();
}

void partition_draw_compare_tab(App& app, PartitionViewState& c, int sel) {
  const float s = app.ui_scale;
  draw_table(app, c, sel);
  std::vector<std::string> names;
  std::vector<double> cut, imb;
  for (const auto& d : c.model.methods)
    if (d.available && !d.part().empty()) {
      names.push_back(d.name);
      cut.push_back(static_cast<double>(d.metrics().edge_cut));
      imb.push_back(d.metrics().imbalance);
    }
  if (names.empty()) return;
  PlotAxes ax;
  ax.legend = false;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = std::floor((avail.x - 8 * s) / 2);
  ax.y_label = "edge cut";
  draw_bar_chart("##cut", {w, avail.y}, names,
                 {{"edge cut", IM_COL32(235, 110, 90, 255), {}, cut, false}}, ax, {}, s);
  ImGui::SameLine(0, 8 * s);
  ax.y_label = "imbalance (max part weight / average)";
  draw_bar_chart("##imb", {0, avail.y}, names,
                 {{"imbalance", IM_COL32(110, 160, 240, 255), {}, imb, false}}, ax,
                 {{1.03, IM_COL32(230, 230, 120, 200), "1.03"}}, s);
}

// The part graph on the processor network: nodes at the topology's layout, each filled with the
// colour of the part mapped onto it; network links faint; part-graph edges as arcs whose width
// grows with the cut and whose colour says how many hops they travel.
void partition_draw_network_tab(App& app, PartitionViewState& c, int sel) {
  const float s = app.ui_scale;
  const PartitionViewModel& m = c.model;
  const PartitionMethodData& d = m.methods[static_cast<std::size_t>(sel)];
  if (!m.topology) {
    ImGui::TextWrapped(
        "No processor network: add a \"topology\" of %d nodes (the form's Allocation section) to "
        "run the allocation phase (Houstis et al. 1996, Section 2.2, objective (2)).",
        m.parts);
    return;
  }
  if (!d.result->allocation) {
    ImGui::TextDisabled("%s: no allocation (%s)", d.name.c_str(), d.note.c_str());
    return;
  }
  const core::Topology& t = *m.topology;
  const core::Allocation& a = *d.result->allocation;
  ImGui::Text(
      "objective (2) = max W + sum cut x hops: %lld (natural map %lld); hop-weighted cut %lld "
      "(natural %lld), %d swaps",
      static_cast<long long>(a.objective_2), static_cast<long long>(a.natural_objective_2),
      static_cast<long long>(a.hop_cut), static_cast<long long>(a.natural_hop_cut), a.swaps);
  ImGui::TextDisabled(
      "node = processor (colour and label: its part); grey: network links; arcs: cut between parts "
      "(width ~ cut; green 1 hop, orange 2, red 3+)");
  const auto pos = t.layout();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float margin = 40 * s;
  auto P = [&](int node) {
    const auto& p = pos[static_cast<std::size_t>(node)];
    return ImVec2(o.x + margin + p.x * (size.x - 2 * margin),
                  o.y + margin + p.y * (size.y - 2 * margin));
  };
  for (const auto& e : t.edges())
    dl->AddLine(P(e.a), P(e.b), with_alpha(view_colours().edge, 170), 1.5f * s);
  std::int64_t max_cut = 1;
  for (const auto& e : d.part_graph) max_cut = std::max(max_cut, e.cut);
  for (const auto& e : d.part_graph) {
    const int na = a.processor[static_cast<std::size_t>(e.a)],
              nb = a.processor[static_cast<std::size_t>(e.b)];
    const int hops = t.distance(na, nb);
    const ImU32 col = hops <= 1   ? IM_COL32(110, 220, 110, 220)
                      : hops == 2 ? IM_COL32(240, 170, 60, 220)
                                  : IM_COL32(240, 70, 70, 220);
    const ImVec2 pa = P(na), pb = P(nb);
    // Bend the arc so it does not hide the network link under it.
    const ImVec2 mid((pa.x + pb.x) / 2 - (pb.y - pa.y) * 0.15f,
                     (pa.y + pb.y) / 2 + (pb.x - pa.x) * 0.15f);
    const float w = (1.0f + 5.0f * static_cast<float>(e.cut) / static_cast<float>(max_cut)) * s;
    dl->AddBezierQuadratic(pa, mid, pb, view_contrast(col, 3.0f), w);
  }
  const float r =
      std::clamp(std::min(size.x, size.y) / (3.0f * std::sqrt(static_cast<float>(t.size())) + 2),
                 6 * s, 22 * s);
  std::vector<int> part_on(static_cast<std::size_t>(t.size()), -1);
  for (std::size_t p = 0; p < a.processor.size(); ++p)
    part_on[static_cast<std::size_t>(a.processor[p])] = static_cast<int>(p);
  for (int v = 0; v < t.size(); ++v) {
    const int p = part_on[static_cast<std::size_t>(v)];
    dl->AddCircleFilled(P(v), r, p >= 0 ? part_colour(p) : IM_COL32(80, 80, 80, 255));
    dl->AddCircle(P(v), r, IM_COL32(20, 20, 20, 255), 0, 1.5f * s);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", p);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText({P(v).x - ts.x / 2, P(v).y - ts.y / 2}, IM_COL32(10, 10, 10, 255), buf);
  }
}

}  // namespace

namespace {

// The narration; its step and the Bisection steps tab's slider follow each other both ways (the
// player is on the caption strip's line).
void draw_partition_narration_player(App& /*app*/, PartitionViewState& c,
                                     const PartitionMethodData& d) {
  PartitionStepsState& t = c.steps;
  const bool traced = t.steps && t.method == d.name && t.generation == c.generation;
  c.narration.follow(d.result.get(), traced ? static_cast<std::int64_t>(t.serial) : -1, [&] {
    if (!d.available || d.part().empty() || !c.model.mesh) return core::Narration{};
    return core::partition_narration(d.name, *c.model.mesh, c.model.parts, d.part(),
                                     traced ? &t.steps->trace : nullptr);
  });
  if (traced) {
    const int last = static_cast<int>(t.steps->size());
    if (t.step != c.synced_step)
      c.narration.seek(t.step);
    else if (c.narration.step != c.synced_narration && c.narration.step <= last)
      t.step = c.narration.step, t.show_key = false;
    c.synced_step = t.step;
    c.synced_narration = c.narration.step;
  }
  // The step player is on the caption strip's line (KindModule::caption_player).
}

}  // namespace

void draw_partition_view(App& app) {
  AppState& st = app.state;
  PartitionViewState& c = partition_state(app);
  auto names = [&c] {
    std::vector<std::string> n;
    for (const auto& d : c.model.methods) n.push_back(d.name);
    return n;
  };
  if (c.follow.results_changed(st) || c.model_scenario != st.parsed.get()) {
    if (c.model_scenario != st.parsed.get()) c.fitted = false;
    c.model = partition_view_model(st);
    c.model_scenario = st.parsed.get();
    c.raster_method = -1;
    ++c.generation;
    c.follow.reselect(st, names());
  }
  if (c.graph_layout.update(c.model)) {
    c.fitted = false;
    c.raster_method = -1;
    ++c.generation;
  }
  c.mesh_layout = c.model.graph_layout ? "ready" : c.graph_layout.running() ? "running" : "";
  if (auto ui = c.follow.new_ui(st, !c.model.methods.empty())) {
    if (ui->other.is_object() && ui->other.contains("partition_view") &&
        ui->other["partition_view"].is_string()) {
      const int tab = ui_tab_index(ui->other["partition_view"].get<std::string>(), kPartitionTabs);
      if (tab >= 0) c.tabs.request(tab);
    }
    ResultsFollower::select_by_name(st, names(), ui->select);
  }
  if (c.model.methods.empty()) {
    if (c.model.mesh)
      ImGui::TextDisabled(
          "%s, %d vertices, %lld edges, P = %d. %s", c.model.mesh_description.c_str(),
          c.model.mesh->size(), static_cast<long long>(c.model.mesh->edge_count()), c.model.parts,
          app.jobs.busy() ? "Running..." : "No results yet: pick methods and press Run.");
    if (c.graph_layout.running())
      ImGui::TextDisabled("No coordinates: computing a layout of the graph, %d%%",
                          static_cast<int>(c.graph_layout.progress() * 100));
    else
      ImGui::TextDisabled(app.jobs.busy() ? "Running..." : "No results yet.");
    return;
  }
  const int sel = ResultsFollower::clamp_selection(st, static_cast<int>(c.model.methods.size()));
  c.follow.selected = c.model.methods[static_cast<std::size_t>(sel)].name;
  const PartitionMethodData& d = c.model.methods[static_cast<std::size_t>(sel)];
  ImGui::SetNextItemWidth(150 * app.ui_scale);
  if (ImGui::BeginCombo("##partition_method", d.name.c_str())) {
    for (std::size_t k = 0; k < c.model.methods.size(); ++k)
      if (ImGui::Selectable(c.model.methods[k].name.c_str(), static_cast<int>(k) == sel))
        st.selected_result = static_cast<int>(k);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (d.available && !d.part().empty())
    ImGui::Text("%s: cut %lld, imbalance %.4f, %d parts, %lld boundary vertices, %.2f ms",
                d.title.c_str(), static_cast<long long>(d.metrics().edge_cut),
                d.metrics().imbalance, c.model.parts,
                static_cast<long long>(d.metrics().boundary_vertices), d.result->time_ms);
  else
    ImGui::TextColored({1, 0.6f, 0.4f, 1}, "%s: %s", d.title.c_str(), d.note.c_str());
  verified_badge(d.verified, d.result->errors.empty() ? nullptr : &d.result->errors.front());
  draw_partition_narration_player(app, c, d);

  kind_tab_bar("##partition_tabs", c.tabs,
               {
                   {"Mesh by part", [&] { draw_mesh_tab(app, c, sel); }},
                   {"Methods compared (Table 1)", [&] { partition_draw_compare_tab(app, c, sel); }},
                   {"Parts on the network", [&] { partition_draw_network_tab(app, c, sel); }},
                   {"Bisection steps", [&] { draw_partition_steps_tab(app, c, sel); }},
               });
}

}  // namespace loadlab::app
