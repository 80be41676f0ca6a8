// The "dag" kind's view (papers 001 and 003; docs/scenario-dag.md): tabs Graph (layered drawing,
// critical path, levels in tooltips), Gantt (view_gantt.cpp), Steps (view_steps.cpp) and
// Adversary (view_adversary.cpp).
// The graph, its levels and its layout are built on a worker (model_graph.h) so a 100,000-task
// graph never blocks the UI; drawing is culled to the visible layers and slots, and tasks narrower
// than a few pixels are merged into one bar per layer.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/shell/app.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

constexpr float kHalfW = 0.40f;  // node box half-width, in slots
constexpr float kHalfH = 0.28f;  // node box half-height, in layers

ImU32 slack_colour(double slack, double cp) {
  const float t = cp > 0 ? static_cast<float>(std::clamp(slack / (0.5 * cp), 0.0, 1.0)) : 1.0f;
  const ImVec4 near{0.86f, 0.72f, 0.36f, 1}, far{0.30f, 0.45f, 0.68f, 1};
  return ImGui::ColorConvertFloat4ToU32({near.x + (far.x - near.x) * t,
                                         near.y + (far.y - near.y) * t,
                                         near.z + (far.z - near.z) * t, 1});
}

constexpr ImU32 kCpColour = IM_COL32(240, 130, 40, 255);

float seg_dist2(ImVec2 p, ImVec2 a, ImVec2 b) {
  const float dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  float t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
  t = std::clamp(t, 0.0f, 1.0f);
  const float ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
  return ex * ex + ey * ey;
}

void node_tooltip(const App& app, const DagModel& m, core::TaskId t) {
  const auto& g = m.graph;
  const auto& lv = m.levels;
  ImGui::BeginTooltip();
  ImGui::Text("Task %s  (cost %s)", g.name(t).c_str(), short_number(g.comp(t)).c_str());
  ImGui::Text("layer %d, %lld predecessor(s), %lld successor(s)", m.layer[t],
              static_cast<long long>(g.in_degree(t)), static_cast<long long>(g.out_degree(t)));
  ImGui::Separator();
  ImGui::Text("sl (static level)  %s", short_number(lv.sl[t]).c_str());
  ImGui::Text("t-level            %s", short_number(lv.t_level[t]).c_str());
  ImGui::Text("b-level            %s", short_number(lv.b_level[t]).c_str());
  ImGui::Text("ALAP               %s", short_number(lv.alap[t]).c_str());
  ImGui::Text("slack (ALAP - t-level) %s", short_number(lv.alap[t] - lv.t_level[t]).c_str());
  if (m.on_cp[t])
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kCpColour), "on the critical path");
  if (const DagSchedule* s = dag_schedule(app, app.state.selected_result)) {
    const auto i = s->entry_of_task[t];
    if (i >= 0) {
      const auto& e = s->entries[static_cast<std::size_t>(i)];
      ImGui::Separator();
      ImGui::Text("%s: P%d, [%s, %s]", s->algorithm.c_str(), e.proc, short_number(e.start).c_str(),
                  short_number(e.finish).c_str());
    }
  }
  ImGui::EndTooltip();
}

}  // namespace

void draw_dag_view(App& app) {
  dag_refresh_model(app);
  dag_poll_adversary(app);  // the Adversary tab's workers finish even while another tab is shown
  DagViewState& v = dag_state(app);
  auto model = dag_current_model(app);
  if (!model) {
    ImGui::TextDisabled(v.builder.busy() ? "Building the task graph and its layout on a worker..."
                                         : "No task graph.");
    return;
  }
  if (!model->error.empty()) {
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "The graph could not be built: %s",
                       model->error.c_str());
    return;
  }
  const DagModel& m = *model;
  kind_tab_bar("dag_tabs", v.tabs,
               {
                   {"Graph", [&] { draw_dag_graph_tab(app, m); }},
                   {"Gantt", [&] { draw_dag_gantt_tab(app, m); }},
                   {"Steps", [&] { draw_dag_steps_tab(app, m); }},
                   {"Adversary", [&] { draw_dag_adversary_tab(app, m); }},
               });
}

