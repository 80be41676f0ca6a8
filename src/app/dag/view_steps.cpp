// The DAG view's Steps tab: a list scheduler's decisions one at a time (notes 003 "list
// scheduling"; FLB's Table 1 in paper 001): the ready list (FLB: the EP list of each processor and
// the non-EP list, with EMT / LMT / b-level), the (task, processor) pairs compared with their
// earliest start, the chosen placement, and the partial schedule so far. The trace comes from the
// result when the scenario asked for it ("trace": true); otherwise it is recomputed on a worker
// by the core scheduler itself, for graphs of at most kMaxTraceTasks tasks.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/widgets/gantt_chart.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

namespace {

const ImU32 kChosen = IM_COL32(255, 190, 60, 255);

// The chosen task's row: dark amber under the dark theme's light text, pale amber under the light
// theme's dark text.
ImU32 dag_steps_chosen_row_bg() {
  return view_colours().light ? with_alpha(view_colours().highlight, 60)
                              : IM_COL32(120, 85, 20, 200);
}

void rebuild_partial(const App& app, DagStepsState& ss, const DagModel& m, int processors) {
  ss.partial.clear(ss.partial_gen != ss.trace_gen);
  for (int p = 0; p < processors; ++p) ss.partial.add_row("P" + std::to_string(p));
  double domain = 0;
  for (const auto& st : ss.trace.trace.steps) domain = std::max(domain, st.chosen.finish);
  for (int k = 0; k <= ss.step && k < static_cast<int>(ss.trace.trace.steps.size()); ++k) {
    const auto& ch = ss.trace.trace.steps[k].chosen;
    GanttBar b;
    b.row = std::clamp(ch.proc, 0, processors - 1);
    b.start = ch.start;
    b.finish = ch.finish;
    b.id = ch.task;
    b.colour = k == ss.step
                   ? kChosen
                   : dag_layer_colour(m.layer[ch.task], static_cast<int>(m.layer_tasks.size()));
    ss.partial.add_bar(b);
  }
  ss.partial.set_domain(0, domain > 0 ? domain : 1);
  ss.partial.set_row_height(24, 3);
  auto mp = dag_current_model(app);
  if (mp)
    ss.partial.set_label_fn(
        [mp](const GanttBar& b) { return mp->graph.name(static_cast<core::TaskId>(b.id)); });
  ss.partial_step = ss.step;
  ss.partial_gen = ss.trace_gen;
}

}  // namespace

