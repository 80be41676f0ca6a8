// The Steps tab for an online scheduler's result (online_heft, online_mct): the run played in
// time. At each decision the clock stands at the decided task's reveal time (its last parent's
// finish, core/dag/online.h); the tab lists the tasks revealed so far (placed, or waiting for a
// decision), says which reveal is still in the future (the scheduler cannot know it), and draws
// the schedule so far with the clock as a marker and, in a pale band under each processor, the
// offline counterpart's final schedule (heft for online_heft) when the scenario ran it.
#include <imgui.h>

#include <algorithm>

#include "app/dag/model_online.h"
#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "core/dag/online.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

namespace {

const ImU32 kOnlineDecided = IM_COL32(255, 190, 60, 255);
constexpr float kOnlineBandSplit = 0.72f;  // online bars above, the offline ghost below

const io::DagRunResult* dag_online_offline_result(const AppState& st, const std::string& name) {
  if (name.empty()) return nullptr;
  for (const auto& r : st.typed_results)
    if (r && r->algorithm == name)
      if (const auto* d = dynamic_cast<const io::DagRunResult*>(r.get()); d && !d->failed())
        return d;
  return nullptr;
}

void rebuild_online_partial(const App& app, DagStepsState& ss, const DagModel& m,
                            const io::DagRunResult& r, const io::DagRunResult* offline,
                            const core::OnlineFrame& f) {
  ss.partial.clear(ss.partial_gen != ss.trace_gen);
  int rows = std::max(1, r.schedule.processors);
  if (offline) rows = std::max(rows, offline->schedule.processors);
  for (int p = 0; p < rows; ++p) ss.partial.add_row("P" + std::to_string(p));
  const int layers = static_cast<int>(m.layer_tasks.size());
  auto layer_colour = [&](core::TaskId t) {
    return t >= 0 && static_cast<std::size_t>(t) < m.layer.size()
               ? dag_layer_colour(m.layer[t], layers)
               : IM_COL32(120, 120, 120, 255);
  };
  double domain = r.metrics.makespan;
  if (offline) {
    domain = std::max(domain, offline->metrics.makespan);
    for (const auto& e : offline->schedule.entries) {
      GanttBar b;
      b.row = std::clamp(e.proc, 0, rows - 1);
      b.start = e.start;
      b.finish = e.finish;
      b.id = e.task;
      b.y0 = kOnlineBandSplit + 0.04f;
      b.y1 = 1.0f;
      b.colour = with_alpha(layer_colour(e.task), 80);
      b.hatched = e.duplicate;
      ss.partial.add_bar(b);
    }
  }
  std::vector<const core::ScheduleEntry*> entry(static_cast<std::size_t>(r.graph->size()), nullptr);
  for (const auto& e : r.schedule.entries)
    if (!e.duplicate) entry[static_cast<std::size_t>(e.task)] = &e;
  for (std::size_t k = 0; k < f.placed.size(); ++k) {
    const core::ScheduleEntry* e = entry[static_cast<std::size_t>(f.placed[k])];
    if (!e) continue;
    GanttBar b;
    b.row = std::clamp(e->proc, 0, rows - 1);
    b.start = e->start;
    b.finish = e->finish;
    b.id = e->task;
    b.y1 = offline ? kOnlineBandSplit : 1.0f;
    b.colour = k + 1 == f.placed.size() ? kOnlineDecided : layer_colour(e->task);
    ss.partial.add_bar(b);
  }
  ss.partial.add_marker(
      {f.time, with_alpha(view_colours().highlight, 230), "t = " + short_number(f.time)});
  ss.partial.set_domain(0, domain > 0 ? domain : 1);
  ss.partial.set_row_height(offline ? 30.0f : 24.0f, 3);
  if (auto mp = dag_current_model(app))
    ss.partial.set_label_fn([mp](const GanttBar& b) {
      return b.y0 > 0 ? std::string() : mp->graph.name(static_cast<core::TaskId>(b.id));
    });
  ss.partial_step = ss.step;
  ss.partial_gen = ss.trace_gen;
}

}  // namespace

