// The DAG view's Gantt tab: processors as rows, tasks as bars (GanttChart: zoom/pan, culling and
// merging of sub-pixel bars, so 100,000 tasks stay readable), messages between processors drawn on
// hover, algorithms one at a time or stacked on a shared time axis, and schedule export (JSON, CSV,
// Chrome trace) through the io writers.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/dag/view_gantt_spread.h"
#include "app/model/results_follower.h"
#include "app/shell/app.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "io/dag_formats/dag_formats.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

namespace {

// Result `i`'s typed entry (the views never read result JSON back), or null.
const io::DagRunResult* dag_typed_result(const AppState& st, int i) {
  if (i < 0 || i >= static_cast<int>(st.typed_results.size())) return nullptr;
  return dynamic_cast<const io::DagRunResult*>(st.typed_results[static_cast<std::size_t>(i)].get());
}

constexpr float kRowPref = 26.0f, kRowMin = 3.0f;

// Where the last GanttChart::draw put rows and times (GanttChart::layout()). Valid only when all
// rows fit (no row scrolling), so overlays land on the rows they belong to.
struct Geometry {
  bool ok = false;
  float px0 = 0, pw = 1, py0 = 0, rh = 1, pad = 0;
  double t0 = 0, t1 = 1;
  float x(double t) const { return static_cast<float>(px0 + (t - t0) / (t1 - t0) * pw); }
  float y_mid(int row) const { return py0 + (static_cast<float>(row) + 0.5f) * rh; }
};

Geometry chart_geometry(const GanttChart& c) {
  const GanttChart::Layout& l = c.layout();
  Geometry g;
  g.px0 = l.px0;
  g.pw = std::max(l.px1 - l.px0, 1.0f);
  g.py0 = l.py0;
  g.rh = l.row_height;
  g.pad = l.pad;
  g.t0 = l.t0;
  g.t1 = l.t1;
  g.ok = c.row_count() > 0 && l.row_scroll == 0 &&
         c.row_count() * l.row_height <= l.py1 - l.py0 + 1e-3f && g.t1 > g.t0;
  return g;
}

// A row's label: the processor and, on a machine, its speed ("P2 ×1.5") or "ETC" (times per task
// and processor, no single speed).
std::string row_label(const DagSchedule& sc, int p) {
  std::string label = "P" + std::to_string(p);
  const core::Machine* m = sc.machine;
  if (!m || p >= m->processors) return label;
  if (!m->etc.empty()) return label + " ETC";
  if (!m->speeds.empty())
    return label + " \xc3\x97" + short_number(m->speeds[static_cast<std::size_t>(p)]);
  return label;
}

// One line about the machine for the chart's summary ("" for identical processors).
std::string machine_summary(const DagSchedule& sc) {
  const core::Machine* m = sc.machine;
  if (!m) return "";
  std::string out;
  if (!m->etc.empty())
    out = "ETC machine (time per task and processor)";
  else if (!m->speeds.empty()) {
    const auto [lo, hi] = std::minmax_element(m->speeds.begin(), m->speeds.end());
    out = "speeds " + short_number(*lo) + (*hi != *lo ? ".." + short_number(*hi) : "");
  }
  if (!m->bandwidth.empty()) out += std::string(out.empty() ? "" : ", ") + "bandwidth matrix";
  return out;
}

void build_chart(GanttChart& ch, const DagSchedule& sc, std::shared_ptr<const DagModel> mp,
                 int colour_by, double domain) {
  const DagModel& m = *mp;
  ch.clear(true);
  for (int p = 0; p < sc.processors; ++p) ch.add_row(row_label(sc, p));
  for (const auto& e : sc.entries) {
    GanttBar b;
    b.row = e.proc;
    b.start = e.start;
    b.finish = e.finish;
    b.id = e.task;  // the task, not the entry: the tooltip looks the entry up afresh
    b.hatched = e.duplicate;
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
  ch.add_marker({sc.makespan, view_ink(200), ""});
  // The result's own bound: on a machine it is the machine's (fastest times, capacity).
  const double lb =
      sc.lower_bound > 0 ? sc.lower_bound : core::makespan_lower_bound(m.graph, sc.processors);
  if (lb > 0 && lb < sc.makespan) ch.add_marker({lb, IM_COL32(150, 150, 160, 140), ""});
  ch.set_label_fn(
      [mp](const GanttBar& b) { return mp->graph.name(static_cast<core::TaskId>(b.id)); });
}

// The entry of `task` whose data reaches processor `to` first: its own entry or, after a
// duplication-based scheduler, a copy that delivers earlier.
std::int64_t dag_source_entry(const DagSchedule& sc, core::TaskId task, int to, double data) {
  const std::int64_t own = sc.entry_of_task[static_cast<std::size_t>(task)];
  if (sc.duplicates == 0 || own < 0) return own;
  std::int64_t best = own;
  auto arrives = [&](std::int64_t i) {
    const auto& e = sc.entries[static_cast<std::size_t>(i)];
    return e.finish + sc.comm(data, e.proc, to);
  };
  double best_t = arrives(own);
  for (std::size_t i = 0; i < sc.entries.size(); ++i)
    if (sc.entries[i].task == task && sc.entries[i].duplicate &&
        arrives(static_cast<std::int64_t>(i)) < best_t)
      best = static_cast<std::int64_t>(i), best_t = arrives(best);
  return best;
}

// The entry a bar stands for: a hatched bar is the copy of its task on its row at its start.
std::int64_t dag_bar_entry(const DagSchedule& sc, const GanttBar& b) {
  const auto task = static_cast<core::TaskId>(b.id);
  if (!b.hatched) return sc.entry_of_task[static_cast<std::size_t>(task)];
  for (std::size_t i = 0; i < sc.entries.size(); ++i) {
    const auto& e = sc.entries[i];
    if (e.duplicate && e.task == task && e.proc == b.row && e.start == b.start)
      return static_cast<std::int64_t>(i);
  }
  return -1;
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
      const auto oi =
          dir == 0 ? dag_source_entry(sc, other, me.proc, ed.comm) : sc.entry_of_task[other];
      if (oi < 0) continue;
      const auto& oe = sc.entries[static_cast<std::size_t>(oi)];
      const auto& src = dir == 0 ? oe : me;
      const auto& dst = dir == 0 ? me : oe;
      const ImU32 col = view_contrast(
          dir == 0 ? IM_COL32(110, 200, 255, 255) : IM_COL32(140, 235, 140, 255), 3.0f);
      if (src.proc == dst.proc) {
        // Same processor: no message; mark the dependency with a thin tick.
        dl->AddLine({geo.x(src.finish), geo.y_mid(src.proc)},
                    {geo.x(dst.start), geo.y_mid(dst.proc)}, with_alpha(view_colours().edge, 130),
                    1.0f);
        continue;
      }
      const ImVec2 a{geo.x(src.finish), geo.y_mid(src.proc)};
      const ImVec2 b{geo.x(src.finish + sc.comm(ed.comm, src.proc, dst.proc)), geo.y_mid(dst.proc)};
      arrow(a, b, col);
      if (b.x < geo.x(dst.start) - 1)
        dl->AddLine(b, {geo.x(dst.start), b.y}, (col & 0x00FFFFFF) | 0x70000000, 1.0f);
    }
  }
}

