// The DAG view's Gantt tab: processors as rows, tasks as bars (GanttChart: zoom/pan, culling and
// merging of sub-pixel bars, so 100,000 tasks stay readable), messages between processors drawn on
// hover, algorithms one at a time or stacked on a shared time axis, and schedule export (JSON, CSV,
// Chrome trace) through the io writers.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/widgets/gantt_chart.h"
#include "app/shell/live_update.h"
#include "app/shell/platform.h"
#include "app/widgets/plot_util.h"
#include "app/dag/view.h"
#include "io/dag_formats/dag_formats.h"

namespace loadlab::app {

namespace {

constexpr float kRowPref = 26.0f, kRowMin = 3.0f;

// Where GanttChart::draw puts rows and times (mirrors its layout; see the report: an accessor in
// gantt_chart.h would make this unnecessary). Valid only when all rows fit (no row scrolling).
struct Geometry {
  bool ok = false;
  float px0 = 0, pw = 1, py0 = 0, rh = 1, pad = 0;
  double t0 = 0, t1 = 1;
  float x(double t) const { return static_cast<float>(px0 + (t - t0) / (t1 - t0) * pw); }
  float y_mid(int row) const { return py0 + (static_cast<float>(row) + 0.5f) * rh; }
};

Geometry chart_geometry(const GanttChart& c, ImVec2 origin, ImVec2 size, float s, int rows,
                        float row_pref, float row_min) {
  Geometry g;
  size.x = std::max(size.x, 80.0f * s);
  size.y = std::max(size.y, 50.0f * s);
  float label_w = 0;
  char buf[16];
  for (int r = 0; r < rows; ++r) {
    std::snprintf(buf, sizeof buf, "P%d", r);
    label_w = std::max(label_w, ImGui::CalcTextSize(buf).x);
  }
  label_w = std::min(label_w + 10 * s, size.x * 0.3f);
  const float axis_h = ImGui::GetFontSize() + 6 * s;
  g.px0 = origin.x + label_w;
  g.pw = std::max(origin.x + size.x - 4 * s - g.px0, 1.0f);
  g.py0 = origin.y + axis_h;
  const float ph = std::max(size.y - axis_h, 1.0f);
  g.rh = rows > 0 ? std::clamp(ph / rows, row_min * s, row_pref * s) : row_pref * s;
  g.pad = g.rh >= 8 * s ? std::max(1.0f, g.rh * 0.1f) : 0.0f;
  g.t0 = c.window_begin();
  g.t1 = c.window_end();
  g.ok = rows > 0 && rows <= ph / g.rh + 1e-3f && g.t1 > g.t0;
  return g;
}

void build_chart(GanttChart& ch, const DagSchedule& sc, std::shared_ptr<const DagModel> mp,
                 int colour_by, double domain) {
  const DagModel& m = *mp;
  ch.clear(true);
  for (int p = 0; p < sc.processors; ++p) ch.add_row("P" + std::to_string(p));
  for (const auto& e : sc.entries) {
    GanttBar b;
    b.row = e.proc;
    b.start = e.start;
    b.finish = e.finish;
    b.id = e.task;  // the task, not the entry: the tooltip looks the entry up afresh
    b.colour = colour_by == 1
                   ? (m.on_cp[e.task] ? IM_COL32(240, 130, 40, 255) : IM_COL32(95, 120, 160, 255))
               : colour_by == 2
                   ? dag_proc_colour(e.proc)
                   : dag_layer_colour(m.layer[e.task], static_cast<int>(m.layer_tasks.size()));
    ch.add_bar(b);
  }
  ch.set_domain(0, domain > 0 ? domain : 1);
  ch.set_row_height(kRowPref, kRowMin);
  // Unlabelled (a label would cover the last bars); the summary line names them.
  ch.add_marker({sc.makespan, IM_COL32(255, 255, 255, 200), ""});
  const double lb = core::makespan_lower_bound(m.graph, sc.processors);
  if (lb > 0 && lb < sc.makespan) ch.add_marker({lb, IM_COL32(150, 150, 160, 140), ""});
  ch.set_label_fn(
      [mp](const GanttBar& b) { return mp->graph.name(static_cast<core::TaskId>(b.id)); });
}

// Incoming and outgoing messages of the hovered task that cross processors.
void draw_messages(const DagModel& m, const DagSchedule& sc, std::size_t entry, const Geometry& geo,
                   float s) {
  if (!geo.ok) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const auto& g = m.graph;
  const auto& me = sc.entries[entry];
  int budget = 200;
  auto arrow = [&](ImVec2 a, ImVec2 b, ImU32 col) {
    dl->AddLine(a, b, col, 1.6f * s);
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    const float ux = dx / len, uy = dy / len, h = 6 * s;
    dl->AddTriangleFilled(b, {b.x - ux * h - uy * h * 0.5f, b.y - uy * h + ux * h * 0.5f},
                          {b.x - ux * h + uy * h * 0.5f, b.y - uy * h - ux * h * 0.5f}, col);
  };
  for (int dir = 0; dir < 2; ++dir) {
    for (auto e : dir == 0 ? g.in_edges(me.task) : g.out_edges(me.task)) {
      if (budget-- <= 0) return;
      const auto& ed = g.edge(e);
      const core::TaskId other = dir == 0 ? ed.from : ed.to;
      const auto oi = sc.entry_of_task[other];
      if (oi < 0) continue;
      const auto& oe = sc.entries[static_cast<std::size_t>(oi)];
      const auto& src = dir == 0 ? oe : me;
      const auto& dst = dir == 0 ? me : oe;
      const ImU32 col = dir == 0 ? IM_COL32(110, 200, 255, 255) : IM_COL32(140, 235, 140, 255);
      if (src.proc == dst.proc) {
        // Same processor: no message; mark the dependency with a thin tick.
        dl->AddLine({geo.x(src.finish), geo.y_mid(src.proc)},
                    {geo.x(dst.start), geo.y_mid(dst.proc)}, IM_COL32(200, 200, 200, 90), 1.0f);
        continue;
      }
      const ImVec2 a{geo.x(src.finish), geo.y_mid(src.proc)};
      const ImVec2 b{geo.x(src.finish + ed.comm), geo.y_mid(dst.proc)};
      arrow(a, b, col);
      if (b.x < geo.x(dst.start) - 1)
        dl->AddLine(b, {geo.x(dst.start), b.y}, (col & 0x00FFFFFF) | 0x70000000, 1.0f);
    }
  }
}

void bar_tooltip(const DagModel& m, const DagSchedule& sc, std::size_t entry) {
  const auto& g = m.graph;
  const auto& e = sc.entries[entry];
  ImGui::Text("%s on P%d: [%s, %s]  cost %s", g.name(e.task).c_str(), e.proc,
              short_number(e.start).c_str(), short_number(e.finish).c_str(),
              short_number(g.comp(e.task)).c_str());
  ImGui::TextDisabled(
      "b-level %s, t-level %s, ALAP %s%s", short_number(m.levels.b_level[e.task]).c_str(),
      short_number(m.levels.t_level[e.task]).c_str(), short_number(m.levels.alap[e.task]).c_str(),
      m.on_cp[e.task] ? ", critical path" : "");
  int lines = 0;
  for (int dir = 0; dir < 2; ++dir) {
    bool header = false;
    for (auto ei : dir == 0 ? g.in_edges(e.task) : g.out_edges(e.task)) {
      const auto& ed = g.edge(ei);
      const core::TaskId other = dir == 0 ? ed.from : ed.to;
      const auto oi = sc.entry_of_task[other];
      if (oi < 0) continue;
      const auto& oe = sc.entries[static_cast<std::size_t>(oi)];
      if (!header) {
        ImGui::Separator();
        ImGui::TextUnformatted(dir == 0 ? "messages in (blue):" : "messages out (green):");
        header = true;
      }
      if (++lines > 16) {
        ImGui::TextDisabled("...");
        return;
      }
      const auto& src = dir == 0 ? oe : e;
      if (oe.proc == e.proc)
        ImGui::Text("  %s %s (same processor, free)", dir == 0 ? "from" : "to",
                    g.name(other).c_str());
      else
        ImGui::Text("  %s %s on P%d: sent %s + comm %s = arrives %s", dir == 0 ? "from" : "to",
                    g.name(other).c_str(), oe.proc, short_number(src.finish).c_str(),
                    short_number(ed.comm).c_str(), short_number(src.finish + ed.comm).c_str());
    }
  }
}

void export_buttons(App& app, const DagModel& m, const DagSchedule& sc) {
  core::Schedule s;
  auto make = [&]() {
    s.processors = sc.processors;
    s.entries = sc.entries;
  };
  ImGui::TextDisabled("Export:");
  ImGui::SameLine();
  if (ImGui::SmallButton("JSON")) {
    make();
    set_status(app.state, platform_export_file(sc.algorithm + "_schedule.json",
                                               io::schedule_to_json(m.graph, s).dump(2)));
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("CSV")) {
    make();
    set_status(app.state, platform_export_file(sc.algorithm + "_schedule.csv",
                                               io::schedule_to_csv(m.graph, s)));
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Chrome trace")) {
    make();
    const std::string title =
        app.state.scenario.value("name", std::string("loadlab")) + " / " + sc.algorithm;
    set_status(app.state,
               platform_export_file(sc.algorithm + "_trace.json",
                                    io::schedule_to_chrome_trace(m.graph, s, title).dump()));
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Trace Event JSON: open in Perfetto (ui.perfetto.dev) or chrome://tracing");
}

}  // namespace

void draw_dag_gantt_tab(App& app, const DagModel& m) {
  AppState& st = app.state;
  DagViewState& v = app.dag;
  DagGanttCache& c = v.gantt;
  const float s = app.ui_scale;
  if (!st.results.is_array() || st.results.empty()) {
    ImGui::TextDisabled(app.jobs.busy()
                            ? "Running..."
                            : "No results yet: pick algorithms and press Run.");
    return;
  }
  auto mp = dag_current_model(app);
  if (!mp) return;
  const int n = static_cast<int>(st.results.size());
  st.selected_result = std::clamp(st.selected_result, 0, n - 1);

  // Toolbar: result, stacking, colours, export.
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("##result",
                        st.results[st.selected_result].value("algorithm", "?").c_str())) {
    for (int i = 0; i < n; ++i)
      if (ImGui::Selectable(st.results[i].value("algorithm", "?").c_str(), i == st.selected_result))
        st.selected_result = i;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("all algorithms", &v.compare);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Stack every algorithm's Gantt chart on one shared time axis");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  int colour_by = c.colour_by;
  const char* colours[] = {"by layer", "critical path", "by processor"};
  ImGui::Combo("##gcolour", &colour_by, colours, 3);
  const DagSchedule* sel = dag_schedule(app, st.selected_result);
  if (sel) {
    ImGui::SameLine();
    export_buttons(app, m, *sel);
  }

  // (Re)build charts when the results, the model or the colouring changed.
  if (c.results != results_identity(st) || c.model != &m || c.colour_by != colour_by) {
    c.results = results_identity(st);
    c.model = &m;
    c.colour_by = colour_by;
    c.charts.clear();
    c.charts.resize(static_cast<std::size_t>(n));
    c.max_makespan = 0;
    for (const auto& r : st.results)
      c.max_makespan = std::max(c.max_makespan, r.value("makespan", 0.0));
    c.shared_valid = false;
  }
  auto chart_of = [&](int i) -> GanttChart* {
    const DagSchedule* sc = dag_schedule(app, i);
    if (!sc) return nullptr;
    auto& slot = c.charts[static_cast<std::size_t>(i)];
    if (!slot) {
      slot = std::make_unique<GanttChart>();
      // One time axis for all algorithms (the longest makespan), so switching compares lengths.
      build_chart(*slot, *sc, mp, c.colour_by, c.max_makespan);
    }
    return slot.get();
  };
  auto hover = [&](GanttChart& ch, int hit, const DagSchedule& sc, const Geometry& geo) {
    if (hit < 0) return;
    const auto task = static_cast<core::TaskId>(ch.bar(static_cast<std::size_t>(hit)).id);
    const auto entry = sc.entry_of_task[static_cast<std::size_t>(task)];
    if (entry < 0) return;
    ImGui::GetWindowDrawList()->PushClipRect({geo.px0, geo.py0}, {geo.px0 + geo.pw, geo.py0 + 1e5f},
                                             true);
    draw_messages(m, sc, static_cast<std::size_t>(entry), geo, s);
    ImGui::GetWindowDrawList()->PopClipRect();
    ImGui::BeginTooltip();
    bar_tooltip(m, sc, static_cast<std::size_t>(entry));
    ImGui::EndTooltip();
  };

  if (!v.compare) {
    GanttChart* ch = chart_of(st.selected_result);
    if (!ch || !sel) {
      ImGui::TextDisabled("This result has no schedule.");
      return;
    }
    const io::Json& r = st.results[st.selected_result];
    const io::Json mt = r.value("metrics", io::Json::object());
    ImGui::Text(
        "%s: makespan %s (white line) | lower bound %s (grey) | speedup %s | efficiency %s | %d of "
        "%d processors used",
        sel->algorithm.c_str(), short_number(sel->makespan).c_str(),
        short_number(mt.value("lower_bound", 0.0)).c_str(),
        short_number(mt.value("speedup", 0.0)).c_str(),
        short_number(mt.value("efficiency", 0.0)).c_str(), mt.value("processors_used", 0),
        sel->processors);
    ImGui::SameLine();
    const bool ok = r.value("verified", false);
    ImGui::TextColored(ok ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(1, 0.4f, 0.4f, 1),
                       ok ? "verified" : "NOT verified");
    if (sel->cost_mismatches || sel->unknown_tasks)
      ImGui::TextColored({1, 0.6f, 0.3f, 1},
                         "Warning: %d task(s) differ from the drawn graph (stale run?)",
                         sel->cost_mismatches + sel->unknown_tasks);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    // Few processors: taller rows (up to 100 px) rather than a mostly empty chart.
    const float pref =
        std::clamp((size.y - ImGui::GetFontSize() - 6 * s) / s / sel->processors, kRowPref, 100.0f);
    ch->set_row_height(pref, kRowMin);
    const int hit = ch->draw("##dag_gantt", size, s);
    hover(*ch, hit, *sel, chart_geometry(*ch, origin, size, s, sel->processors, pref, kRowMin));
    return;
  }

  // Stacked: every algorithm on the same time window (zoom one, all follow).
  ImGui::BeginChild("dag_stack", {0, 0}, false);
  const float font = ImGui::GetFontSize();
  const float axis_h = font + 6 * s, header_h = ImGui::GetFrameHeightWithSpacing();
  int total_rows = 0;
  for (int i = 0; i < n; ++i)
    if (const DagSchedule* sc = dag_schedule(app, i)) total_rows += sc->processors;
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float rh = std::clamp((avail_h - n * (axis_h + header_h + 2 * s)) / std::max(1, total_rows),
                              5 * s, 22 * s);
  for (int i = 0; i < n; ++i) {
    const DagSchedule* sc = dag_schedule(app, i);
    GanttChart* ch = chart_of(i);
    if (!sc || !ch) continue;
    ImGui::PushID(i);
    const io::Json& r = st.results[i];
    char head[200];
    std::snprintf(
        head, sizeof head, "%-14s makespan %-8s speedup %-6s %s", sc->algorithm.c_str(),
        short_number(sc->makespan).c_str(),
        short_number(r.value("metrics", io::Json::object()).value("speedup", 0.0)).c_str(),
        r.value("verified", false) ? "" : "NOT verified");
    if (ImGui::Selectable(head, i == st.selected_result, 0, {0, 0})) st.selected_result = i;
    if (c.shared_valid) ch->set_window(c.shared_t0, c.shared_t1);
    ch->set_row_height(rh / s, std::min(rh / s, kRowMin));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size{ImGui::GetContentRegionAvail().x, axis_h + sc->processors * rh};
    const int hit = ch->draw("##g", size, s);
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      c.shared_t0 = 0;
      c.shared_t1 = c.max_makespan * 1.01;
      c.shared_valid = true;
    } else if (!c.shared_valid || ch->window_begin() != c.shared_t0 ||
               ch->window_end() != c.shared_t1) {
      c.shared_t0 = ch->window_begin();
      c.shared_t1 = ch->window_end();
      c.shared_valid = true;
    }
    hover(*ch, hit, *sc,
          chart_geometry(*ch, origin, size, s, sc->processors, rh / s, std::min(rh / s, kRowMin)));
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace loadlab::app
