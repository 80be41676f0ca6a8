// The "dynamic" kind's view (papers 000 §1/§6, 002 §2.5, 003 in ../shared/seeds/;
// docs/scenario-dynamic.md): the processor x time chart of a strategy coloured by node state
// (busy, idle, migrating, RIPS system phase) with its migrations drawn, the tasks at each node over
// time, the strategies compared on the same seeded workload (table and bars), and the network
// animated while tasks arrive and move; RIPS's system phases replayed (view_phases.cpp) and the
// shared-memory strategies run on real threads (view_threads.cpp). Read from the typed results
// (model_view.h). The form is form.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dynamic/module.h"
#include "app/dynamic/view_state.h"
#include "app/model/results_follower.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/model_hypercube.h"
#include "app/widgets/model_network.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "core/dynamic/narration.h"

namespace loadlab::app {

namespace {

constexpr std::size_t kMaxBars = 200'000;  // chart bars (busy/system/migrating intervals)
constexpr std::size_t kMaxMigrationLines = 3000;
constexpr int kSamples = 400;  // tasks-per-node samples over the run
constexpr int kMaxPlottedNodes = 16;

void dynamic_swatch(ImU32 col, const char* text, float s) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.2f}, {p.x + h, p.y + h * 0.8f}, col);
  ImGui::Dummy({h, h});
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(0, 12 * s);
}

ImU32 strategy_colour(int k) {
  return palette_colour(k + 1, 0.9f);
}

void dynamic_build_gantt(DynamicViewState& c, int sel) {
  const DynamicStrategyData& d = c.model.strategies[static_cast<std::size_t>(sel)];
  const core::DynamicRunResult& r = d.run();
  c.gantt.clear(false);
  c.gantt.set_row_height(22, 2);
  const int n = static_cast<int>(r.timeline.size());
  for (int v = 0; v < n; ++v) c.gantt.add_row("N" + std::to_string(v));
  // Idle is the background (gaps); only the other states are bars.
  std::size_t bars = 0;
  for (int v = 0; v < n && bars < kMaxBars; ++v) {
    const auto& line = r.timeline[static_cast<std::size_t>(v)];
    for (std::size_t i = 0; i < line.size() && bars < kMaxBars; ++i) {
      const core::Interval& iv = line[i];
      if (iv.state == core::NodeState::Idle || iv.end <= iv.start) continue;
      const bool thin = iv.state == core::NodeState::Migrating;
      c.gantt.add_bar({v, iv.start, iv.end, dynamic_state_colour(iv.state), thin ? 0.35f : 0.0f,
                       thin ? 0.65f : 1.0f,
                       (static_cast<std::int64_t>(v) << 32) | static_cast<std::int64_t>(i)});
      ++bars;
    }
  }
  c.gantt.set_domain(0, std::max(1e-9, r.completion_time));
  c.gantt.add_marker(
      {r.completion_time, view_ink(200), "completion " + short_number(r.completion_time)});
  for (const auto& ph : r.phases)
    if (c.gantt.bar_count() < kMaxBars)
      c.gantt.add_marker({ph.start, IM_COL32(170, 120, 230, 120), ""});
  auto result = d.result;
  c.gantt.set_tooltip_fn([result](const GanttBar& g) {
    const int v = static_cast<int>(g.id >> 32);
    const auto i = static_cast<std::size_t>(g.id & 0xffffffff);
    const core::Interval& iv = result->run.timeline[static_cast<std::size_t>(v)][i];
    ImGui::Text("node %d: %s", v, core::node_state_name(iv.state));
    ImGui::Text("%s .. %s (%s)", short_number(iv.start).c_str(), short_number(iv.end).c_str(),
                short_number(iv.end - iv.start).c_str());
    ImGui::Text("idle in all: %s of %s",
                short_number(result->run.idle_time[static_cast<std::size_t>(v)]).c_str(),
                short_number(result->run.completion_time).c_str());
  });
  c.gantt_for = sel;
}