namespace {

// Fit (on request or double-click), drag to pan, wheel to zoom around the mouse. World: x in
// slots (centred per layer), y in layers.
void dag_graph_navigate(DagViewState& v, const DagModel& m, ImVec2 size, ImVec2 centre,
                        bool hovered, float s) {
  const auto layers = static_cast<std::int32_t>(m.layer_tasks.size());
  ImGuiIO& io = ImGui::GetIO();
  // Separate x/y pixel scales so a tall, narrow
  // graph still fills the canvas; boxes are capped so an 8-task graph is not drawn huge.
  double& sx = v.sx;
  double& sy = v.sy;
  if (v.fit || (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))) {
    const double cap = 88.0 * s;
    sx = std::min(cap, size.x * 0.96 / std::max(1, m.max_layer_width));
    sy = std::min(cap, size.y * 0.94 / std::max(1, layers));
    v.cx = 0;
    v.cy = (layers - 1) / 2.0;
    v.fit = false;
    if (v.ui_zoom > 1) {  // zoomed in on the first layers around the critical path
      sx *= v.ui_zoom;
      sy *= v.ui_zoom;
      v.cy = size.y / 2 / sy - 0.6;
      v.ui_zoom = 1;
    }
  }
  if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    v.cx -= io.MouseDelta.x / sx;
    v.cy -= io.MouseDelta.y / sy;
  }
  if (hovered && io.MouseWheel != 0) {
    const double wx = v.cx + (io.MousePos.x - centre.x) / sx,
                 wy = v.cy + (io.MousePos.y - centre.y) / sy;
    const double f = std::pow(1.15, io.MouseWheel);
    const double nsx = std::clamp(sx * f, 1e-4, 600.0 * s);
    const double k = nsx / sx;
    sx = nsx;
    sy = std::clamp(sy * k, 1e-4, 600.0 * s);
    v.cx = wx - (io.MousePos.x - centre.x) / sx;
    v.cy = wy - (io.MousePos.y - centre.y) / sy;
  }
}

// The graph tab's canvas in one frame: the view transform after navigation and the visible
// window, shared by the drawing steps.
struct DagCanvas {
  const DagModel& m;
  const DagOverview* ov;  ///< the overview when boxes are too small, else null
  ImDrawList* dl;
  ImVec2 origin, size, centre;
  double cx, cy, sx, sy;
  float s, hw, hh;
  double wx0, wx1;
  int l0, l1;

  ImVec2 to_screen(double wx, double wy) const {
    return ImVec2{static_cast<float>(centre.x + (wx - cx) * sx),
                  static_cast<float>(centre.y + (wy - cy) * sy)};
  }
  double task_x(core::TaskId t) const { return ov ? ov->x[t] : m.x[t]; }
  ImVec2 pos(core::TaskId t) const { return to_screen(task_x(t), m.layer[t]); }
  /// The slots of layer l inside the window.
  void slot_range(int l, int& i0, int& i1) const {
    if (ov) {  // stretched: slot i of w sits at ((i + 0.5) / w - 0.5) * width
      const double w = static_cast<double>(m.layer_tasks[l].size());
      i0 = std::max(0, static_cast<int>(std::floor((wx0 / ov->width + 0.5) * w - 0.5)));
      i1 = std::min(static_cast<int>(w) - 1,
                    static_cast<int>(std::ceil((wx1 / ov->width + 0.5) * w - 0.5)));
      return;
    }
    const double off = (m.layer_tasks[l].size() - 1) / 2.0;
    i0 = std::max(0, static_cast<int>(std::floor(wx0 + off)));
    i1 = std::min(static_cast<int>(m.layer_tasks[l].size()) - 1,
                  static_cast<int>(std::ceil(wx1 + off)));
  }
  bool visible(core::TaskId t) const {
    return m.layer[t] >= l0 && m.layer[t] <= l1 && task_x(t) >= wx0 && task_x(t) <= wx1;
  }
  void edge_ends(std::int64_t e, ImVec2& a, ImVec2& b) const {
    const auto& ed = m.graph.edge(e);
    a = pos(ed.from);
    b = pos(ed.to);
    a.y += hh;
    b.y -= hh;
  }
  void arrow_head(ImVec2 a, ImVec2 b, ImU32 col) const {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    const float ux = dx / len, uy = dy / len, h = std::min(7.0f * s, hh * 0.6f);
    dl->AddTriangleFilled(b, {b.x - ux * h - uy * h * 0.45f, b.y - uy * h + ux * h * 0.45f},
                          {b.x - ux * h + uy * h * 0.45f, b.y - uy * h - ux * h * 0.45f}, col);
  }
};

