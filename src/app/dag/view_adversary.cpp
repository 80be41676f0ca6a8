// The dag view's Adversary tab: simulated annealing over the task graph and machine to
// find where scheduler A does worst against B (core/dag/adversary.h, PISA), run on a worker with
// progress, cancel and the best and current ratio plotted live; the worst instance opens as the
// scenario (algorithms [A, B], both Gantt charts side by side, its share link in the address bar).
// Below: the pairwise matrix of worst ratios as a heatmap with CSV export. The settings live in
// DagAdversaryState and travel in the link's "ui"."adversary" (model_adversary.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/dag/module.h"
#include "app/dag/view.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"
#include "app/widgets/view_colours.h"
#include "core/dag/registry.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

namespace {

bool scheduler_combo(const char* label, std::string& value, const std::vector<std::string>& names) {
  bool changed = false;
  if (ImGui::BeginCombo(label, value.c_str())) {
    for (const auto& n : names)
      if (ImGui::Selectable(n.c_str(), n == value) && n != value) value = n, changed = true;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    if (const auto* row = core::find_dag_algorithm(value)) ImGui::SetTooltip("%s", row->info.title);
  return changed;
}

void open_scenario(App& app, const io::Json& sc, const char* what) {
  app_load_scenario(app, sc, what);
}

// Heat colour for a ratio: 1 (no gap) dark, the matrix's largest ratio bright orange-red.
ImU32 heat_colour(double r, double max_r) {
  if (!(r > 0)) return IM_COL32(45, 45, 50, 255);
  const double span = std::log(std::max(max_r, 1.0001));
  const float t = static_cast<float>(std::clamp(std::log(std::max(r, 1.0)) / span, 0.0, 1.0));
  float cr, cg, cb;
  ImGui::ColorConvertHSVtoRGB(0.60f - 0.58f * t, 0.25f + 0.55f * t, 0.35f + 0.55f * t, cr, cg, cb);
  return ImGui::ColorConvertFloat4ToU32({cr, cg, cb, 1});
}

void draw_search_settings(App& app, DagAdversaryState& a, std::int32_t scenario_tasks,
                          int scenario_processors) {
  AdversarySettings& s = a.settings;
  const bool busy = a.search.busy() || a.pairwise.busy();
  const float font = ImGui::GetFontSize();
  ImGui::PushItemWidth(-font * 6.5f);
  ImGui::TextDisabled("Search: maximise makespan(A) / makespan(B)");
  ImGui::BeginDisabled(busy);
  scheduler_combo("A", s.a, adversary_choices_a());
  const std::int32_t start_tasks = s.from_scenario ? scenario_tasks : s.tasks;
  scheduler_combo("B", s.b, adversary_choices_b(start_tasks));
  if (s.b == "optimal" && start_tasks > core::AdversaryLimits::max_optimal_tasks)
    ImGui::TextColored({1, 0.6f, 0.3f, 1}, "optimal: at most %d tasks",
                       core::AdversaryLimits::max_optimal_tasks);
  const std::int64_t it_lo = 1, it_hi = kAdversaryMaxIterations;
  ImGui::InputScalar("Iterations", ImGuiDataType_S64, &s.iterations, nullptr, nullptr, "%lld");
  s.iterations = std::clamp(s.iterations, it_lo, it_hi);
  ImGui::InputScalar("Seed", ImGuiDataType_U64, &s.seed, nullptr, nullptr, "%llu");
  ImGui::TextDisabled("Start instance");
  char label[96];
  std::snprintf(label, sizeof label, "this scenario (%d tasks, P = %d)", scenario_tasks,
                scenario_processors);
  if (ImGui::RadioButton(label, s.from_scenario)) s.from_scenario = true;
  if (ImGui::RadioButton("random", !s.from_scenario)) s.from_scenario = false;
  if (!s.from_scenario) {
    readable_slider_int("Tasks", &s.tasks, 2, core::AdversaryLimits::max_tasks);
    readable_slider_int("Processors", &s.processors, 1, 16);
    ImGui::Checkbox("heterogeneous (speeds, bandwidths)", &s.heterogeneous);
  }
  ImGui::Checkbox("vary speeds and bandwidths", &s.vary_machine);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Only when both A and B accept heterogeneous machines (heft, cpop, peft, "
        "dls, optimal, ...)");
  bool expected = s.target == "expected_makespan";
  if (ImGui::Checkbox("expected makespan (random costs)", &expected))
    s.target = expected ? "expected_makespan" : "makespan";
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Compare mean makespans: every cost uniform within +-50%% of its value, each schedule "
        "run 200 times with the same draws for A and B");
  ImGui::EndDisabled();
  ImGui::PopItemWidth();

  if (!a.search.busy()) {
    ImGui::BeginDisabled(a.pairwise.busy());
    if (ImGui::Button("Start search")) dag_adversary_command(app, "start");
    ImGui::EndDisabled();
  } else if (ImGui::Button("Cancel")) {
    a.search.cancel();
  }
  const AdversaryLive l = a.search.live();
  if (a.search.busy()) {
    char over[96];
    std::snprintf(over, sizeof over, "%lld / %lld", static_cast<long long>(l.iterations),
                  static_cast<long long>(l.total));
    ImGui::SameLine();
    ImGui::ProgressBar(l.total > 0 ? static_cast<float>(l.iterations) / l.total : 0.0f, {-1, 0},
                       over);
  }
  if (!a.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", a.error.c_str());
    ImGui::PopTextWrapPos();
  }
  const auto& last = a.search.last();
  if (!a.search.busy() && last && !last->error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", last->error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (a.search.busy() || (last && last->result)) {
    const bool running = a.search.busy();
    const double ips = running ? l.iterations_per_second() : last->iterations_per_second();
    const double best = running ? l.best_ratio : last->result->best_ratio;
    const double start = running ? l.start_ratio : last->result->start_ratio;
    ImGui::Text("best ratio %s (start %s)", short_number(best).c_str(),
                short_number(start).c_str());
    ImGui::TextDisabled(
        "%s iterations/s, %lld accepted, %lld improvements", short_number(ips).c_str(),
        static_cast<long long>(running ? l.accepted : last->result->accepted),
        static_cast<long long>(running ? l.improvements : last->result->improvements));
    if (!running) {
      const auto& r = *last->result;
      ImGui::PushTextWrapPos(0);  // a narrow column wraps rather than cuts the line
      ImGui::TextDisabled("%s: makespans %s %s / %s %s (%d tasks, P = %d)%s",
                          r.cancelled ? "cancelled" : "done", last->a.c_str(),
                          short_number(r.best_makespan_a).c_str(), last->b.c_str(),
                          short_number(r.best_makespan_b).c_str(), r.best.graph.size(),
                          r.best.machine.processors, r.unproven ? ", some optima unproven" : "");
      ImGui::PopTextWrapPos();
      if (ImGui::Button("Open worst instance")) dag_adversary_command(app, "open_worst");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Replaces the scenario with the worst instance (algorithms %s and %s): "
            "both Gantt charts side by side; the address bar then holds its link",
            last->a.c_str(), last->b.c_str());
    }
  }
}

