// The dynamic view's "Real threads" tab: the shared-memory strategies as
// executors on P real threads of this machine (Web Workers in the browser) over the scenario's own
// task tree or a UTS tree, against work / P (model_threads.h). Papers: 003 (randomized allocation,
// work stealing), 002 Section 2.5 (receiver-initiated), ../shared/seeds/.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/dynamic/module.h"
#include "app/dynamic/view_state.h"
#include "app/shell/app.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"

namespace loadlab::app {

namespace {

int thread_cap() {
  return std::string(platform_name()) == "web" ? DynamicThreadsLimits::max_threads_web
                                               : DynamicThreadsLimits::max_threads_native;
}

void init_request(DynamicViewState& c) {
  if (c.threads_request_init) return;
  c.threads_request.threads = std::clamp(platform_hardware_threads(), 1, std::min(4, thread_cap()));
  c.threads_request_init = true;
}

void poll_threads(App& app, DynamicViewState& c) {
  if (!c.threads.poll()) return;
  const auto& rep = c.threads.last();
  if (!rep) return;
  if (!rep->error.empty())
    set_status(app.state, "Real threads: " + rep->error, true);
  else {
    char buf[160];
    std::snprintf(buf, sizeof buf, "Ran %zu strategies on %d real threads (%s tasks)",
                  rep->rows.size(), rep->threads, format_int(rep->tasks).c_str());
    set_status(app.state, buf);
  }
}

}  // namespace

bool start_dynamic_threads(App& app) {
  DynamicViewState& c = dynamic_state(app);
  init_request(c);
  if (app.state.kind != "dynamic") return false;
  if (!c.threads.start(app.state.parsed, c.threads_request, platform_hardware_threads()))
    return false;
  set_status(app.state, "Running the executors on real threads (worker thread)...");
  return true;
}

void draw_dynamic_threads_tab(App& app, DynamicViewState& c) {
  const float s = app.ui_scale;
  init_request(c);
  poll_threads(app, c);
  DynamicThreadsRequest& req = c.threads_request;
  static const char* kWorkloads[] = {"scenario", "uts_geometric", "uts_binomial"};
  static const char* kLabels[] = {"the scenario's task tree", "UTS geometric (T1-like)",
                                  "UTS binomial (T3-like)"};
  int w = 0;
  for (int i = 0; i < 3; ++i)
    if (req.workload == kWorkloads[i]) w = i;
  ImGui::SetNextItemWidth(220 * s);
  if (ImGui::Combo("workload", &w, kLabels, 3)) req.workload = kWorkloads[w];
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110 * s);
  readable_slider_int("threads", &req.threads, 1, thread_cap());
  if (req.workload == "scenario") {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110 * s);
    float t = static_cast<float>(req.target_seconds);
    if (readable_slider_float("s of work", &t, 0.05f, 2.0f, "%.2f", ImGuiSliderFlags_Logarithmic))
      req.target_seconds = t;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Each model time unit spins so long that the whole tree takes this long on one thread.");
  }
  ImGui::SameLine();
  const bool busy = c.threads.busy();
  ImGui::BeginDisabled(busy);
  if (ImGui::Button("Run on real threads")) start_dynamic_threads(app);
  ImGui::EndDisabled();
  if (busy) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) c.threads.cancel();
    ImGui::ProgressBar(static_cast<float>(c.threads.progress()), {-1, 0},
                       "running on real threads...");
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped(
      "The shared-memory strategies the scenario names (none, random, work_stealing, receiver; all "
      "four "
      "if it names none) as executors on P real threads (%s), with the scenario's params. The "
      "scenario's "
      "tree: its initial tasks as roots and its spawn shape, each time unit a calibrated spin; "
      "arrivals "
      "are ignored (a real run has no virtual clock).",
      std::string(platform_name()) == "web" ? "Web Workers" : "std::thread");
  ImGui::PopStyleColor();
  const auto& rep = c.threads.last();
  if (!rep) {
    ImGui::TextWrapped("Not run yet. %d hardware threads here.", platform_hardware_threads());
    return;
  }
  if (!rep->error.empty()) ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", rep->error.c_str());
  ImGui::Text("%s: %s tasks, %d threads on %d hardware threads; one thread, no queues: %s s%s",
              rep->workload.c_str(), format_int(rep->tasks).c_str(), rep->threads,
              rep->hardware_threads, short_number(rep->sequential_seconds).c_str(),
              rep->seconds_per_unit > 0
                  ? (", " + short_number(rep->seconds_per_unit * 1e6) + " µs per unit").c_str()
                  : "");
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##dyn_threads", 8, flags)) {
    for (const char* h : {"strategy", "time (s)", "work / P (s)", "efficiency", "steals",
                          "attempts", "migrations", "verified"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& row : rep->rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.strategy.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(short_number(row.seconds).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(
          short_number(rep->sequential_seconds / std::max(1, rep->threads)).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.0f%%", 100 * row.efficiency);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(row.steals).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(row.steal_attempts).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_int(row.migrations).c_str());
      ImGui::TableNextColumn();
      if (row.verified)
        ImGui::TextColored({0.45f, 0.95f, 0.45f, 1}, "yes");
      else
        ImGui::TextColored({1, 0.4f, 0.4f, 1}, "NO");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "executed exactly the tree's %s tasks (count and key sum against an independent count)",
            format_int(rep->tasks).c_str());
    }
    ImGui::EndTable();
  }
  if (rep->rows.empty()) return;
  // Efficiency per strategy, and tasks per thread of each (how evenly the work spread).
  std::vector<std::string> names;
  std::vector<double> eff;
  for (const auto& row : rep->rows)
    names.push_back(row.strategy), eff.push_back(100 * row.efficiency);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float half = std::floor((avail.x - 8 * s) / 2);
  PlotAxes ax;
  ax.legend = false;
  ax.y_label = "efficiency (%): work / (P x time)";
  draw_bar_chart("##dyn_thr_eff", {half, avail.y}, names,
                 {{"efficiency", IM_COL32(120, 210, 130, 255), {}, eff, false}}, ax,
                 {{100, IM_COL32(255, 255, 255, 120), "work / P"}}, s);
  ImGui::SameLine(0, 8 * s);
  std::vector<PlotSeries> per_thread;
  for (int t = 0; t < rep->threads; ++t) {
    PlotSeries ps{"thread " + std::to_string(t), palette_colour(t, 0.85f), {}, {}, false};
    for (const auto& row : rep->rows)
      ps.y.push_back(t < static_cast<int>(row.tasks_per_thread.size())
                         ? static_cast<double>(row.tasks_per_thread[static_cast<std::size_t>(t)])
                         : 0.0);
    per_thread.push_back(std::move(ps));
  }
  PlotAxes ax2;
  ax2.y_label = "tasks run by each thread";
  ax2.legend = rep->threads <= 8;
  draw_bar_chart("##dyn_thr_tasks", {0, avail.y}, names, per_thread, ax2, {}, s);
}

}  // namespace loadlab::app
