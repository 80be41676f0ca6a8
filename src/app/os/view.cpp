// The "os" kind's view (survey 002 §4, ../shared/seeds/002_6cf480ff57e2bb72.txt;
// docs/scenario-os.md): the processor x time chart of a policy coloured by job (overheads as thin
// bands: spinning at barriers, context switches, cache reloads, migrations, checkpoints, restarts),
// the per-job response times against the job alone on the machine, and the policies compared
// (response time, throughput, utilisation, fairness, time lost, fragmentation), and mean response
// time against the arrival rate for generated job streams (run_os_sweep, off the UI thread). Read
// from the typed results (model_view.h). The form is form.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>

#include "app/model/results_follower.h"
#include "app/os/module.h"
#include "app/os/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/kind_view_header.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {

void os_swatch(ImU32 col, const char* text, float s) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.2f}, {p.x + h, p.y + h * 0.8f}, col);
  // An outline in the text colour keeps a swatch visible whatever the theme's background.
  ImGui::GetWindowDrawList()->AddRect({p.x, p.y + h * 0.2f}, {p.x + h, p.y + h * 0.8f},
                                      ImGui::GetColorU32(ImGuiCol_Text, 0.5f));
  ImGui::Dummy({h, h});
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(0, 12 * s);
}

ImU32 policy_colour(int k) {
  return palette_colour(k + 2, 0.9f);
}

void os_build_gantt(OsViewState& c, int sel) {
  const OsPolicyData& d = c.model.policies[static_cast<std::size_t>(sel)];
  c.gantt.clear(false);
  c.gantt.set_row_height(22, 3);
  for (int p = 0; p < d.result->processors; ++p) c.gantt.add_row("P" + std::to_string(p));
  const auto bars = os_chart_bars(*d.result);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const OsBar& b = bars[i];
    c.gantt.add_bar({b.row, b.start, b.end, b.colour, b.y0, b.y1, static_cast<std::int64_t>(i)});
  }
  c.gantt.add_marker(
      {d.run().makespan, view_ink(200), "makespan " + short_number(d.run().makespan)});
  auto shared = std::make_shared<std::vector<OsBar>>(bars);
  c.gantt.set_label_fn([shared](const GanttBar& g) {
    const OsBar& b = (*shared)[static_cast<std::size_t>(g.id)];
    return b.kind.empty() || b.kind == "compute" ? "J" + std::to_string(b.job) : std::string();
  });
  const OsViewModel* model = &c.model;
  c.gantt.set_tooltip_fn([shared, model](const GanttBar& g) {
    const OsBar& b = (*shared)[static_cast<std::size_t>(g.id)];
    ImGui::Text("P%d: job %d, %s", b.row, b.job,
                b.kind.empty() ? "(decimated: dominant job of the cell)" : b.kind.c_str());
    ImGui::Text("%s .. %s (%s)", short_number(b.start).c_str(), short_number(b.end).c_str(),
                short_number(b.end - b.start).c_str());
    if (b.job >= 0 && static_cast<std::size_t>(b.job) < model->jobs.size()) {
      const auto& j = model->jobs[static_cast<std::size_t>(b.job)];
      ImGui::Text("arrives %s, work %s, %d threads", short_number(j.arrival).c_str(),
                  short_number(j.work).c_str(), j.threads);
    }
  });
  c.gantt_for = sel;
}

void os_draw_chart_tab(App& app, OsViewState& c, int sel) {
  const float s = app.ui_scale;
  const OsPolicyData& d = c.model.policies[static_cast<std::size_t>(sel)];
  ImGui::TextDisabled("colour = job;");
  ImGui::SameLine();
  for (const char* k :
       {"barrier_spin", "context_switch", "cache_reload", "migration", "checkpoint", "restart"})
    os_swatch(os_segment_colour(k), k, s);
  if (d.result->run.lost.lock_spin > 0) os_swatch(os_segment_colour("lock_spin"), "lock_spin", s);
  if (d.result->run.lost.remote_access > 0)
    os_swatch(os_segment_colour("remote_access"), "remote_access", s);
  if (ImGui::SmallButton("fit")) c.gantt.fit();
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%zu intervals%s; gaps are idle; wheel: zoom, drag: pan",
                      d.result->chart.size(),
                      d.result->chart_decimated ? " (decimated: dominant job per cell)" : "");
  ImGui::PopTextWrapPos();
  c.gantt.draw("##os_gantt", {0, 0}, s);
  draw_narration_time_line(c.narration, c.gantt, s);  // the narrated moment
}