struct DagEdgesDrawn {
  bool detailed = false;  ///< boxes wide enough for every visible edge
  bool capped = false;    ///< kMaxEdges reached
  std::int64_t hot_edge = -1;
  std::vector<std::int64_t> labelled;  ///< edges whose comm cost gets a label
};

// Edges with a visible end (capped per frame; only the critical path when boxes are tiny), the
// overview's bundles, the critical path on top; the edge under the mouse when `pick`.
DagEdgesDrawn dag_graph_draw_edges(const DagCanvas& c, bool show_comm, bool hovered,
                                   core::TaskId hot) {
  DagEdgesDrawn out;
  const bool& detailed = out.detailed;
  bool& capped = out.capped;
  std::int64_t& hot_edge = out.hot_edge;
  std::vector<std::int64_t>& labelled = out.labelled;
  const auto& g = c.m.graph;
  const DagModel& m = c.m;
  const DagOverview* ov = c.ov;
  ImDrawList* dl = c.dl;
  const ImVec2 origin = c.origin;
  const ImVec2 size = c.size;
  const float s = c.s;
  const float hw = c.hw;
  const float hh = c.hh;
  const int l0 = c.l0;
  const int l1 = c.l1;
  const ImGuiIO& io = ImGui::GetIO();
  auto to_screen = [&](double wx, double wy) { return c.to_screen(wx, wy); };
  auto pos = [&](core::TaskId t) { return c.pos(t); };
  auto slot_range = [&](int l, int& i0, int& i1) { c.slot_range(l, i0, i1); };
  auto visible = [&](core::TaskId t) { return c.visible(t); };
  // Edges: those with a visible end, capped per frame; when boxes are tiny only the critical path.
  constexpr int kMaxEdges = 60000;
  out.detailed = hw >= 1.5f;
  int drawn = 0;
  float best_d2 = 25.0f * s * s;
  const bool pick_edges = hovered && hot < 0 && detailed;
  const ImU32 edge_col = with_alpha(view_colours().edge, hw > 12 ? 170 : 90);
  auto edge_ends = [&](std::int64_t e, ImVec2& a, ImVec2& b) {
    const auto& ed = g.edge(e);
    a = pos(ed.from);
    b = pos(ed.to);
    a.y += hh;
    b.y -= hh;
  };
  auto arrow_head = [&](ImVec2 a, ImVec2 b, ImU32 col) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    const float ux = dx / len, uy = dy / len, h = std::min(7.0f * s, hh * 0.6f);
    dl->AddTriangleFilled(b, {b.x - ux * h - uy * h * 0.45f, b.y - uy * h + ux * h * 0.45f},
                          {b.x - ux * h + uy * h * 0.45f, b.y - uy * h - ux * h * 0.45f}, col);
  };
  // Comm-cost labels only once boxes are tall enough that labels have room between layers.
  const bool label_edges = show_comm && hh * 2 >= ImGui::GetFontSize();
  if (detailed) {
    for (int l = l0; l <= l1 && !capped; ++l) {
      int i0, i1;
      slot_range(l, i0, i1);
      for (int i = i0; i <= i1 && !capped; ++i) {
        const core::TaskId t = m.layer_tasks[l][i];
        auto draw_edge = [&](std::int64_t e) {
          if (m.edge_on_cp[e]) return;  // drawn on top below
          ImVec2 a, b;
          edge_ends(e, a, b);
          dl->AddLine(a, b, edge_col, 1.0f);
          if (hh >= 6 * s) arrow_head(a, b, edge_col);
          if (pick_edges) {
            const float d2 = seg_dist2(io.MousePos, a, b);
            if (d2 < best_d2) best_d2 = d2, hot_edge = e;
          }
          if (label_edges && labelled.size() < 2000) labelled.push_back(e);
          if (++drawn >= kMaxEdges) capped = true;
        };
        for (auto e : g.out_edges(t)) draw_edge(e);
        for (auto e : g.in_edges(t))
          if (!visible(g.edge(e).from)) draw_edge(e);
      }
    }
  }
  // Overview: one line per bundle of edges between two bins, brighter and thicker the more edges
  // it stands for (log scale: a fan of 600 single edges still shows next to a bundle of 600).
  if (ov) {
    // Without anti-aliasing: a line's fringe would double what a software rasteriser fills.
    const ImDrawListFlags flags = dl->Flags;
    dl->Flags &= ~ImDrawListFlags_AntiAliasedLines;
    const float lmax = std::log1p(static_cast<float>(std::max<std::uint32_t>(1, ov->max_bundle)));
    for (const auto& bu : ov->bundles) {
      if (std::max(bu.from_layer, bu.to_layer) < l0 || std::min(bu.from_layer, bu.to_layer) > l1)
        continue;
      ImVec2 a = to_screen(ov->edge_bin_x(bu.from_bin), bu.from_layer),
             b = to_screen(ov->edge_bin_x(bu.to_bin), bu.to_layer);
      if (std::max(a.x, b.x) < origin.x || std::min(a.x, b.x) > origin.x + size.x) continue;
      a.y += std::min(hh, 3.0f * s);
      b.y -= std::min(hh, 3.0f * s);
      const float w = std::log1p(static_cast<float>(bu.edges)) / lmax;
      dl->AddLine(a, b, with_alpha(view_colours().edge, static_cast<int>(35 + 185 * w)),
                  1.0f + 1.5f * w * s);
    }
    dl->Flags = flags;
  }
  // Critical path edges (few: one per layer at most) always.
  const auto& cp = m.levels.critical_path_tasks;
  for (std::size_t i = 0; i + 1 < cp.size(); ++i) {
    for (auto e : g.out_edges(cp[i])) {
      if (!m.edge_on_cp[e]) continue;
      ImVec2 a, b;
      edge_ends(e, a, b);
      dl->AddLine(a, b, kCpColour, std::max(1.5f, 2.5f * s * std::min(1.0f, hw / 20)));
      if (hh >= 6 * s) arrow_head(a, b, kCpColour);
      if (pick_edges) {
        const float d2 = seg_dist2(io.MousePos, a, b);
        if (d2 < best_d2) best_d2 = d2, hot_edge = e;
      }
      if (label_edges) labelled.push_back(e);
    }
  }

  return out;
}

