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
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "core/dag/narration.h"
#include "core/dag/online.h"
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
    // Copies a duplication-based scheduler placed for this step, hatched like the Gantt tab's.
    for (const auto& d : ss.trace.trace.steps[k].duplicates) {
      GanttBar c;
      c.row = std::clamp(d.proc, 0, processors - 1);
      c.start = d.start;
      c.finish = d.finish;
      c.id = d.task;
      c.hatched = true;
      c.colour = dag_layer_colour(m.layer[d.task], static_cast<int>(m.layer_tasks.size()));
      ss.partial.add_bar(c);
    }
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
  if (st.typed_results.empty()) {
    ImGui::TextDisabled("No results yet: the steps of the selected algorithm appear after a run.");
    return;
  }
  const int n = static_cast<int>(st.typed_results.size());
  st.selected_result = std::clamp(st.selected_result, 0, n - 1);
  // The typed results and scenario: no JSON is read back.
  auto name_of = [&](int i) -> const std::string& {
    static const std::string unknown = "?";
    const auto& r = st.typed_results[static_cast<std::size_t>(i)];
    return r ? r->algorithm : unknown;
  };
  const std::string alg = name_of(st.selected_result);
  // The typed result's trace ("trace": true in the scenario).
  const auto* typed = dynamic_cast<const io::DagRunResult*>(
      st.typed_results[static_cast<std::size_t>(st.selected_result)].get());
  const bool has_trace = typed && typed->trace;
  // An online run plays its own record (decisions in time), no trace needed.
  const bool has_online = typed && typed->online && !typed->online->empty();
  const auto* scenario = dynamic_cast<const io::DagScenario*>(st.parsed.get());
  const int procs = scenario ? scenario->processors : 1;

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("##steps_alg", alg.c_str())) {
    for (int i = 0; i < n; ++i)
      if (ImGui::Selectable(name_of(i).c_str(), i == st.selected_result)) st.selected_result = i;
    ImGui::EndCombo();
  }

  // Which trace we want; fetch it from the result or start the worker.
  ss.want = std::to_string(m.key) + "|" + alg + "|" + std::to_string(procs) + "|" +
            std::to_string(scenario ? scenario->seed : 1) + (has_trace ? "|typed" : "") +
            (has_online ? "|online" : "");
  if (auto done = ss.worker.poll()) {
    if (ss.worker_key == ss.want) {
      ss.trace = std::move(*done);
      ss.have = ss.want;
      ss.step = 0;
      ++ss.trace_gen;
    }
  }
  if (ss.have != ss.want) {
    if (has_online) {
      ss.trace = DagTrace{};
      ss.trace.algorithm = alg;
      for (const auto& e : typed->schedule.entries)
        if (!e.duplicate) ss.trace.trace.steps.emplace_back().chosen = e;
      ss.have = ss.want;
      ss.step = 0;
      ++ss.trace_gen;
    } else if (has_trace) {
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
      ss.worker.start([model, alg, procs, scen = st.parsed](const JobControl&) {
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
  if (ss.narration_gen != ss.trace_gen) {  // the caption strip's text for this trace
    ss.narration = std::make_shared<const core::Narration>(
        has_online ? core::online_narration(alg, *typed->graph, typed->schedule, *typed->online)
                   : core::dag_narration(ss.trace.algorithm.empty() ? alg : ss.trace.algorithm,
                                         m.graph, ss.trace.trace));
    ss.narration_gen = ss.trace_gen;
  }
  // A scenario may open on a given step ("ui": {"tab": "steps", "step": k}, 1-based): read once
  // per installed scenario.
  if (ss.ui_step_generation != st.generation) {
    ss.ui_step_generation = st.generation;
    ss.ui_step = 0;
    const io::Json* ui =
        st.scenario.is_object() && st.scenario.contains("ui") ? &st.scenario["ui"] : nullptr;
    if (ui && ui->is_object() && ui->contains("step") && (*ui)["step"].is_number_integer())
      ss.ui_step = (*ui)["step"].get<int>();
  }
  const int ui_step = ss.ui_step;
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
  // Counted from 0, as the caption strip and every other kind's step player count.
  const std::string step_fmt = "step %d of " + std::to_string(total - 1);
  if (readable_slider_int("##step", &ss.step, 0, total - 1, step_fmt.c_str())) ss.playing = false;
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
  ImGui::Text("Step %d of %d: %s places %s on P%d at [%s, %s]%s", ss.step, total - 1, alg.c_str(),
              g.name(step.chosen.task).c_str(), step.chosen.proc,
              short_number(step.chosen.start).c_str(), short_number(step.chosen.finish).c_str(),
              ss.trace.computed ? "   (trace recomputed in the view)" : "");
  if (has_online) {
    draw_dag_online_steps(app, m, *typed);
    return;
  }
  if (!step.duplicates.empty()) {
    std::string names;
    for (const auto& d : step.duplicates)
      names += (names.empty() ? "" : ", ") + g.name(d.task) + " [" + short_number(d.start) + ", " +
               short_number(d.finish) + "]";
    ImGui::TextWrapped(
        "First duplicates on P%d (hatched): %s, so %s need not wait for their messages.",
        step.chosen.proc, names.c_str(), g.name(step.chosen.task).c_str());
  }

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