void bar_tooltip(const DagModel& m, const DagSchedule& sc, std::size_t entry) {
  const auto& g = m.graph;
  const auto& e = sc.entries[entry];
  if (!sc.machine) {
    ImGui::Text("%s on P%d: [%s, %s]  cost %s", g.name(e.task).c_str(), e.proc,
                short_number(e.start).c_str(), short_number(e.finish).c_str(),
                short_number(g.comp(e.task)).c_str());
  } else {
    // On a machine the time depends on the processor: this one's, and the others' for comparison.
    ImGui::Text("%s on %s: [%s, %s]  time here %s (cost %s)", g.name(e.task).c_str(),
                row_label(sc, e.proc).c_str(), short_number(e.start).c_str(),
                short_number(e.finish).c_str(), short_number(sc.exec(g, e.task, e.proc)).c_str(),
                short_number(g.comp(e.task)).c_str());
    std::string others;
    const int shown = std::min(sc.processors, 8);
    for (int p = 0; p < shown; ++p)
      others += (p ? ", P" : "P") + std::to_string(p) + " " + short_number(sc.exec(g, e.task, p));
    if (shown < sc.processors) others += ", ...";
    ImGui::TextDisabled("time on each processor: %s", others.c_str());
  }
  if (e.duplicate) {
    const auto own = sc.entry_of_task[static_cast<std::size_t>(e.task)];
    ImGui::TextColored({1, 0.85f, 0.4f, 1},
                       "duplicate: a copy of %s, which also runs on P%d, so children here need "
                       "not wait for its message",
                       g.name(e.task).c_str(),
                       own >= 0 ? sc.entries[static_cast<std::size_t>(own)].proc : -1);
  }
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
      const auto oi =
          dir == 0 ? dag_source_entry(sc, other, e.proc, ed.comm) : sc.entry_of_task[other];
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
      else {
        const auto& dst = dir == 0 ? e : oe;
        const double c = sc.comm(ed.comm, src.proc, dst.proc);
        ImGui::Text("  %s %s on P%d: sent %s + comm %s = arrives %s", dir == 0 ? "from" : "to",
                    g.name(other).c_str(), oe.proc, short_number(src.finish).c_str(),
                    short_number(c).c_str(), short_number(src.finish + c).c_str());
      }
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

// The legend of hatched bars: a swatch drawn like them and what they are.
void dag_duplicate_legend(int copies, float s) {
  ImGui::SameLine();
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy({2.2f * h, h});
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, {p.x + 2.2f * h, p.y + h}, IM_COL32(95, 120, 160, 255));
  draw_gantt_hatch(dl, p, {p.x + 2.2f * h, p.y + h}, s);
  ImGui::SameLine();
  ImGui::Text("duplicate (%d %s)", copies, copies == 1 ? "copy" : "copies");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Hatched bars are duplicates: a task run again on another processor so that its "
        "children there need not wait for its message (duplication-based scheduling).");
}

