// File / View / Help menus and the import/export popups (desktop paths; the browser uses its own
// file picker and downloads through platform_*).
#include <imgui.h>

#include <cstring>

#include "app/balance/view_experiments.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "io/presets.h"

namespace loadlab::app {

namespace {

bool path_popup(const char* id, std::string& path, const char* button) {
  bool go = false;
  if (ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    char buf[1024];
    std::snprintf(buf, sizeof buf, "%s", path.c_str());
    ImGui::SetNextItemWidth(420 * ImGui::GetFontSize() / 13.0f);
    if (ImGui::InputText("Path", buf, sizeof buf)) path = buf;
    if (ImGui::Button(button)) {
      go = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  return go;
}

}  // namespace

void draw_menu_bar(App& app) {
  if (ImGui::BeginMainMenuBar()) {
    if (ImGui::BeginMenu("File")) {
      if (ImGui::MenuItem("Import scenario or graph (.json, .stg, .dot)...")) {
        if (!platform_request_import()) app.open_import_popup = true;
      }
      if (ImGui::BeginMenu("Examples")) {
        for (const auto& p : io::presets())
          if (ImGui::MenuItem(p.title.c_str())) app_load_scenario(app, p.scenario, "example " + p.name);
        ImGui::EndMenu();
      }
      if (ImGui::MenuItem("Export scenario JSON...")) {
        if (std::strcmp(platform_name(), "web") == 0)
          set_status(app.state, platform_export_file("scenario.json", app.state.scenario.dump(2)));
        else
          app.open_export_popup = true;
      }
      if (ImGui::MenuItem("Export results JSON...", nullptr, false, !app.state.results.is_null()))
        set_status(app.state, platform_export_file("results.json", app.state.results.dump(2)));
      ImGui::Separator();
      if (ImGui::MenuItem("Copy link", "Ctrl+L"))
        set_status(app.state, "Link copied: " + platform_copy_link(app.state.scenario.dump()));
      if (std::strcmp(platform_name(), "desktop") == 0) {
        ImGui::Separator();
        if (ImGui::MenuItem("Quit")) app.request_quit = true;
      }
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
      if (ImGui::MenuItem("Reset zoom and pan")) app.balance.view.reset();
      ImGui::MenuItem("Paper 000 experiments (Wu)...", nullptr, &experiments_window_open(app));
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
      ImGui::TextUnformatted("LoadLab: the algorithms of five classic papers on load balancing");
      ImGui::TextUnformatted("and scheduling, run in your browser. Drag to pan, wheel to zoom,");
      ImGui::TextUnformatted("hover a node for details. File > Copy link shares the scenario.");
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  // ImGui 1.86 indexes keys by the backend's key codes; GLFW_KEY_L is 'L' on both platforms.
  if (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('L', false))
    set_status(app.state, "Link copied: " + platform_copy_link(app.state.scenario.dump()));

  if (app.open_import_popup) ImGui::OpenPopup("Import scenario");
  if (app.open_export_popup) ImGui::OpenPopup("Export scenario");
  app.open_import_popup = app.open_export_popup = false;
  if (path_popup("Import scenario", app.import_path, "Import")) {
    try {
      app_import_text(app, platform_read_file(app.import_path), app.import_path);
    } catch (const std::exception& e) {
      set_status(app.state, e.what(), true);
    }
  }
  if (path_popup("Export scenario", app.export_path, "Export"))
    set_status(app.state, platform_export_file(app.export_path, app.state.scenario.dump(2)));
}

}  // namespace loadlab::app