void draw_pairwise_settings(App& app, DagAdversaryState& a) {
  AdversarySettings& s = a.settings;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextDisabled("Pairwise: worst ratio of every ordered pair");
  const bool busy = a.search.busy() || a.pairwise.busy();
  ImGui::BeginDisabled(busy);
  // Schedulers as checkboxes in as many columns as the longest name allows, in the table's order.
  const auto names = adversary_choices_a();
  float name_w = 0;
  for (const auto& n : names) name_w = std::max(name_w, ImGui::CalcTextSize(n.c_str()).x);
  const float col_w = name_w + ImGui::GetFrameHeight() + 3 * ImGui::GetStyle().ItemSpacing.x;
  const int cols = std::clamp(static_cast<int>(ImGui::GetContentRegionAvail().x / col_w), 1, 4);
  if (ImGui::BeginTable("adv_pair_set", cols, ImGuiTableFlags_SizingStretchSame)) {
    for (const auto& n : names) {
      ImGui::TableNextColumn();
      bool on = std::find(s.pairwise.begin(), s.pairwise.end(), n) != s.pairwise.end();
      if (ImGui::Checkbox(n.c_str(), &on)) {
        if (on) {
          s.pairwise.push_back(n);
          // Keep the table's order, so rows and columns read the same every time.
          std::vector<std::string> ordered;
          for (const auto& m : names)
            if (std::find(s.pairwise.begin(), s.pairwise.end(), m) != s.pairwise.end())
              ordered.push_back(m);
          s.pairwise = ordered;
        } else {
          s.pairwise.erase(std::remove(s.pairwise.begin(), s.pairwise.end(), n), s.pairwise.end());
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 6.5f);
  ImGui::InputScalar("Per pair", ImGuiDataType_S64, &s.pair_iterations, nullptr, nullptr, "%lld");
  s.pair_iterations = std::clamp<std::int64_t>(s.pair_iterations, 1, kAdversaryMaxPairIterations);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Iterations of the search for each ordered pair");
  ImGui::PopItemWidth();
  ImGui::EndDisabled();
  const std::size_t k = s.pairwise.size();
  if (!a.pairwise.busy()) {
    ImGui::BeginDisabled(busy || k < 2);
    char run[64];
    std::snprintf(run, sizeof run, "Run %zu pairs", k * (k > 0 ? k - 1 : 0));
    if (ImGui::Button(run)) dag_adversary_command(app, "pairwise");
    ImGui::EndDisabled();
  } else {
    if (ImGui::Button("Cancel##pairs")) a.pairwise.cancel();
    ImGui::SameLine();
    ImGui::ProgressBar(static_cast<float>(a.pairwise.progress()), {-1, 0});
  }
  const auto& last = a.pairwise.last();
  if (!a.pairwise.busy() && last) {
    if (!last->error.empty()) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", last->error.c_str());
      ImGui::PopTextWrapPos();
    } else {
      const std::string csv = adversary_matrix_csv(last->matrix);
      if (ImGui::SmallButton("Copy CSV")) {
        ImGui::SetClipboardText(csv.c_str());
        set_status(app.state, "Copied the pairwise matrix as CSV");
      }
      ImGui::SameLine();
      if (ImGui::SmallButton("Save CSV"))
        set_status(app.state, platform_export_file("adversary_pairwise.csv", csv));
      ImGui::SameLine();
      ImGui::TextDisabled("%s s%s", short_number(last->seconds).c_str(),
                          last->matrix.cancelled ? ", cancelled" : "");
    }
  }
}

void draw_live_plot(const DagAdversaryState& a, ImVec2 size, float s) {
  const AdversaryLive l = a.search.live();
  const auto& last = a.search.last();
  const std::vector<core::AdversaryPoint>* hist = &l.history;
  if (!a.search.busy() && last && last->result) hist = &last->result->history;
  if (hist->empty()) {
    ImGui::TextDisabled("The best and the current ratio are plotted here while the search runs.");
    return;
  }
  PlotSeries best{"best ratio", IM_COL32(250, 150, 60, 255), {}, {}, true};
  PlotSeries cur{"current ratio", IM_COL32(110, 170, 240, 200), {}, {}, false};
  for (const auto& p : *hist) {
    best.x.push_back(static_cast<double>(p.iteration));
    best.y.push_back(p.best_ratio);
    cur.x.push_back(static_cast<double>(p.iteration));
    cur.y.push_back(p.current_ratio);
  }
  PlotAxes axes;
  axes.x_label = "iteration";
  axes.y_label = "makespan(A) / makespan(B)";
  axes.step = true;
  draw_line_plot("##adv_plot", size, {cur, best}, axes, s);
}

void draw_heatmap(App& app, DagAdversaryState& a, float s) {
  const auto& last = a.pairwise.last();
  if (!last || !last->error.empty() || last->matrix.schedulers.empty()) {
    ImGui::TextDisabled(a.pairwise.busy()
                            ? "Computing the pairwise matrix on a worker..."
                            : "Run the pairwise section for a heatmap of worst ratios.");
    return;
  }
  const auto& m = last->matrix;
  const int n = static_cast<int>(m.schedulers.size());
  double max_r = 1;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) max_r = std::max(max_r, m.ratio[i][j]);
  const float font = ImGui::GetFontSize();
  float label_w = 0;
  for (const auto& name : m.schedulers)
    label_w = std::max(label_w, ImGui::CalcTextSize(name.c_str()).x);
  label_w += 8 * s;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float head_h = font + 6 * s;
  // Square cells that fit the region, at least wide enough for "1.234" and the column's name.
  float cell = std::min((avail.x - label_w) / n, (avail.y - head_h - font * 1.5f) / n);
  cell = std::clamp(cell, ImGui::CalcTextSize("1.23").x + 6 * s, 90 * s);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGui::TextDisabled(
      "rows A, columns B: worst makespan(A) / makespan(B) found; click a cell to open it");
  const float top = o.y + font + 4 * s;
  for (int j = 0; j < n; ++j) {  // column names, cut to the cell
    const char* name = m.schedulers[j].c_str();
    const float w = ImGui::CalcTextSize(name).x;
    const float x = o.x + label_w + j * cell + std::max(2.0f, (cell - w) / 2);
    dl->PushClipRect({o.x + label_w + j * cell, top},
                     {o.x + label_w + (j + 1) * cell, top + head_h}, true);
    dl->AddText({x, top + 2 * s}, ImGui::GetColorU32(ImGuiCol_Text), name);
    dl->PopClipRect();
  }
  const float y0 = top + head_h;
  ImGui::SetCursorScreenPos({o.x, y0});
  ImGui::InvisibleButton("##heat", {label_w + n * cell, n * cell});
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (int i = 0; i < n; ++i) {
    const float y = y0 + i * cell;
    dl->AddText({o.x + 2 * s, y + (cell - font) / 2}, ImGui::GetColorU32(ImGuiCol_Text),
                m.schedulers[i].c_str());
    for (int j = 0; j < n; ++j) {
      const float x = o.x + label_w + j * cell;
      const double r = m.ratio[i][j];
      const ImU32 col = i == j ? IM_COL32(30, 30, 34, 255) : heat_colour(r, max_r);
      dl->AddRectFilled({x + 1, y + 1}, {x + cell - 1, y + cell - 1}, col);
      char txt[24];
      if (i == j)
        std::snprintf(txt, sizeof txt, "-");
      else if (r > 0)
        std::snprintf(txt, sizeof txt, "%s", format_real(r, 3).c_str());
      else
        std::snprintf(txt, sizeof txt, "?");
      const ImVec2 ts = ImGui::CalcTextSize(txt);
      const ImVec4 c = ImGui::ColorConvertU32ToFloat4(col);
      const bool light = c.x * 0.3f + c.y * 0.59f + c.z * 0.11f > 0.55f;
      dl->AddText({x + (cell - ts.x) / 2, y + (cell - ts.y) / 2},
                  light ? IM_COL32(15, 15, 20, 255) : IM_COL32(235, 235, 240, 255), txt);
      const bool in =
          hovered && mouse.x >= x && mouse.x < x + cell && mouse.y >= y && mouse.y < y + cell;
      if (in && i != j) {
        dl->AddRect({x, y}, {x + cell, y + cell}, view_ink(), 0, 0, 2 * s);
        ImGui::SetTooltip(
            "A = %s, B = %s: worst makespan(A) / makespan(B) found %s\nclick: open "
            "this instance (both Gantt charts)",
            m.schedulers[i].c_str(), m.schedulers[j].c_str(),
            r > 0 ? short_number(r).c_str() : "(not run)");
        if (clicked) {
          try {
            open_scenario(app, adversary_pair_scenario(m, i, j, a.settings),
                          "the pairwise matrix's worst instance");
          } catch (const std::exception& e) {
            set_status(app.state, e.what(), true);
          }
        }
      }
    }
  }
}

}  // namespace