void dynamic_draw_chart_tab(App& app, DynamicViewState& c, int sel) {
  const float s = app.ui_scale;
  const core::DynamicRunResult& r = c.model.strategies[static_cast<std::size_t>(sel)].run();
  for (auto st : {core::NodeState::Busy, core::NodeState::Migrating, core::NodeState::System})
    dynamic_swatch(dynamic_state_colour(st),
                   st == core::NodeState::Migrating ? "waiting for a migrating task"
                                                    : core::node_state_name(st),
                   s);
  ImGui::TextDisabled("gaps: idle");
  ImGui::SameLine(0, 12 * s);
  ImGui::Checkbox("migrations", &c.show_migrations);
  ImGui::SameLine();
  if (ImGui::SmallButton("fit")) c.gantt.fit();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu bars, %zu migrations; wheel: zoom, drag: pan", c.gantt.bar_count(),
                      r.migration_log.size());
  c.gantt.draw("##dyn_gantt", {0, 0}, s);
  draw_narration_time_line(c.narration, c.gantt, s);  // the narrated moment
  if (!c.show_migrations || r.migration_log.empty()) return;
  // Migrations as lines from (depart, source row) to (arrive, destination row), over the chart.
  const GanttChart::Layout& L = c.gantt.layout();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect({L.px0, L.py0}, {L.px1, L.py1}, true);
  std::size_t drawn = 0;
  for (const auto& m : r.migration_log) {
    if (m.arrive < L.t0 || m.depart > L.t1) continue;
    const float y0 = L.band_y(m.from, 0.5f), y1 = L.band_y(m.to, 0.5f);
    if ((y0 < L.py0 && y1 < L.py0) || (y0 > L.py1 && y1 > L.py1)) continue;
    const float x0 = L.x(m.depart), x1 = std::max(L.x(m.arrive), x0 + 2.0f);
    const ImU32 flight = view_contrast(IM_COL32(255, 200, 90, 255), 3.0f);
    dl->AddLine({x0, y0}, {x1, y1}, with_alpha(flight, 200), 1.2f * s);
    dl->AddCircleFilled({x1, y1}, 2.2f * s, with_alpha(flight, 230));
    if (++drawn >= kMaxMigrationLines) break;
  }
  dl->PopClipRect();
}

void ensure_series(DynamicViewState& c, int sel) {
  if (c.series_for == sel) return;
  const core::DynamicRunResult& r = c.model.strategies[static_cast<std::size_t>(sel)].run();
  c.series = dynamic_load_series(r, static_cast<int>(r.timeline.size()),
                                 dynamic_sample_times(r, kSamples));
  c.series_for = sel;
}

void draw_queue_tab(App& app, DynamicViewState& c, int sel) {
  ensure_series(c, sel);
  const DynamicLoadSeries& S = c.series;
  const int n = S.value.empty() ? 0 : static_cast<int>(S.value.front().size());
  std::vector<PlotSeries> series;
  if (n <= kMaxPlottedNodes) {
    ImGui::TextDisabled(
        "tasks at each node (queued + running) over time; migrating tasks counted apart");
    for (int v = 0; v < n; ++v) {
      PlotSeries p{"N" + std::to_string(v), palette_colour(v, 0.85f), S.times, {}, false};
      for (const auto& row : S.value) p.y.push_back(row[static_cast<std::size_t>(v)]);
      series.push_back(std::move(p));
    }
  } else {
    ImGui::TextDisabled(
        "%d nodes: the most loaded node, the mean and the least loaded node at each time", n);
    PlotSeries mx{"max", IM_COL32(240, 110, 90, 255), S.times, {}, true},
        mean{"mean", IM_COL32(110, 160, 240, 255), S.times, {}, false},
        mn{"min", IM_COL32(120, 210, 130, 255), S.times, {}, false};
    for (const auto& row : S.value) {
      double sum = 0;
      for (auto x : row) sum += x;
      mx.y.push_back(*std::max_element(row.begin(), row.end()));
      mn.y.push_back(*std::min_element(row.begin(), row.end()));
      mean.y.push_back(sum / n);
    }
    series = {mx, mean, mn};
  }
  PlotSeries fl{"in flight", IM_COL32(255, 200, 90, 255), S.times, {}, false};
  for (auto x : S.in_flight) fl.y.push_back(x);
  series.push_back(std::move(fl));
  PlotAxes ax;
  ax.x_label = "time";
  ax.y_label = "tasks";
  ax.step = true;
  draw_line_plot("##dyn_queue", {0, 0}, series, ax, app.ui_scale);
}