void draw_dag_online_steps(App& app, const DagModel& m, const io::DagRunResult& r) {
  DagStepsState& ss = dag_state(app).steps;
  const float s = app.ui_scale;
  const core::TaskGraph& g = *r.graph;
  const auto& arrivals = *r.online;
  if (arrivals.empty()) return;
  const core::OnlineFrame f = core::online_frame(g, arrivals, ss.step);
  const std::string counterpart = dag_offline_counterpart(r.algorithm);
  const io::DagRunResult* offline = dag_online_offline_result(app.state, counterpart);

  ImGui::TextWrapped(
      "Clock t = %s. %s decides each task the moment it is revealed (when its last parent "
      "finishes), knowing only the tasks revealed so far.",
      short_number(f.time).c_str(), r.algorithm.c_str());
  if (f.next_task >= 0)
    ImGui::TextWrapped("Not yet revealed: %zu task%s; the next, %s, arrives at %s.",
                       static_cast<std::size_t>(g.size()) - f.revealed.size(),
                       g.size() - static_cast<std::int64_t>(f.revealed.size()) == 1 ? "" : "s",
                       g.name(f.next_task).c_str(), short_number(f.next_release).c_str());
  if (offline)
    ImGui::TextDisabled("Pale band under each processor: %s's final schedule (makespan %s; %s: %s)",
                        counterpart.c_str(), short_number(offline->metrics.makespan).c_str(),
                        r.algorithm.c_str(), short_number(r.metrics.makespan).c_str());
  else if (!counterpart.empty())
    ImGui::TextDisabled("Add %s to the algorithms to see its schedule under this one's.",
                        counterpart.c_str());

  std::vector<const core::ScheduleEntry*> entry(static_cast<std::size_t>(g.size()), nullptr);
  for (const auto& e : r.schedule.entries)
    if (!e.duplicate) entry[static_cast<std::size_t>(e.task)] = &e;
  std::vector<double> released(static_cast<std::size_t>(g.size()), 0.0);
  for (const auto& a : arrivals) released[static_cast<std::size_t>(a.task)] = a.released;

  const float table_h = std::max(90.0f * s, ImGui::GetContentRegionAvail().y * 0.4f);
  ImGui::TextDisabled("Revealed (%zu of %lld): %zu placed, %zu waiting", f.revealed.size(),
                      static_cast<long long>(g.size()), f.placed.size(), f.waiting.size());
  const ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("online_revealed", 3, tf, {0, table_h})) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("task");
    ImGui::TableSetupColumn("revealed at");
    ImGui::TableSetupColumn("decision");
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(f.revealed.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const core::TaskId t = f.revealed[static_cast<std::size_t>(i)];
        const bool placed = static_cast<std::size_t>(i) < f.placed.size();
        ImGui::TableNextRow();
        if (static_cast<std::size_t>(i) + 1 == f.placed.size())
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, with_alpha(kOnlineDecided, 90));
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(g.name(t).c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(short_number(released[static_cast<std::size_t>(t)]).c_str());
        ImGui::TableSetColumnIndex(2);
        const core::ScheduleEntry* e = entry[static_cast<std::size_t>(t)];
        if (placed && e)
          ImGui::Text("P%d at [%s, %s]", e->proc, short_number(e->start).c_str(),
                      short_number(e->finish).c_str());
        else
          ImGui::TextDisabled("waiting");
      }
    ImGui::EndTable();
  }

  if (ss.partial_step != ss.step || ss.partial_gen != ss.trace_gen)
    rebuild_online_partial(app, ss, m, r, offline, f);
  ImGui::TextDisabled(
      "Schedule so far (the highlighted bar is this decision; the line is the clock)");
  const int hit = ss.partial.draw("##online_partial", {0, 0}, s);
  if (hit >= 0) {
    const auto& b = ss.partial.bar(static_cast<std::size_t>(hit));
    const auto t = static_cast<core::TaskId>(b.id);
    const std::string which = b.y0 > 0 ? "  (" + counterpart + ", offline)" : "";
    ImGui::SetTooltip("%s on P%d: [%s, %s]%s", g.name(t).c_str(), b.row,
                      short_number(b.start).c_str(), short_number(b.finish).c_str(), which.c_str());
  }
}

}  // namespace loadlab::app
