#include "app/shell/ui.h"

#include <imgui.h>

#include <algorithm>

#include "app/model/autosave.h"
#include "app/shell/live_update.h"
#include "app/shell/panel_lessons.h"
#include "app/shell/panel_narration.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/session.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

// What every way of opening does once the scenario is parsed: install it, reset the kind's form
// and the views for a new scenario (not for a form's own edit), and run it.
// `editor_text`: the document as the JSON editor shows it, when the opener made it on its worker.
void installed(App& app, const std::string& origin, OpenMode mode, bool run,
               std::string* editor_text = nullptr) {
  if (mode == OpenMode::load) {
    app.scenario_edited = app.scenario_named = false;
    app.state.status_pinned = false;  // a new scenario: an old link's error no longer applies
    app.link.run_note.clear();
    kinds_opened(app);  // the kind reads its form and "ui"; the others reset what it invalidates
    set_status(app.state, "Loaded " + origin + " (" + app.state.kind + ")");
  } else {
    if (app.edit_changes_scenario) app.scenario_edited = true;
    set_status(app.state,
               "Scenario updated" + (app.link.run_note.empty() ? "" : ": " + app.link.run_note));
  }
  if (editor_text)
    app.json_editor = std::move(*editor_text);
  else
    app.json_editor = app.state.scenario.dump(2);
  // Run straight away so a shared link shows its results without a click.
  if (run) app_run(app);
}

}  // namespace

int app_load_scenario(App& app, const io::Json& scenario, const std::string& origin) {
  app.open_runs = true;
  return app.opener.open_json(scenario, origin, OpenMode::load);
}

int app_import_text(App& app, const std::string& text, const std::string& origin) {
  // A file a kind imports (a task graph, a mesh: KindModule::importers) opens as a scenario
  // around it, on the worker too (scenario_opener.cpp).
  app.open_runs = true;
  // A file that modifies the current scenario (a .xyz's coordinates onto an imported mesh).
  if (app.opener.opens_onto(origin))
    return app.opener.open_file_onto(app_edit_base(app), text, origin, OpenMode::load);
  return app.opener.open_text(text, origin, OpenMode::load);
}

int app_apply_edit(App& app, const io::Json& scenario, bool run) {
  app.open_runs = run;
  // A view-only change (the "ui" member: a tab, a zoom) leaves the title alone.
  app.edit_changes_scenario = !same_scenario(scenario, app_edit_base(app));
  return app.opener.open_json(scenario, "the form", OpenMode::edit);
}

const io::Json& app_edit_base(const App& app) {
  if (app.link.edit_pending) return app.link.pending_edit;  // waiting for the typing to pause
  if (const io::Json* pending = app.opener.pending_edit()) return *pending;
  return app.state.scenario;
}

namespace {

// The arrays app_edit_copy leaves out: (member, array) pairs, when longer than kBulkyElements.
constexpr const char* kBulky[][2] = {{"graph", "tasks"},  {"graph", "edges"},
                                     {"mesh", "edges"},   {"mesh", "coordinates"},
                                     {"mesh", "weights"}, {"topology", "edges"}};
constexpr std::size_t kBulkyElements = 256;

bool edit_is_bulky(const io::Json& base, const char* member, const char* array) {
  if (!base.is_object()) return false;
  const auto m = base.find(member);
  if (m == base.end() || !m->is_object()) return false;
  const auto a = m->find(array);
  return a != m->end() && a->is_array() && a->size() > kBulkyElements;
}

}  // namespace

io::Json app_edit_copy(const App& app) {
  const io::Json& base = app_edit_base(app);
  if (!base.is_object()) return base;
  io::Json doc = io::Json::object();
  for (auto it = base.begin(); it != base.end(); ++it) {
    bool shallow = false;
    for (const auto& b : kBulky) shallow |= it.key() == b[0] && edit_is_bulky(base, b[0], b[1]);
    if (!shallow) {
      doc[it.key()] = it.value();
      continue;
    }
    io::Json& member = doc[it.key()] = io::Json::object();
    for (auto jt = it.value().begin(); jt != it.value().end(); ++jt) {
      bool skip = false;
      for (const auto& b : kBulky)
        skip |= it.key() == b[0] && jt.key() == b[1] && edit_is_bulky(base, b[0], b[1]);
      member[jt.key()] = skip ? io::Json::array() : jt.value();
    }
  }
  return doc;
}

void app_edit_restore(const App& app, io::Json& doc) {
  const io::Json& base = app_edit_base(app);
  if (!doc.is_object()) return;
  for (const auto& b : kBulky) {
    if (!edit_is_bulky(base, b[0], b[1])) continue;
    const auto m = doc.find(b[0]);
    if (m == doc.end() || !m->is_object()) continue;
    const auto a = m->find(b[1]);
    // Still the empty placeholder: the form left it alone (a replaced member keeps its own).
    if (a != m->end() && a->is_array() && a->empty()) *a = base[b[0]][b[1]];
  }
}