void dynamic_draw_compare_tab(App& app, DynamicViewState& c, int sel) {
  const float s = app.ui_scale;
  AppState& st = app.state;
  const DynamicViewModel& m = c.model;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  const float h = std::min(
      ImGui::GetContentRegionAvail().y * 0.5f,
      (static_cast<float>(m.strategies.size()) + 1.6f) * ImGui::GetFrameHeightWithSpacing());
  double best = -1;
  for (const auto& p : m.strategies)
    if (best < 0 || p.run().completion_time < best) best = p.run().completion_time;
  if (ImGui::BeginTable("##dyn_strategies", 11, flags, {0, h})) {
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* head :
         {"strategy", "completion", "efficiency", "idle (sum)", "migrations", "task hops",
          "messages", "system phases", "cost fn (3)", "events", "verified"})
      ImGui::TableSetupColumn(head);
    ImGui::TableHeadersRow();
    for (std::size_t k = 0; k < m.strategies.size(); ++k) {
      const DynamicStrategyData& p = m.strategies[k];
      const core::DynamicRunResult& r = p.run();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(p.name.c_str(), static_cast<int>(k) == sel,
                            ImGuiSelectableFlags_SpanAllColumns))
        st.selected_result = static_cast<int>(k);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", p.title.c_str(), p.paper.c_str());
      ImGui::TableNextColumn();
      if (r.completion_time == best)
        ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "%s", short_number(r.completion_time).c_str());
      else
        ImGui::TextUnformatted(short_number(r.completion_time).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.1f%%", 100 * r.efficiency);
      ImGui::TableNextColumn();
      double idle = 0;
      for (double x : r.idle_time) idle += x;
      ImGui::TextUnformatted(short_number(idle).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(r.migrations).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(r.task_hops).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(r.messages).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(r.system_phases).c_str());
      ImGui::TableNextColumn();
      if (p.name == "receiver")
        ImGui::TextUnformatted(short_number(r.cost_function).c_str());
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(r.events).c_str());
      ImGui::TableNextColumn();
      if (p.verified)
        ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "yes");
      else
        ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NO");
    }
    ImGui::EndTable();
  }
  std::vector<std::string> names;
  std::vector<double> completion, eff, migr;
  for (const auto& p : m.strategies) {
    names.push_back(p.name);
    completion.push_back(p.run().completion_time);
    eff.push_back(100 * p.run().efficiency);
    migr.push_back(static_cast<double>(p.run().migrations));
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = std::floor((avail.x - 16 * s) / 3);
  PlotAxes ax;
  ax.legend = false;
  ax.y_label = "completion time";
  draw_bar_chart("##dyn_ct", {w, avail.y}, names,
                 {{"completion", IM_COL32(110, 160, 240, 255), {}, completion, false}}, ax, {}, s);
  ImGui::SameLine(0, 8 * s);
  ax.y_label = "efficiency (%)";
  draw_bar_chart("##dyn_eff", {w, avail.y}, names,
                 {{"efficiency", IM_COL32(120, 210, 130, 255), {}, eff, false}}, ax,
                 {{100, IM_COL32(255, 255, 255, 120), "100%"}}, s);
  ImGui::SameLine(0, 8 * s);
  ax.y_label = "migrations";
  draw_bar_chart("##dyn_mig", {0, avail.y}, names,
                 {{"migrations", IM_COL32(240, 160, 70, 255), {}, migr, false}}, ax, {}, s);
}

ImU32 tasks_colour(double tasks, double hi) {
  float rgb[3];
  // The balance view's scale: 0 = none, 0.5 = the average; here 0.5 = a quarter of the peak.
  load_scale_rgb(static_cast<float>(std::clamp(hi > 0 ? tasks / hi : 0.0, 0.0, 1.0)), rgb);
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
}