void draw_response_tab(App& app, OsViewState& c, int sel) {
  const float s = app.ui_scale;
  const OsViewModel& m = c.model;
  ImGui::Checkbox("every policy", &c.all_policies);
  ImGui::SameLine();
  ImGui::TextDisabled(
      "response time = finish - arrival per job; 'alone' = work / speedup(threads) on an empty "
      "machine");
  const std::size_t jobs = m.jobs.size();
  if (jobs == 0) return;
  if (jobs > 200) {
    ImGui::TextDisabled("%zu jobs: showing the first 200", jobs);
  }
  const std::size_t shown = std::min<std::size_t>(jobs, 200);
  std::vector<std::string> cats;
  for (std::size_t j = 0; j < shown; ++j) cats.push_back(std::to_string(j));
  std::vector<PlotSeries> series;
  series.push_back({"alone",
                    IM_COL32(160, 160, 170, 255),
                    {},
                    {m.alone.begin(), m.alone.begin() + static_cast<std::ptrdiff_t>(shown)},
                    false});
  for (std::size_t k = 0; k < m.policies.size(); ++k) {
    if (!c.all_policies && static_cast<int>(k) != sel) continue;
    const auto& r = m.policies[k].run().response;
    std::vector<double> y(r.begin(),
                          r.begin() + static_cast<std::ptrdiff_t>(std::min(shown, r.size())));
    series.push_back({m.policies[k].name,
                      policy_colour(static_cast<int>(k)),
                      {},
                      y,
                      static_cast<int>(k) == sel});
  }
  PlotAxes ax;
  ax.x_label = "job";
  ax.y_label = "response time";
  draw_bar_chart("##os_resp", {0, 0}, cats, series, ax, {}, s);
}

void os_draw_compare_tab(App& app, OsViewState& c, int sel) {
  const float s = app.ui_scale;
  AppState& st = app.state;
  const OsViewModel& m = c.model;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  const float h =
      std::min(ImGui::GetContentRegionAvail().y * 0.55f,
               (static_cast<float>(m.policies.size()) + 1.6f) * ImGui::GetFrameHeightWithSpacing());
  if (ImGui::BeginTable("##os_policies", 11, flags, {0, h})) {
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* head :
         {"policy", "mean response", "throughput", "utilization", "fairness (Jain)", "time lost",
          "fragmentation", "makespan", "idle", "events", "verified"})
      ImGui::TableSetupColumn(head);
    ImGui::TableHeadersRow();
    double best_resp = -1;
    for (const auto& p : m.policies)
      if (best_resp < 0 || p.run().mean_response_time < best_resp)
        best_resp = p.run().mean_response_time;
    for (std::size_t k = 0; k < m.policies.size(); ++k) {
      const OsPolicyData& p = m.policies[k];
      const core::OsRunResult& r = p.run();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(p.name.c_str(), static_cast<int>(k) == sel,
                            ImGuiSelectableFlags_SpanAllColumns))
        st.selected_result = static_cast<int>(k);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", p.title.c_str(), p.paper.c_str());
      ImGui::TableNextColumn();
      if (r.mean_response_time == best_resp)
        ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "%s",
                           short_number(r.mean_response_time).c_str());
      else
        ImGui::TextUnformatted(short_number(r.mean_response_time).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_real(r.throughput).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.1f%%", 100 * r.utilization);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", r.fairness);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(r.lost.total()).c_str());
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        for (const auto& it : os_lost_items(r.lost))
          ImGui::Text("%s: %s", it.label, short_number(it.value).c_str());
        ImGui::EndTooltip();
      }
      ImGui::TableNextColumn();
      ImGui::Text("%.1f%%", 100 * r.fragmentation);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(r.makespan).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(r.idle).c_str());
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
  // Bars: mean response time and time lost by category, per policy.
  std::vector<std::string> names;
  std::vector<double> resp, util;
  for (const auto& p : m.policies) {
    names.push_back(p.name);
    resp.push_back(p.run().mean_response_time);
    util.push_back(100 * p.run().utilization);
  }
  std::vector<PlotSeries> lost;
  const auto labels = os_lost_items({});
  for (std::size_t i = 0; i < labels.size(); ++i) {
    PlotSeries ser{labels[i].label, palette_colour(static_cast<int>(i) + 9, 0.85f), {}, {}, false};
    for (const auto& p : m.policies) ser.y.push_back(os_lost_items(p.run().lost)[i].value);
    bool any = false;
    for (double v : ser.y) any |= v > 0;
    if (any) lost.push_back(std::move(ser));
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = std::floor((avail.x - 16 * s) / 3);
  PlotAxes ax;
  ax.legend = false;
  ax.y_label = "mean response time";
  draw_bar_chart("##os_mrt", {w, avail.y}, names,
                 {{"mean response", IM_COL32(110, 160, 240, 255), {}, resp, false}}, ax, {}, s);
  ImGui::SameLine(0, 8 * s);
  ax.y_label = "utilization (%)";
  draw_bar_chart("##os_util", {w, avail.y}, names,
                 {{"utilization", IM_COL32(120, 210, 130, 255), {}, util, false}}, ax, {}, s);
  ImGui::SameLine(0, 8 * s);
  ax.legend = true;
  ax.y_label = "time lost by cause";
  draw_bar_chart("##os_lost", {0, avail.y}, names, lost, ax, {}, s);
}