bool dag_adversary_command(App& app, const std::string& command) {
  DagAdversaryState& a = dag_state(app).adversary;
  const AdversarySettings& s = a.settings;
  if (command == "cancel") {
    a.search.cancel();
    a.pairwise.cancel();
    return true;
  }
  if (command == "open_worst") {
    const auto& last = a.search.last();
    if (a.search.busy() || !last || !last->result) return false;
    const std::string name = app.state.scenario.value("name", std::string());
    open_scenario(app, adversary_worst_scenario(*last, s, name), "the adversary's worst instance");
    return true;
  }
  if (command != "start" && command != "pairwise") return false;
  if (app.state.kind != "dag" || a.search.busy() || a.pairwise.busy()) return false;
  a.error.clear();
  try {
    const core::AdversaryInstance start = adversary_start_instance(s, app.state.parsed);
    core::AdversaryOptions opts = adversary_options(s);
    if (command == "start") return a.search.start(start, opts);
    opts.iterations = s.pair_iterations;
    return a.pairwise.start(s.pairwise, start, opts);
  } catch (const std::exception& e) {
    a.error = e.what();
    return false;
  }
}

void dag_poll_adversary(App& app) {
  DagAdversaryState& a = dag_state(app).adversary;
  a.search.poll();
  a.pairwise.poll();
}

void draw_dag_adversary_tab(App& app, const DagModel& m) {
  DagAdversaryState& a = dag_state(app).adversary;
  a.shown = true;
  const float s = app.ui_scale;
  const float font = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float left_w = std::min(std::max(font * 24, avail.x * 0.34f), avail.x * 0.5f);
  ImGui::BeginChild("adv_settings", {left_w, 0}, false);
  const auto* scenario = dynamic_cast<const io::DagScenario*>(app.state.parsed.get());
  draw_search_settings(app, a, m.graph.size(), scenario ? scenario->processors : 1);
  draw_pairwise_settings(app, a);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("adv_results", {0, 0}, false);
  const ImVec2 r = ImGui::GetContentRegionAvail();
  const bool has_matrix = a.pairwise.busy() || a.pairwise.last();
  const float plot_h = has_matrix ? r.y * 0.4f : r.y;
  draw_live_plot(a, {r.x, std::max(plot_h, 120 * s)}, s);
  if (has_matrix) {
    ImGui::Spacing();
    draw_heatmap(app, a, s);
  }
  ImGui::EndChild();
}

}  // namespace loadlab::app