// Task boxes with name and cost when there is room, one merged bar per layer when not, the
// overview's bins; coloured by slack or by the processor of `sched`. Returns the rectangles drawn.
std::size_t dag_graph_draw_nodes(const DagCanvas& c, const DagSchedule* sched, core::TaskId hot) {
  const auto& g = c.m.graph;
  const DagModel& m = c.m;
  const DagOverview* ov = c.ov;
  ImDrawList* dl = c.dl;
  const ImVec2 origin = c.origin;
  const ImVec2 size = c.size;
  const float s = c.s;
  const float hw = c.hw;
  const float hh = c.hh;
  const double sx = c.sx;
  const int l0 = c.l0;
  const int l1 = c.l1;
  auto to_screen = [&](double wx, double wy) { return c.to_screen(wx, wy); };
  auto pos = [&](core::TaskId t) { return c.pos(t); };
  auto slot_range = [&](int l, int& i0, int& i1) { c.slot_range(l, i0, i1); };
  // Nodes: boxes with id and cost when there is room; otherwise one merged bar per layer.
  const float font = ImGui::GetFontSize();
  const double cp_len = m.levels.critical_path;
  std::size_t node_rects = 0;
  for (int l = l0; l <= l1; ++l) {
    int i0, i1;
    slot_range(l, i0, i1);
    if (i0 > i1) continue;
    const auto& lt = m.layer_tasks[l];
    if (ov) {
      // A mark per occupied bin, its brightness the number of tasks in it; critical-path tasks
      // on top in orange.
      const auto& bins = ov->bins[static_cast<std::size_t>(l)];
      const float mh = std::clamp(hh, 1.5f, 4.0f * s);
      const float bw = static_cast<float>(ov->width / ov->columns * sx);
      const float lmax = std::log1p(static_cast<float>(std::max<std::uint32_t>(1, ov->max_bin)));
      for (int b = 0; b < ov->columns; ++b) {
        if (!bins[static_cast<std::size_t>(b)]) continue;
        const ImVec2 p = to_screen(ov->bin_x(b), l);
        if (p.x + bw < origin.x || p.x - bw > origin.x + size.x) continue;
        const float k =
            0.35f +
            0.65f * std::log1p(static_cast<float>(bins[static_cast<std::size_t>(b)])) / lmax;
        dl->AddRectFilled({p.x - bw / 2, p.y - mh}, {p.x + std::max(bw / 2, 0.5f), p.y + mh},
                          ImGui::ColorConvertFloat4ToU32(
                              {0.30f + 0.45f * k, 0.42f + 0.42f * k, 0.60f + 0.38f * k, 1}));
        ++node_rects;
      }
      for (int i = i0; i <= i1; ++i)
        if (m.on_cp[lt[i]]) {
          const ImVec2 p = pos(lt[i]);
          dl->AddRectFilled({p.x - 2 * s, p.y - mh - 1}, {p.x + 2 * s, p.y + mh + 1}, kCpColour);
        }
      if (static_cast<float>(l1 - l0) * ImGui::GetFontSize() < size.y) {  // labels when they fit
        const std::string& label = ov->labels[static_cast<std::size_t>(l)];
        const ImVec2 p = to_screen(-ov->width / 2, l);
        const float x = std::max(origin.x + 4 * s, p.x);
        const float y = std::max(origin.y + 2 * s, p.y - mh - ImGui::GetFontSize() - 1);
        const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
        dl->AddRectFilled({x - 2 * s, y}, {x + ts.x + 2 * s, y + ts.y}, view_label_bg(200));
        dl->AddText({x, y}, view_colours().text, label.c_str());
      }
      if (hot >= 0 && m.layer[hot] == l) {
        const ImVec2 p = pos(hot);
        dl->AddRect({p.x - 3 * s, p.y - mh - 2}, {p.x + 3 * s, p.y + mh + 2}, view_ink(), 0, 0,
                    1.5f * s);
      }
      continue;
    }
    if (hw * 2 < 3.0f) {
      const ImVec2 a = pos(lt[i0]), b = pos(lt[i1]);
      dl->AddRectFilled({a.x - hw, a.y - std::max(hh, 0.5f)},
                        {b.x + hw + 1, b.y + std::max(hh, 0.5f)}, IM_COL32(110, 130, 165, 255));
      ++node_rects;
      for (int i = i0; i <= i1; ++i)
        if (m.on_cp[lt[i]]) {
          const ImVec2 p = pos(lt[i]);
          dl->AddRectFilled({p.x - 1.5f, p.y - std::max(hh, 1.5f)},
                            {p.x + 1.5f, p.y + std::max(hh, 1.5f)}, kCpColour);
        }
      continue;
    }
    for (int i = i0; i <= i1; ++i) {
      const core::TaskId t = lt[i];
      const ImVec2 p = pos(t);
      ImU32 fill;
      if (sched) {
        const auto ei = sched->entry_of_task[t];
        fill = ei >= 0 ? dag_proc_colour(sched->entries[static_cast<std::size_t>(ei)].proc)
                       : IM_COL32(90, 90, 90, 255);
      } else {
        fill =
            m.on_cp[t] ? kCpColour : slack_colour(m.levels.alap[t] - m.levels.t_level[t], cp_len);
      }
      const ImVec2 a{p.x - hw, p.y - hh}, b{p.x + hw, p.y + hh};
      const float round = std::min(hh, 4.0f * s);
      dl->AddRectFilled(a, b, fill, round);
      ++node_rects;
      if (hw > 6) {
        const bool ring = m.on_cp[t] && sched;
        dl->AddRect(a, b,
                    t == hot ? view_ink()
                    : ring   ? kCpColour
                             : IM_COL32(0, 0, 0, 120),
                    round, 0, t == hot || ring ? 2.0f * s : 1.0f);
      }
      if (2 * hh >= font && 2 * hw >= font) {
        const std::string& name = g.name(t);
        const std::string cost = short_number(g.comp(t));
        const ImVec2 ts = ImGui::CalcTextSize(name.c_str()), cs = ImGui::CalcTextSize(cost.c_str());
        const bool two = 2 * hh >= 2 * font + 2 * s;
        const ImU32 tc = IM_COL32(15, 15, 20, 255);
        if (ts.x <= 2 * hw - 4 * s) {
          if (two) {
            dl->AddText({p.x - ts.x / 2, p.y - font}, tc, name.c_str());
            dl->AddText({p.x - cs.x / 2, p.y}, IM_COL32(40, 40, 50, 230), cost.c_str());
          } else {
            // One line: "name (cost)" when it fits, else the name alone.
            const std::string both = name + " (" + cost + ")";
            const ImVec2 bs = ImGui::CalcTextSize(both.c_str());
            const bool fits = bs.x <= 2 * hw - 6 * s;
            dl->AddText({p.x - (fits ? bs.x : ts.x) / 2, p.y - ts.y / 2}, tc,
                        fits ? both.c_str() : name.c_str());
          }
        }
      }
    }
  }

  return node_rects;
}

}  // namespace

