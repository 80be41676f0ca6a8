#include "app/shell/ui.h"

#include <imgui.h>

#include <algorithm>

#include "app/dag/model_import.h"
#include "app/shell/kinds.h"
#include "app/balance/view_experiments.h"
#include "app/shell/platform.h"
#include "io/scenario.h"

namespace loadlab::app {

bool app_load_scenario(App& app, const io::Json& scenario, const std::string& origin) {
  if (auto err = set_scenario(app.state, scenario)) {
    set_status(app.state, "Could not load " + origin + ": " + *err, true);
    return false;
  }
  if (const UiKind* k = find_ui_kind(app.state.kind); k && k->on_load) k->on_load(app);
  app.json_editor = app.state.scenario.dump(2);
  app.balance.view.reset();
  set_status(app.state, "Loaded " + origin + " (" + app.state.kind + ")");
  // Run straight away so a shared link shows its results without a click.
  app_run(app);
  return true;
}

bool app_import_text(App& app, const std::string& text, const std::string& origin) {
  try {
    // A bare task graph (.stg, .dot, WfCommons .json) opens as a dag scenario around it.
    if (auto wrapped = wrap_graph_file_as_scenario(origin, text))
      return app_load_scenario(app, *wrapped, origin);
    return app_load_scenario(app, io::parse_json_text(text, io::ScenarioLimits::max_document_bytes),
                             origin);
  } catch (const io::ScenarioError& e) {
    set_status(app.state, "Could not load " + origin + ": " + e.what(), true);
    return false;
  }
}

void app_run(App& app) {
  // A newer scenario supersedes the running one (e.g. a share link opened while the default
  // scenario still runs): the job is cancelled and this one starts when it has stopped.
  start_scenario_run(app.jobs, app.state.parsed);
}

void app_poll_jobs(App& app) {
  auto out = app.jobs.poll();
  if (!out) return;
  app.state.worker_ran = true;
  app.state.worker_thread_differs = out->ran_on_other_thread;
  if (!out->error.empty()) {
    set_status(app.state, "Run failed: " + out->error, true);
    return;
  }
  // Keep the user's selection across re-runs (live update) by algorithm name.
  std::string selected;
  const auto& before = app.state.results;
  if (before.is_array() && app.state.selected_result < static_cast<int>(before.size()))
    selected = before[app.state.selected_result].value("algorithm", "");
  set_results(app.state, std::move(out->results), std::move(out->result["results"]));
  app.state.selected_result = 0;
  for (std::size_t i = 0; i < app.state.results.size(); ++i)
    if (app.state.results[i].value("algorithm", "") == selected)
      app.state.selected_result = static_cast<int>(i);
  app.state.step = 0;
  char buf[128];
  std::snprintf(buf, sizeof buf, "Ran %zu algorithm(s) in %.3f s on a worker thread",
                app.state.results.size(), out->seconds);
  set_status(app.state, buf);
}

void draw_frame(App& app, float dt) {
  app.state.frames++;
  app_poll_jobs(app);
  // Step animation: one communication step per 0.8 s while playing.
  if (app.balance.playing) {
    app.balance.play_clock += dt;
    const int steps = step_count(app.state, app.state.selected_result);
    if (app.balance.play_clock > 0.8) {
      app.balance.play_clock = 0;
      if (app.state.step < steps) app.state.step++;
      else app.balance.playing = false;
    }
  }

  draw_menu_bar(app);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float s = app.ui_scale;
  const float status_h = ImGui::GetFrameHeight() + 6 * s;
  const float left_w = std::min(340.0f * s, vp->WorkSize.x * 0.45f);
  const float results_h = std::max(140.0f * s, vp->WorkSize.y * 0.28f);
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize({left_w, vp->WorkSize.y - status_h});
  if (ImGui::Begin("Scenario", nullptr, fixed)) draw_scenario_panel(app);
  ImGui::End();

  const ImVec2 main_pos{vp->WorkPos.x + left_w, vp->WorkPos.y};
  const ImVec2 main_size{vp->WorkSize.x - left_w, vp->WorkSize.y - status_h - results_h};
  ImGui::SetNextWindowPos(main_pos);
  ImGui::SetNextWindowSize(main_size);
  const UiKind* kind = find_ui_kind(app.state.kind);
  const char* title = kind ? kind->window_title : "Scenario JSON###main";
  if (ImGui::Begin(title, nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    if (kind) kind->draw_views(app);
    else draw_json_view(app);
  }
  ImGui::End();

  ImGui::SetNextWindowPos({main_pos.x, main_pos.y + main_size.y});
  ImGui::SetNextWindowSize({main_size.x, results_h});
  if (ImGui::Begin("Results", nullptr, fixed)) draw_results_panel(app);
  ImGui::End();

  ImGui::SetNextWindowPos({vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - status_h});
  ImGui::SetNextWindowSize({vp->WorkSize.x, status_h});
  if (ImGui::Begin("##status", nullptr, fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
    draw_status_line(app);
  ImGui::End();

  draw_experiments_window(app);
}

}  // namespace loadlab::app