void dynamic_draw_network_tab(App& app, DynamicViewState& c, int sel, float dt) {
  const float s = app.ui_scale;
  ensure_series(c, sel);
  const DynamicViewModel& m = c.model;
  const core::DynamicRunResult& r = m.strategies[static_cast<std::size_t>(sel)].run();
  const core::Topology& topo = m.scenario->topology;
  const int n = topo.size();
  const double T = std::max(1e-9, r.completion_time);
  if (ImGui::Button(c.playing ? "Pause" : "Play")) {
    if (!c.playing && c.time >= T) c.time = 0;
    c.playing = !c.playing;
  }
  if (c.playing) {
    c.time += T * dt * c.speed / 10.0;
    if (c.time >= T) c.time = T, c.playing = false;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  const double zero = 0;
  readable_slider("time", ImGuiDataType_Double, &c.time, &zero, &T, "%.3f");
  c.time = std::clamp(c.time, 0.0, T);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  readable_slider_float("speed", &c.speed, 0.1f, 5.0f, "%.1fx", ImGuiSliderFlags_Logarithmic);
  // The sample at or before the time shown.
  const auto& S = c.series;
  std::size_t k = 0;
  while (k + 1 < S.times.size() && S.times[k + 1] <= c.time) ++k;
  const std::vector<std::int32_t>& tasks = S.value[k];
  std::int32_t peak = 1;
  for (const auto& row : S.value)
    for (auto x : row) peak = std::max(peak, x);
  long long total = 0;
  for (auto x : tasks) total += x;
  ImGui::SameLine();
  ImGui::TextDisabled("%lld tasks at nodes, %d in flight (peak per node %d)", total, S.in_flight[k],
                      peak);

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  // The caption has its own band under the network (wrapped to the view's width), so it never
  // covers the bottom row of nodes.
  const char* caption =
      "colour: tasks at the node (queued + running), red = the run's peak; dots: tasks migrating";
  const float caption_wrap = std::max(size.x - 16 * s, 50.0f);
  const float caption_h = ImGui::CalcTextSize(caption, nullptr, false, caption_wrap).y + 8 * s;
  size.y = std::max(size.y - caption_h, 50.0f);
  ImGui::InvisibleButton("##dyn_net", size);
  const bool hovered = ImGui::IsItemHovered();
  const float margin = 30 * s;
  const float fit = std::max(std::min(size.x, size.y) - 2 * margin, 10.0f);
  const ImVec2 centre{origin.x + size.x / 2, origin.y + size.y / 2};
  auto at = [&](int v) {
    const core::Point p = m.layout[static_cast<std::size_t>(v)];
    return ImVec2{centre.x + (p.x - 0.5f) * fit, centre.y + (p.y - 0.5f) * fit};
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  // The balance view's radius rule (model_network.h): hypercube links must clear the nodes.
  const bool small_cube =
      topo.kind() == core::TopologyKind::Hypercube && topo.dim() <= kMaxDrawnCubeDim;
  const float r_layout =
      small_cube ? node_radius_layout(m.layout, min_node_distance(m.layout)) * fit : 1e9f;
  const float r_node =
      std::clamp(std::min(r_layout, fit / (2.5f * std::sqrt(static_cast<float>(std::max(1, n))))),
                 2.0f, 20.0f * s);
  if (n <= 5000)
    for (int a = 0; a < n; ++a)
      for (int b : topo.neighbours(a)) {
        if (b <= a) continue;
        ImU32 col = with_alpha(view_colours().edge, 130);
        if (small_cube) {  // one colour per dimension, as in the balance view's legend
          float rgb[3];
          dimension_rgb(cube_link_dimension(a, b), rgb);
          col = ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 0.55f});
        }
        dl->AddLine(at(a), at(b), col, 1.0f);
      }
  int hover = -1;
  float best = r_node * r_node + 16;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (int v = 0; v < n; ++v) {
    const ImVec2 p = at(v);
    const double x = tasks[static_cast<std::size_t>(v)];
    dl->AddCircleFilled(p, r_node, tasks_colour(x, peak), 16);
    if (r_node >= 8) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%d", tasks[static_cast<std::size_t>(v)]);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      dl->AddText({p.x - ts.x / 2, p.y - ts.y / 2}, IM_COL32(255, 255, 255, 255), buf);
    }
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (hovered && dx * dx + dy * dy < best) best = dx * dx + dy * dy, hover = v;
  }
  // Tasks in flight: a dot along the straight line between source and destination.
  for (const core::MigrationRecord* mg : migrations_in_flight(r, c.time, 2000)) {
    const double f =
        mg->arrive > mg->depart ? (c.time - mg->depart) / (mg->arrive - mg->depart) : 1.0;
    const ImVec2 a = at(mg->from), b = at(mg->to);
    const ImVec2 q{a.x + static_cast<float>(f) * (b.x - a.x),
                   a.y + static_cast<float>(f) * (b.y - a.y)};
    const ImU32 flight = view_contrast(IM_COL32(255, 200, 90, 255), 3.0f);
    dl->AddLine(a, b, with_alpha(flight, 110), 1.5f * s);
    dl->AddCircleFilled(q, std::max(2.5f, r_node * 0.3f), flight, 10);
  }
  dl->PopClipRect();
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), {origin.x + 8 * s, origin.y + size.y + 4 * s},
              ImGui::GetColorU32(ImGuiCol_TextDisabled), caption, nullptr, caption_wrap);
  ImGui::Dummy({size.x, caption_h});
  if (hover >= 0) {
    ImGui::BeginTooltip();
    ImGui::Text("node %d: %d tasks at t = %s", hover, tasks[static_cast<std::size_t>(hover)],
                short_number(S.times[k]).c_str());
    ImGui::Text("idle time in the run: %s",
                short_number(r.idle_time[static_cast<std::size_t>(hover)]).c_str());
    ImGui::EndTooltip();
  }
}