void draw_dag_steps_tab(App& app, const DagModel& m) {
  AppState& st = app.state;
  DagStepsState& ss = dag_state(app).steps;
  const float s = app.ui_scale;
  if (!st.results.is_array() || st.results.empty()) {
    ImGui::TextDisabled("No results yet: the steps of the selected algorithm appear after a run.");
    return;
  }
  const int n = static_cast<int>(st.results.size());
  st.selected_result = std::clamp(st.selected_result, 0, n - 1);
  const io::Json& r = st.results[st.selected_result];
  const std::string alg = r.value("algorithm", "?");
  // The typed result's trace ("trace": true in the scenario): no result JSON is read back.
  const auto* typed =
      static_cast<std::size_t>(st.selected_result) < st.typed_results.size()
          ? dynamic_cast<const io::DagRunResult*>(
                st.typed_results[static_cast<std::size_t>(st.selected_result)].get())
          : nullptr;
  const bool has_trace = typed && typed->trace;
  const int procs = st.scenario.value("processors", 1);

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("##steps_alg", alg.c_str())) {
    for (int i = 0; i < n; ++i)
      if (ImGui::Selectable(st.results[i].value("algorithm", "?").c_str(), i == st.selected_result))
        st.selected_result = i;
    ImGui::EndCombo();
  }

  // Which trace we want; fetch it from the result or start the worker.
  ss.want = m.key + "|" + alg + "|" + std::to_string(procs) + "|" +
            std::to_string(st.scenario.value("seed", 1LL)) + (has_trace ? "|typed" : "");
  if (auto done = ss.worker.poll()) {
    if (ss.worker_key == ss.want) {
      ss.trace = std::move(*done);
      ss.have = ss.want;
      ss.step = 0;
      ++ss.trace_gen;
    }
  }
  if (ss.have != ss.want) {
    if (has_trace) {
      ss.trace = DagTrace{};
      ss.trace.algorithm = alg;
      ss.trace.trace = *typed->trace;
      ss.have = ss.want;
      ss.step = 0;
      ++ss.trace_gen;
    } else if (m.graph.size() > kMaxTraceTasks) {
      ss.trace = DagTrace{};
      ss.trace.error = "Step-by-step view is available for graphs of at most " +
                       std::to_string(kMaxTraceTasks) + " tasks (this one has " +
                       std::to_string(m.graph.size()) + ").";
      ss.have = ss.want;
      ++ss.trace_gen;
    } else if (!ss.worker.busy()) {
      ss.worker_key = ss.want;
      auto model = dag_current_model(app);
      io::Json scen = st.scenario;
      ss.worker.start([model, alg, procs, scen](const JobControl&) {
        return compute_trace(model, alg, procs, scen);
      });
    }
  }
  if (ss.have != ss.want) {
    ImGui::SameLine();
    ImGui::TextDisabled("Recording %s's decisions on a worker...", alg.c_str());
    return;
  }
  if (!ss.trace.error.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", ss.trace.error.c_str());
    return;
  }
  const auto& steps_v = ss.trace.trace.steps;
  // A scenario may open on a given step ("ui": {"tab": "steps", "step": k}, 1-based).
  const io::Json ui = st.scenario.value("ui", io::Json::object());
  const int ui_step = ui.is_object() && ui.contains("step") && ui["step"].is_number_integer()
                          ? ui["step"].get<int>()
                          : 0;
  if (ui_step > 0 && ss.applied_ui_step != ui_step)
    ss.step = ui_step - 1, ss.applied_ui_step = ui_step;
  const int total = static_cast<int>(steps_v.size());
  ss.step = std::clamp(ss.step, 0, total - 1);

  // Controls.
  ImGui::SameLine();
  if (ImGui::Button("|<")) ss.step = 0, ss.playing = false;
  ImGui::SameLine();
  if (ImGui::Button("<")) ss.step = std::max(0, ss.step - 1), ss.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(ss.playing ? "Pause" : "Play")) {
    if (!ss.playing && ss.step >= total - 1) ss.step = 0;
    ss.playing = !ss.playing;
    ss.clock = 0;
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) ss.step = std::min(total - 1, ss.step + 1), ss.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(">|")) ss.step = total - 1, ss.playing = false;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(80.0f * s, ImGui::GetContentRegionAvail().x));
  int shown = ss.step + 1;
  if (ImGui::SliderInt("##step", &shown, 1, total, "step %d"))
    ss.step = shown - 1, ss.playing = false;
  if (ss.playing) {
    ss.clock += ImGui::GetIO().DeltaTime;
    if (ss.clock > 0.6) {
      ss.clock = 0;
      if (ss.step + 1 < total)
        ++ss.step;
      else
        ss.playing = false;
    }
  }

  const auto& step = steps_v[ss.step];
  const auto& g = m.graph;
  ImGui::Text("Step %d of %d: %s places %s on P%d at [%s, %s]%s", ss.step + 1, total, alg.c_str(),
              g.name(step.chosen.task).c_str(), step.chosen.proc,
              short_number(step.chosen.start).c_str(), short_number(step.chosen.finish).c_str(),
              ss.trace.computed ? "   (trace recomputed in the view)" : "");

  // Ready list and candidate pairs side by side.
  const float table_h = std::max(90.0f * s, ImGui::GetContentRegionAvail().y * 0.45f);
  const bool flb_lists =
      alg == "flb" || std::any_of(step.ready.begin(), step.ready.end(),
                                  [](const core::TraceReady& x) { return x.list >= 0; });
  const bool has_msgs =
      std::any_of(step.ready.begin(), step.ready.end(),
                  [](const core::TraceReady& x) { return x.emt != 0 || x.lmt != 0; });
  const ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  const float half = ImGui::GetContentRegionAvail().x * 0.5f - 4 * s;
  ImGui::BeginGroup();
  ImGui::TextDisabled("Ready list (%zu task%s)", step.ready.size(),
                      step.ready.size() == 1 ? "" : "s");
  if (ImGui::BeginTable("ready", has_msgs ? 5 : 3, tf,
                        {half, table_h - ImGui::GetTextLineHeightWithSpacing()})) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("task");
    ImGui::TableSetupColumn("list");
    ImGui::TableSetupColumn("priority");
    if (has_msgs) {
      ImGui::TableSetupColumn("EMT");
      ImGui::TableSetupColumn("LMT");
    }
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(step.ready.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const auto& rd = step.ready[i];
        ImGui::TableNextRow();
        if (rd.task == step.chosen.task)
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, dag_steps_chosen_row_bg());
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(g.name(rd.task).c_str());
        ImGui::TableSetColumnIndex(1);
        if (rd.list >= 0)
          ImGui::Text("EP of P%d", rd.list);
        else
          ImGui::TextUnformatted(flb_lists ? "non-EP" : "ready");
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(short_number(rd.priority).c_str());
        if (has_msgs) {
          ImGui::TableSetColumnIndex(3);
          ImGui::TextUnformatted(short_number(rd.emt).c_str());
          ImGui::TableSetColumnIndex(4);
          ImGui::TextUnformatted(short_number(rd.lmt).c_str());
        }
      }
    ImGui::EndTable();
  }
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::TextDisabled("Pairs compared (%zu)", step.candidates.size());
  if (ImGui::BeginTable("cands", 3, tf, {half, table_h - ImGui::GetTextLineHeightWithSpacing()})) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("task");
    ImGui::TableSetupColumn("processor");
    ImGui::TableSetupColumn("earliest start");
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(step.candidates.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const auto& cd = step.candidates[i];
        ImGui::TableNextRow();
        if (cd.task == step.chosen.task && cd.proc == step.chosen.proc)
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, dag_steps_chosen_row_bg());
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(g.name(cd.task).c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("P%d", cd.proc);
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(short_number(cd.est).c_str());
      }
    ImGui::EndTable();
  }
  ImGui::EndGroup();

  // The schedule so far, the step's placement highlighted.
  int rows = procs;
  for (const auto& x : steps_v) rows = std::max(rows, x.chosen.proc + 1);
  if (ss.partial_step != ss.step || ss.partial_gen != ss.trace_gen ||
      ss.partial.row_count() != rows)
    rebuild_partial(app, ss, m, rows);
  ImGui::TextDisabled("Schedule after this step (the highlighted bar is this step's choice)");
  const int hit = ss.partial.draw("##partial", {0, 0}, s);
  if (hit >= 0) {
    const auto t = static_cast<core::TaskId>(ss.partial.bar(static_cast<std::size_t>(hit)).id);
    const auto& b = ss.partial.bar(static_cast<std::size_t>(hit));
    ImGui::SetTooltip("%s on P%d: [%s, %s]\nb-level %s, t-level %s, ALAP %s", g.name(t).c_str(),
                      b.row, short_number(b.start).c_str(), short_number(b.finish).c_str(),
                      short_number(m.levels.b_level[t]).c_str(),
                      short_number(m.levels.t_level[t]).c_str(),
                      short_number(m.levels.alap[t]).c_str());
  }
}

}  // namespace loadlab::app