bool app_load_scenario_now(App& app, const io::Json& scenario, const std::string& origin,
                           bool run) {
  if (auto err = set_scenario(app.state, scenario, derive_kind_scenario)) {
    set_status(app.state, "Could not load " + origin + ": " + *err, true);
    return false;
  }
  installed(app, origin, OpenMode::load, run);
  return true;
}

void app_poll_open(App& app) {
  auto out = app.opener.poll();
  if (!out) return;
  if (out->cancelled) {
    set_status(app.state, "Opening " + out->origin + " cancelled; the scenario is unchanged");
    return;
  }
  if (!out->parsed) {
    set_status(app.state, "Could not load " + out->origin + ": " + out->error, true);
    return;
  }
  session_before_install(app, *out);  // keeps the replaced scenario for Edit > Undo open
  install_scenario(app.state, std::move(out->parsed), std::move(out->derived),
                   std::move(out->document));
  installed(app, out->origin, out->mode, app.open_runs, &out->document_text);
}

void app_run(App& app) {
  // A newer scenario supersedes the running one (e.g. a share link opened while the default
  // scenario still runs): the job is cancelled and this one starts when it has stopped. Run again
  // on the scenario already computing is a no-op: restarting it would only lose work (repeated
  // clicks, or a script calling run() while it waits, could otherwise keep it from finishing).
  if (app.jobs.busy() && app.jobs_scenario == app.state.parsed) return;
  app.jobs_scenario = app.state.parsed;
  ++app.runs_started;
  app.last_run = "running";
  start_scenario_run(app.jobs, app.state.parsed);
}

void app_cancel_run(App& app) {
  if (!app.jobs.busy()) return;
  app.jobs.cancel();
  set_status(app.state, "Cancelling the run (it stops after the algorithm it is on)...");
}

void app_poll_jobs(App& app) {
  app_poll_open(app);
  auto out = app.jobs.poll();
  if (!out) return;
  app.state.worker_ran = true;
  app.state.worker_thread_differs = out->ran_on_other_thread;
  // A run of a scenario that has since been replaced (opened or edited without a new run) must
  // not show its results under the new one.
  if (app.jobs_scenario != app.state.parsed) return;
  if (out->error == "cancelled") {
    ++app.runs_cancelled;
    app.last_run = "cancelled";
    set_status(app.state, "Run cancelled; the results shown are from the run before.");
    return;
  }
  if (!out->error.empty()) {
    app.last_run = "failed";
    set_status(app.state, "Run failed: " + out->error, true);
    return;
  }
  app.last_run = "done";
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
  std::size_t failed = 0;
  for (const auto& r : app.state.typed_results) failed += r && r->failed() ? 1 : 0;
  char buf[160];
  std::snprintf(buf, sizeof buf, "Ran %zu algorithm(s) in %.3f s on a worker thread%s",
                app.state.results.size(), out->seconds,
                failed == 0   ? ""
                : failed == 1 ? "; 1 failed (its row says why)"
                              : "; some failed (their rows say why)");
  // What the form changed to keep the scenario valid (e.g. loads resized) stays visible.
  set_status(app.state,
             app.link.run_note.empty() ? std::string(buf) : buf + ("; " + app.link.run_note));
}

void draw_open_progress(App& app) {
  // Shown only for opens that take a moment (big generators): quick ones finish unseen.
  if (!app.opener.busy()) {
    app.open_shown_frames = 0;
    return;
  }
  if (++app.open_shown_frames < 3) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.4f},
      ImGuiCond_Always, {0.5f, 0.5f});
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("##opening", nullptr, flags)) {
    ImGui::Text("Opening scenario... (%s)", app.opener.origin().c_str());
    ImGui::ProgressBar(static_cast<float>(app.opener.progress()), {260 * app.ui_scale, 0});
    ImGui::TextDisabled("The current scenario stays until the new one is ready.");
    if (ImGui::Button("Cancel##open", {-1, 0})) app.opener.cancel();
  }
  ImGui::End();
}