// What stands where a chart would: an algorithm that failed at run time says why.
void dag_no_schedule_note(const io::TypedResult* r) {
  if (!r || !r->failed()) {
    ImGui::TextDisabled("This result has no schedule.");
    return;
  }
  ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s failed: %s", r->algorithm.c_str(),
                     r->failure->message.c_str());
}

// Result i's algorithm, from the typed result.
const char* dag_result_name(const AppState& st, int i) {
  const auto& r = st.typed_results[static_cast<std::size_t>(i)];
  return r ? r->algorithm.c_str() : "?";
}

}  // namespace

void draw_dag_gantt_tab(App& app, const DagModel& m) {
  AppState& st = app.state;
  DagViewState& v = dag_state(app);
  DagGanttCache& c = v.gantt;
  const float s = app.ui_scale;
  if (st.typed_results.empty()) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick algorithms and press Run.");
    return;
  }
  auto mp = dag_current_model(app);
  if (!mp) return;
  const int n = static_cast<int>(st.typed_results.size());
  st.selected_result = std::clamp(st.selected_result, 0, n - 1);

  // Toolbar: result, stacking, colours, export.
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("##result", dag_result_name(st, st.selected_result))) {
    for (int i = 0; i < n; ++i)
      if (ImGui::Selectable(dag_result_name(st, i), i == st.selected_result))
        st.selected_result = i;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("all algorithms", &v.compare);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Every algorithm's Gantt chart on one shared time axis (two results: side "
        "by side when the view is wide enough, else stacked)");
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
    for (const auto& r : st.typed_results)
      if (const auto* d = dynamic_cast<const io::DagRunResult*>(r.get()))
        c.max_makespan = std::max(c.max_makespan, d->metrics.makespan);
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
    const auto entry = dag_bar_entry(sc, ch.bar(static_cast<std::size_t>(hit)));
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
      dag_no_schedule_note(st.typed_results[static_cast<std::size_t>(st.selected_result)].get());
      return;
    }
    const io::DagRunResult* r = dag_typed_result(st, st.selected_result);
    const core::ScheduleMetrics mt = r ? r->metrics : core::ScheduleMetrics{};
    ImGui::Text(
        "%s: makespan %s (white line) | lower bound %s (grey) | speedup %s | efficiency %s | %d of "
        "%d processors used",
        sel->algorithm.c_str(), short_number(sel->makespan).c_str(),
        short_number(mt.lower_bound).c_str(), short_number(mt.speedup).c_str(),
        short_number(mt.efficiency).c_str(), r ? r->processors_used : 0, sel->processors);
    if (const std::string ml = machine_summary(*sel); !ml.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("| %s", ml.c_str());
    }
    verified_badge(r && r->verified);
    if (sel->duplicates > 0) dag_duplicate_legend(sel->duplicates, s);
    if (r && r->makespan_distribution) ImGui::TextDisabled("%s", dag_spread_summary(*r).c_str());
    if (sel->cost_mismatches || sel->unknown_tasks)
      ImGui::TextColored({1, 0.6f, 0.3f, 1},
                         "Warning: %d task(s) differ from the drawn graph (stale run?)",
                         sel->cost_mismatches + sel->unknown_tasks);
    const ImVec2 size = ImGui::GetContentRegionAvail();
    // Few processors: taller rows (up to 100 px) rather than a mostly empty chart.
    const float pref =
        std::clamp((size.y - ImGui::GetFontSize() - 6 * s) / s / sel->processors, kRowPref, 100.0f);
    ch->set_row_height(pref, kRowMin);
    const int hit = ch->draw("##dag_gantt", size, s);
    if (r) draw_dag_gantt_spread(*ch, *r, s);
    hover(*ch, hit, *sel, chart_geometry(*ch));
    return;
  }

  // Two results (an adversarial pair): side by side on one time axis when there is room,
  // each as tall as the view; more (or a narrow view): stacked below each other.
  const float font = ImGui::GetFontSize();
  const float axis_h = font + 6 * s, header_h = ImGui::GetFrameHeightWithSpacing();
  auto follow_shared = [&](GanttChart& ch) {
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      c.shared_t0 = 0;
      c.shared_t1 = c.max_makespan * 1.01;
      c.shared_valid = true;
    } else if (!c.shared_valid || ch.window_begin() != c.shared_t0 ||
               ch.window_end() != c.shared_t1) {
      c.shared_t0 = ch.window_begin();
      c.shared_t1 = ch.window_end();
      c.shared_valid = true;
    }
  };
  auto header = [&](int i, const DagSchedule& sc, bool wide) {
    const io::DagRunResult* r = dag_typed_result(st, i);
    char head[200];
    std::snprintf(head, sizeof head,
                  wide ? "%-14s makespan %-8s speedup %-6s %s" : "%s  makespan %s  speedup %s %s",
                  sc.algorithm.c_str(), short_number(sc.makespan).c_str(),
                  short_number(r ? r->metrics.speedup : 0.0).c_str(),
                  r && r->verified ? "" : "NOT verified");
    if (ImGui::Selectable(head, i == st.selected_result, 0, {0, 0})) st.selected_result = i;
  };
  const ImVec2 region = ImGui::GetContentRegionAvail();
  if (n == 2 && region.x >= 2 * 330 * s) {
    const std::string mline = sel ? machine_summary(*sel) : "";
    if (!mline.empty()) ImGui::TextDisabled("%s | grey line: lower bound", mline.c_str());
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float col_w = (ImGui::GetContentRegionAvail().x - gap) / 2;
    for (int i = 0; i < 2; ++i) {
      const DagSchedule* sc = dag_schedule(app, i);
      GanttChart* ch = chart_of(i);
      if (i == 1) ImGui::SameLine(0, gap);
      ImGui::PushID(i);
      ImGui::BeginChild("dag_side", {col_w, 0}, false);
      if (sc && ch) {
        header(i, *sc, false);
        const ImVec2 size = ImGui::GetContentRegionAvail();
        const float pref = std::clamp((size.y - axis_h) / s / sc->processors, kRowMin, 100.0f);
        ch->set_row_height(pref, std::min(pref, kRowMin));
        if (c.shared_valid) ch->set_window(c.shared_t0, c.shared_t1);
        const int hit = ch->draw("##g", size, s);
        follow_shared(*ch);
        hover(*ch, hit, *sc, chart_geometry(*ch));
      } else {
        dag_no_schedule_note(st.typed_results[static_cast<std::size_t>(i)].get());
      }
      ImGui::EndChild();
      ImGui::PopID();
    }
    return;
  }

  // Stacked: every algorithm on the same time window (zoom one, all follow).
  ImGui::BeginChild("dag_stack", {0, 0}, false);
  int total_rows = 0;
  for (int i = 0; i < n; ++i)
    if (const DagSchedule* sc = dag_schedule(app, i)) total_rows += sc->processors;
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float rh = std::clamp((avail_h - n * (axis_h + header_h + 2 * s)) / std::max(1, total_rows),
                              5 * s, 22 * s);
  for (int i = 0; i < n; ++i) {
    const DagSchedule* sc = dag_schedule(app, i);
    GanttChart* ch = chart_of(i);
    if (!sc || !ch) {
      if (const auto& r = st.typed_results[static_cast<std::size_t>(i)]; r && r->failed())
        dag_no_schedule_note(r.get());
      continue;
    }
    ImGui::PushID(i);
    header(i, *sc, true);
    if (c.shared_valid) ch->set_window(c.shared_t0, c.shared_t1);
    ch->set_row_height(rh / s, std::min(rh / s, kRowMin));
    const ImVec2 size{ImGui::GetContentRegionAvail().x, axis_h + sc->processors * rh};
    const int hit = ch->draw("##g", size, s);
    follow_shared(*ch);
    hover(*ch, hit, *sc, chart_geometry(*ch));
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace loadlab::app