void draw_load_tab(App& app, OsViewState& c, int sel) {
  const float s = app.ui_scale;
  if (c.sweep_none) {
    ImGui::TextWrapped(
        "Response time vs arrival rate needs a job generator (\"jobs\": {\"generator\": "
        "\"poisson\", "
        "\"rate\": r, ...}): this scenario lists its jobs, so there is no rate to vary.");
    return;
  }
  if (!c.sweep_error.empty()) {
    ImGui::TextColored({1, 0.5f, 0.4f, 1}, "load sweep failed: %s", c.sweep_error.c_str());
    return;
  }
  if (!c.sweep) {
    ImGui::TextDisabled("Sweeping the arrival rate... %.0f%%", 100 * c.sweep_job.progress());
    return;
  }
  const OsSweep& w = *c.sweep;
  char caption[400];
  std::snprintf(
      caption, sizeof caption,
      "mean response time of the same %lld-job stream (seed, work, threads) at %zu arrival rates, "
      "x%s .. x%s the scenario's %s; capped at %s jobs / %s estimated events%s",
      static_cast<long long>(w.jobs), w.rates.size(), format_real(kOsSweepFactors[0], 2).c_str(),
      format_real(kOsSweepFactors[std::size(kOsSweepFactors) - 1], 2).c_str(),
      short_number(w.rate).c_str(), format_count(static_cast<long long>(kOsSweepMaxJobs)).c_str(),
      format_count(static_cast<long long>(kOsSweepMaxEvents)).c_str(),
      w.jobs < w.scenario_jobs ? " (the scenario has more jobs: a stream of this size)" : "");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", caption);
  ImGui::PopStyleColor();
  std::vector<PlotSeries> series;
  bool dropped = false;
  for (std::size_t k = 0; k < w.series.size(); ++k) {
    PlotSeries ser{
        w.series[k].policy, policy_colour(static_cast<int>(k)), {}, {}, static_cast<int>(k) == sel};
    for (std::size_t i = 0; i < w.rates.size(); ++i) {
      const double y = w.series[k].mean_response[i];
      if (!std::isfinite(y)) {
        dropped = true;
        continue;
      }
      ser.x.push_back(w.rates[i]);
      ser.y.push_back(y);
    }
    series.push_back(std::move(ser));
  }
  if (dropped)
    ImGui::TextDisabled("missing points: the run needed more than %lld events",
                        static_cast<long long>(kOsSweepRunEvents));
  PlotAxes ax;
  ax.x_label = "arrival rate (jobs per time unit)";
  ax.y_label = "mean response time";
  ax.log_y = true;
  draw_line_plot("##os_load", {0, 0}, series, ax, s);
}

}  // namespace