void draw_frame(App& app, float dt) {
  app.state.frames++;
  app_poll_jobs(app);
  session_frame(app, ImGui::GetTime());  // start-up restore, debounced autosave (shell/session.h)
  live_update_tick(app, ImGui::GetTime());  // a form edit whose pause is over is applied and run
  const KindModule* kind = find_kind_module(app.state.kind);
  if (kind) kind->frame(app, dt);  // e.g. an opened link's "ui" applied to its results, playback

  draw_menu_bar(app);
  // The page's (or window's) title follows the scenario's.
  static std::string shown_title;
  if (const std::string t = scenario_title(app); t != shown_title) {
    shown_title = t;
    platform_set_title(t);
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float s = app.ui_scale;
  const float status_h = ImGui::GetFrameHeight() + 6 * s;
  // The scenario panel is resizable by its right edge; its width is kept in unscaled units so it
  // follows the UI scale.
  const float left_max = std::max(200.0f * s, vp->WorkSize.x * 0.6f);
  const float left_default = std::min(360.0f * s, vp->WorkSize.x * 0.45f);
  const float left_w =
      std::clamp(app.left_width_units > 0 ? app.left_width_units * s : left_default,
                 std::min(200.0f * s, left_max), left_max);
  if (!app.help.layout_settings_loaded) {
    app.help.layout_settings_loaded = true;
    load_results_height_setting(app);
    load_caption_strip_setting(app);
  }
  // Results pane: as tall as its rows need, but the view keeps 56% of the window's height (or the
  // kind's KindModule::view_share; at
  // 1280 x 800 a paper example's rows fit, a long table scrolls); its top edge drags it to any
  // height, remembered (panel_results.cpp).
  const float work_h = vp->WorkSize.y - status_h;
  const float results_h = results_pane_height(
      app, app.help.results_height > 0
               ? work_h - 120.0f * s
               : std::max(140.0f * s, work_h - narration_line_height(app) -
                                          (kind ? kind->view_share(app) : 0.56f) * vp->Size.y));
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

  ImGui::SetNextWindowPos(vp->WorkPos);
  const float left_h = vp->WorkSize.y - status_h;
  static float left_applied_scale = 0, left_applied_h = 0;
  if (left_applied_scale != s || left_applied_h != left_h) {
    ImGui::SetNextWindowSize({left_w, left_h});
    left_applied_scale = s, left_applied_h = left_h;
  } else {
    ImGui::SetNextWindowSizeConstraints({std::min(200.0f * s, left_max), left_h},
                                        {left_max, left_h});
  }
  if (ImGui::Begin("Scenario", nullptr, fixed & ~ImGuiWindowFlags_NoResize)) {
    app.left_width_units = ImGui::GetWindowWidth() / s;
    draw_scenario_panel(app);
  }
  ImGui::End();

  const float left_now =
      std::clamp(app.left_width_units * s, std::min(200.0f * s, left_max), left_max);
  const ImVec2 main_pos{vp->WorkPos.x + left_now, vp->WorkPos.y};
  const float view_h = vp->WorkSize.y - status_h - results_h;
  // The caption strip's room comes out of the view's, so it never covers the view: one line
  // unless opened.
  const float narration_h = narration_strip_height(app, view_h * 0.4f);
  const ImVec2 main_size{vp->WorkSize.x - left_now, view_h - narration_h};
  ImGui::SetNextWindowPos(main_pos);
  ImGui::SetNextWindowSize(main_size);
  const char* title = kind ? kind->window_title() : "Scenario JSON###main";
  // No title bar: the summary line and the tabs say what the view shows, the drawing gets the room.
  if (ImGui::Begin(title, nullptr,
                   fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                       ImGuiWindowFlags_NoScrollWithMouse)) {
    const ImVec2 vp0 = ImGui::GetWindowPos(), vsz = ImGui::GetWindowSize();
    app.help.view_box[0] = vp0.x, app.help.view_box[1] = vp0.y;
    app.help.view_box[2] = vp0.x + vsz.x, app.help.view_box[3] = vp0.y + vsz.y;
    draw_banner(app);  // errors above the view, until dismissed
    if (kind)
      kind->draw_views(app);
    else
      draw_json_view(app);
  }
  ImGui::End();

  if (narration_h > 0) {
    ImGui::SetNextWindowPos({main_pos.x, main_pos.y + main_size.y});
    ImGui::SetNextWindowSize({main_size.x, narration_h});
    const bool one_line = !app.help.caption_open;
    const ImVec2 pad = ImGui::GetStyle().WindowPadding;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {pad.x, one_line ? pad.y * 0.5f : pad.y});
    if (ImGui::Begin(
            "##narration", nullptr,
            fixed | ImGuiWindowFlags_NoTitleBar |
                (one_line ? ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse : 0)))
      draw_narration_strip(app);
    ImGui::End();
    ImGui::PopStyleVar();
  }

  ImGui::SetNextWindowPos({main_pos.x, main_pos.y + main_size.y + narration_h});
  ImGui::SetNextWindowSize({main_size.x, results_h});
  // No title bar: its drag bar and export buttons mark the pane (the rows get the room).
  if (ImGui::Begin("Results", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) {
    const ImVec2 rp = ImGui::GetWindowPos(), rs = ImGui::GetWindowSize();
    app.help.results_box[0] = rp.x, app.help.results_box[1] = rp.y;
    app.help.results_box[2] = rp.x + rs.x, app.help.results_box[3] = rp.y + rs.y;
    draw_results_panel(app);
  }
  ImGui::End();

  ImGui::SetNextWindowPos({vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - status_h});
  ImGui::SetNextWindowSize({vp->WorkSize.x, status_h});
  if (ImGui::Begin("##status", nullptr,
                   fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
    draw_status_line(app);
  ImGui::End();

  for (const KindModule* m : kind_modules()) m->draw_windows(app);  // e.g. balance's experiments
  draw_open_progress(app);
  draw_welcome_window(app);
  draw_lesson_window(app);
  draw_help_window(app);
  draw_user_guide_window(app);
  draw_developer_overlay(app, dt);
}

}  // namespace loadlab::app