void draw_dag_graph_tab(App& app, const DagModel& m) {
  DagViewState& v = dag_state(app);
  const float s = app.ui_scale;
  const auto& g = m.graph;
  const auto layers = static_cast<std::int32_t>(m.layer_tasks.size());

  ImGui::Text("%d tasks, %lld edges, %d layers (widest %d), CCR %s, critical path %s", g.size(),
              static_cast<long long>(g.edge_count()), layers, m.max_layer_width,
              short_number(m.ccr).c_str(), short_number(m.levels.critical_path).c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  const char* modes[] = {"critical path", "processor"};
  ImGui::Combo("colour", &v.colour_mode, modes, 2);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("processor: colour tasks by where the selected result placed them");
  ImGui::SameLine();
  ImGui::Checkbox("comm costs", &v.show_comm);
  ImGui::SameLine();
  if (ImGui::SmallButton("Fit")) v.fit = true;

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 60.0f * s);
  size.y = std::max(size.y, 60.0f * s);
  ImGui::InvisibleButton("dag_canvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 centre{origin.x + size.x / 2, origin.y + size.y / 2};

  dag_graph_navigate(v, m, size, centre, hovered, s);
  const double sx = v.sx, sy = v.sy;
  const float hw = static_cast<float>(kHalfW * sx), hh = static_cast<float>(kHalfH * sy);
  // Level of detail: once task boxes are narrower than a few pixels a big graph is drawn as its
  // overview (stretched layers, binned tasks, bundled edges; model_overview.h).
  const DagOverview* ov = m.overview && hw * 2 < 3.0f ? m.overview.get() : nullptr;
  const double wx0 = v.cx - size.x / 2 / sx - kHalfW, wx1 = v.cx + size.x / 2 / sx + kHalfW;
  const double wy0 = v.cy - size.y / 2 / sy - kHalfH, wy1 = v.cy + size.y / 2 / sy + kHalfH;
  const int l0 = std::max(0, static_cast<int>(std::floor(wy0))),
            l1 = std::min(layers - 1, static_cast<int>(std::ceil(wy1)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const DagCanvas canvas{m,  ov, dl, origin, size, centre, v.cx, v.cy, sx,
                         sy, s,  hw, hh,     wx0,  wx1,    l0,   l1};
  auto edge_ends = [&](std::int64_t e, ImVec2& a, ImVec2& b) { canvas.edge_ends(e, a, b); };
  // Hovered node: O(1) from the mouse position (layer row, then slot).
  core::TaskId hot = -1;
  if (hovered && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    const double mx = v.cx + (io.MousePos.x - centre.x) / sx,
                 my = v.cy + (io.MousePos.y - centre.y) / sy;
    const int l = static_cast<int>(std::lround(my));
    const double tol_y = std::max<double>(kHalfH, 3.0 / sy),
                 tol_x = std::max<double>(kHalfW, 3.0 / sx);
    if (ov && l >= 0 && l < layers && std::fabs(my - l) <= tol_y) {
      const auto& lt = m.layer_tasks[l];
      const long i =
          static_cast<long>(std::floor((mx / ov->width + 0.5) * static_cast<double>(lt.size())));
      if (i >= 0 && i < static_cast<long>(lt.size())) hot = lt[static_cast<std::size_t>(i)];
    } else if (l >= 0 && l < layers && std::fabs(my - l) <= tol_y) {
      const auto& lt = m.layer_tasks[l];
      const double off = (lt.size() - 1) / 2.0;
      const long i = std::lround(mx + off);
      if (i >= 0 && i < static_cast<long>(lt.size()) && std::fabs(mx - (i - off)) <= tol_x)
        hot = lt[i];
    }
  }

  const DagSchedule* sched =
      v.colour_mode == 1 ? dag_schedule(app, app.state.selected_result) : nullptr;
  dl->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  dl->AddRectFilled(origin, {origin.x + size.x, origin.y + size.y}, view_colours().canvas_bg);

  const DagEdgesDrawn edges = dag_graph_draw_edges(canvas, v.show_comm, hovered, hot);
  const bool detailed = edges.detailed, capped = edges.capped;
  const std::int64_t hot_edge = edges.hot_edge;
  const std::vector<std::int64_t>& labelled = edges.labelled;

  const std::size_t node_rects = dag_graph_draw_nodes(canvas, sched, hot);

  // Hover highlights: the hovered node's edges with their comm costs, or the hovered edge.
  auto edge_label = [&](std::int64_t e, ImU32 col) {
    ImVec2 a, b;
    edge_ends(e, a, b);
    const std::string c = short_number(g.edge(e).comm);
    const ImVec2 ts = ImGui::CalcTextSize(c.c_str());
    const ImVec2 mid{(a.x + b.x) / 2 - ts.x / 2, (a.y + b.y) / 2 - ts.y / 2};
    dl->AddRectFilled({mid.x - 2 * s, mid.y}, {mid.x + ts.x + 2 * s, mid.y + ts.y},
                      view_label_bg(220), 3 * s);
    dl->AddText(mid, view_contrast(col), c.c_str());
  };
  for (auto e : labelled)
    if (e != hot_edge) edge_label(e, view_colours().text);
  if (hot >= 0) {
    for (int dir = 0; dir < 2; ++dir)
      for (auto e : dir ? g.in_edges(hot) : g.out_edges(hot)) {
        ImVec2 a, b;
        edge_ends(e, a, b);
        dl->AddLine(
            a, b,
            view_contrast(dir ? IM_COL32(120, 200, 255, 255) : IM_COL32(140, 235, 140, 255), 3.0f),
            2.0f * s);
        if (detailed) edge_label(e, view_ink());
      }
  } else if (hot_edge >= 0) {
    ImVec2 a, b;
    edge_ends(hot_edge, a, b);
    dl->AddLine(a, b, view_ink(), 2.5f * s);
    edge_label(hot_edge, view_colours().highlight);
  }

  // Legend.
  const float font = ImGui::GetFontSize();
  const char* legend =
      ov ? "overview: layers stretched; marks = tasks, lines = bundled edges (brighter = more); "
           "orange = critical path; zoom in for tasks"
      : v.colour_mode == 1
          ? "colour = processor of the selected result; orange ring = critical path"
          : "orange = critical path; yellow..blue = slack (ALAP - t-level)";
  char extra[96];
  std::snprintf(extra, sizeof extra, "   |   wheel: zoom, drag: pan, double-click: fit%s",
                capped ? ", edges thinned" : "");
  const std::string text = std::string(legend) + extra;
  dl->AddRectFilled({origin.x, origin.y + size.y - font - 6 * s},
                    {origin.x + ImGui::CalcTextSize(text.c_str()).x + 10 * s, origin.y + size.y},
                    view_label_bg(210));
  dl->AddText({origin.x + 5 * s, origin.y + size.y - font - 3 * s}, view_colours().text_dim,
              text.c_str());
  dl->PopClipRect();
  (void)node_rects;

  if (hot >= 0) {
    node_tooltip(app, m, hot);
  } else if (hot_edge >= 0) {
    const auto& e = g.edge(hot_edge);
    ImGui::BeginTooltip();
    ImGui::Text("%s -> %s", g.name(e.from).c_str(), g.name(e.to).c_str());
    ImGui::Text("communication cost %s (free on the same processor)", short_number(e.comm).c_str());
    if (m.edge_on_cp[hot_edge])
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kCpColour), "on the critical path");
    ImGui::EndTooltip();
  }
}

}  // namespace loadlab::app