// The narration of one node's events: a node picker at the end of the summary line when it fits
// (the step player is on the caption strip's line: KindModule::caption_player).
void draw_dynamic_narration_player(App& app, DynamicViewState& c, const DynamicStrategyData& d) {
  const int nodes = c.model.scenario ? c.model.scenario->topology.size() : 0;
  if (nodes <= 0) return;
  if (c.default_node_for != d.result.get()) {  // O(migrations): once per result
    c.default_node_for = d.result.get();
    c.default_node = core::dynamic_narrated_node(d.run(), nodes);
  }
  const int node =
      c.narration_node >= 0 && c.narration_node < nodes ? c.narration_node : c.default_node;
  c.narration.follow(d.result.get(), node, [&] {
    return core::dynamic_narration(d.result->algorithm, c.model.scenario->params, d.run(), node);
  });
  const float field_w = 90 * app.ui_scale;
  const char* label = "narrated node";
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x <
      field_w + ImGui::CalcTextSize(label).x + 3 * ImGui::GetStyle().ItemSpacing.x)
    ImGui::NewLine();
  ImGui::SetNextItemWidth(field_w);
  int picked = node;
  if (ImGui::InputInt("narrated node##dyn_narr_node", &picked))
    c.narration_node = std::clamp(picked, 0, nodes - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The node whose events the caption narrates");
}

}  // namespace

void draw_dynamic_view(App& app) {
  AppState& st = app.state;
  DynamicViewState& c = dynamic_state(app);
  auto names = [&c] {
    std::vector<std::string> n;
    for (const auto& p : c.model.strategies) n.push_back(p.name);
    return n;
  };
  if (c.follow.results_changed(st)) {
    c.model = dynamic_view_model(st);
    c.gantt_for = -1;
    c.series_for = -1;
    c.time = 0;
    c.playing = false;
    c.replay_for_strategy = -1;
    c.phase = 0;
    c.follow.reselect(st, names());
  }
  if (auto ui = c.follow.new_ui(st, !c.model.strategies.empty())) {
    if (ui->other.is_object() && ui->other.contains("dynamic_view") &&
        ui->other["dynamic_view"].is_string()) {
      const int tab = ui_tab_index(ui->other["dynamic_view"].get<std::string>(), kDynamicTabs);
      if (tab >= 0) c.tabs.request(tab);
    }
    ResultsFollower::select_by_name(st, names(), ui->select);
  }
  if (c.model.strategies.empty() || !c.model.scenario) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick strategies and press Run.");
    return;
  }
  const int sel = ResultsFollower::clamp_selection(st, static_cast<int>(c.model.strategies.size()));
  c.follow.selected = c.model.strategies[static_cast<std::size_t>(sel)].name;
  if (sel != c.gantt_for) dynamic_build_gantt(c, sel);
  const DynamicStrategyData& d = c.model.strategies[static_cast<std::size_t>(sel)];
  ImGui::SetNextItemWidth(170 * app.ui_scale);
  if (ImGui::BeginCombo("##dyn_strategy", d.name.c_str())) {
    for (std::size_t k = 0; k < c.model.strategies.size(); ++k) {
      ImGui::PushStyleColor(ImGuiCol_Text,
                            ImGui::ColorConvertU32ToFloat4(strategy_colour(static_cast<int>(k))));
      if (ImGui::Selectable(c.model.strategies[k].name.c_str(), static_cast<int>(k) == sel))
        st.selected_result = static_cast<int>(k);
      ImGui::PopStyleColor();
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const core::DynamicRunResult& r = d.run();
  ImGui::Text(
      "%s: completion %s, efficiency %.1f%%, %lld tasks, %lld migrations (%lld hops), %lld "
      "messages%s",
      d.title.c_str(), short_number(r.completion_time).c_str(), 100 * r.efficiency,
      static_cast<long long>(r.tasks), static_cast<long long>(r.migrations),
      static_cast<long long>(r.task_hops), static_cast<long long>(r.messages),
      d.result->inner.empty() ? "" : (", inner " + d.result->inner).c_str());
  verified_badge(d.verified, d.result->errors.empty() ? nullptr : &d.result->errors.front());
  draw_dynamic_narration_player(app, c, d);

  kind_tab_bar(
      "##dyn_tabs", c.tabs,
      {
          {"Processors x time", [&] { dynamic_draw_chart_tab(app, c, sel); }},
          {"Tasks per node", [&] { draw_queue_tab(app, c, sel); }},
          {"Strategies compared", [&] { dynamic_draw_compare_tab(app, c, sel); }},
          {"Network", [&] { dynamic_draw_network_tab(app, c, sel, ImGui::GetIO().DeltaTime); }},
          {"System phases", [&] { draw_dynamic_phases_tab(app, c, sel); }},
          {"Real threads", [&] { draw_dynamic_threads_tab(app, c); }},
      });
}

}  // namespace loadlab::app