void draw_os_view(App& app) {
  AppState& st = app.state;
  OsViewState& c = os_state(app);
  auto names = [&c] {
    std::vector<std::string> n;
    for (const auto& p : c.model.policies) n.push_back(p.name);
    return n;
  };
  if (c.follow.results_changed(st)) {
    c.model = os_view_model(st);
    c.gantt_for = -1;
    c.follow.reselect(st, names());
    c.sweep.reset();
    c.sweep_error.clear();
    const auto spec = c.model.policies.empty() ? std::nullopt : os_sweep_spec(st);
    c.sweep_none = !c.model.policies.empty() && !spec;
    if (spec)
      c.sweep_job.supersede(
          [spec = *spec](const JobControl& ctl) { return run_os_sweep(spec, ctl); });
    else
      c.sweep_job.cancel();
  }
  try {
    if (auto done = c.sweep_job.poll()) c.sweep = std::move(*done);
  } catch (const std::exception& e) {
    c.sweep_error = e.what();
  }
  if (auto ui = c.follow.new_ui(st, !c.model.policies.empty())) {
    if (ui->other.is_object() && ui->other.contains("os_view") &&
        ui->other["os_view"].is_string()) {
      const int tab = ui_tab_index(ui->other["os_view"].get<std::string>(), kOsTabs);
      if (tab >= 0) c.tabs.request(tab);
    }
    ResultsFollower::select_by_name(st, names(), ui->select);
  }
  if (c.model.policies.empty()) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..."
                                        : "No results yet: pick policies and press Run.");
    return;
  }
  const int sel = ResultsFollower::clamp_selection(st, static_cast<int>(c.model.policies.size()));
  c.follow.selected = c.model.policies[static_cast<std::size_t>(sel)].name;
  if (sel != c.gantt_for) os_build_gantt(c, sel);
  const OsPolicyData& d = c.model.policies[static_cast<std::size_t>(sel)];
  ImGui::SetNextItemWidth(190 * app.ui_scale);
  if (ImGui::BeginCombo("##os_policy", d.name.c_str())) {
    for (std::size_t k = 0; k < c.model.policies.size(); ++k)
      if (ImGui::Selectable(c.model.policies[k].name.c_str(), static_cast<int>(k) == sel))
        st.selected_result = static_cast<int>(k);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const core::OsRunResult& r = d.run();
  ImGui::PushTextWrapPos(0);  // a narrow window wraps the summary instead of cutting it
  ImGui::TextWrapped(
      "%s: mean response %s, utilization %.1f%%, fairness %.3f, time lost %s, %zu jobs on %d "
      "processors",
      d.title.c_str(), short_number(r.mean_response_time).c_str(), 100 * r.utilization, r.fairness,
      short_number(r.lost.total()).c_str(), c.model.jobs.size(), c.model.processors);
  ImGui::PopTextWrapPos();
  verified_badge(d.verified, d.result->errors.empty() ? nullptr : &d.result->errors.front());

  // The narration replays the policy with its log kept (os results keep only the chart), on this
  // thread: only for runs small enough to replay within a frame.
  constexpr std::int64_t kOsNarratedEvents = 200'000;
  c.narration.follow(d.result.get(), 0, [&] {
    if (r.events > kOsNarratedEvents) {
      core::Narration n;
      n.algorithm = d.name;
      n.steps.push_back({"This run has " + std::to_string(r.events) +
                             " events, too many to narrate here: `loadlab explain` narrates it.",
                         -1});
      return n;
    }
    return st.parsed ? NarrationFollower::explain(*st.parsed, *d.result) : core::Narration{};
  });
  // The step player is on the caption strip's line (KindModule::caption_player).

  kind_tab_bar("##os_tabs", c.tabs,
               {
                   {"Processors x time", [&] { os_draw_chart_tab(app, c, sel); }},
                   {"Response time per job", [&] { draw_response_tab(app, c, sel); }},
                   {"Policies compared", [&] { os_draw_compare_tab(app, c, sel); }},
                   {"Response time vs load", [&] { draw_load_tab(app, c, sel); }},
               });
}

}  // namespace loadlab::app
