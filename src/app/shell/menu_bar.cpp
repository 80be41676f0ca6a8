// File / View / Help menus and the import/export popups (desktop paths; the browser uses its own
// file picker and downloads through platform_*).
#include <imgui.h>

#include <cstring>

#include "app/shell/export_actions.h"
#include "app/shell/file_dialog.h"
#include "app/shell/live_update.h"
#include "app/shell/panel_help.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/session.h"
#include "app/shell/shortcuts.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"
#include "io/presets.h"

namespace loadlab::app {

void draw_menu_bar(App& app) {
  if (ImGui::BeginMainMenuBar()) {
    if (ImGui::BeginMenu("File")) {
      if (ImGui::MenuItem("Import scenario or graph (.json, .stg, .dot, .graph, .xyz)...")) {
        if (!platform_request_import()) app.open_import_popup = true;
      }
      if (ImGui::BeginMenu("Examples")) {
        // Labels are the names the examples load with (the scenario panel shows the same text).
        for (const auto& p : io::presets()) {
          if (ImGui::MenuItem(example_label(p).c_str())) open_example(app, p.name);
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", example_blurb(p).c_str());
        }
        ImGui::EndMenu();
      }
      draw_session_file_items(
          app);  // Save scenario (Ctrl+S), Restore last session (shell/session.cpp)
      draw_export_menu_items(app);  // Export > results CSV / TSV / JSON, view PNG / SVG
      ImGui::Separator();
      if (ImGui::MenuItem("Copy link", "Ctrl+L"))
        set_status(app.state,
                   "Link copied: " + platform_copy_link(shared_link_document(app).dump()));
      if (std::strcmp(platform_name(), "desktop") == 0) {
        ImGui::Separator();
        if (ImGui::MenuItem("Quit")) app.request_quit = true;
      }
      ImGui::EndMenu();
    }
    draw_edit_menu(app);  // Edit > Undo open
    if (ImGui::BeginMenu("View")) {
      if (ImGui::MenuItem("Reset zoom and pan")) {
        for (const KindModule* m : kind_modules()) m->reset_view(app);
      }
      draw_ui_scale_menu(app);  // shell/shortcuts.cpp: UI scale, Ctrl+= / Ctrl+-
      draw_theme_menu();        // shell/theme.cpp: dark, light, or the system's choice
      for (const KindModule* m : kind_modules()) m->draw_view_menu(app);
      ImGui::Separator();
      ImGui::MenuItem("Developer overlay", nullptr, &app.developer_overlay);
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
      if (ImGui::MenuItem("Welcome and examples...")) open_welcome(app);
      if (ImGui::MenuItem("Help on the selected algorithm", "F1")) open_help_for_selection(app);
      draw_help_menu_algorithms(app);
      if (ImGui::MenuItem("User guide")) open_user_guide(app);
      ImGui::Separator();
      ImGui::TextDisabled("Drag to pan, wheel to zoom, hover for details;");
      ImGui::TextDisabled("File > Copy link shares the scenario.");
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  // ImGui 1.86 indexes keys by the backend's key codes; GLFW_KEY_L is 'L' on both platforms.
  // F1: help on the selected algorithm (GLFW_KEY_F1 = 290 in the desktop and Emscripten GLFW).
  if (ImGui::IsKeyPressed(290, false)) open_help_for_selection(app);
  if (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('L', false))
    set_status(app.state, "Link copied: " + platform_copy_link(shared_link_document(app).dump()));

  // The desktop's Import and Save: the file dialog (shell/file_dialog.h), in a folder remembered
  // between sessions.
  if (app.open_import_popup) {
    FileDialogRequest r;
    r.mode = FileDialogMode::open;
    r.title = "Import a scenario or graph (.json, .stg, .dot, .graph, .xyz)";
    r.extensions = {".json", ".stg", ".dot", ".gv", ".graph", ".xyz"};
    r.on_chosen = [&app](const std::string& path) -> std::string {
      try {
        app.import_path = path;
        app_import_text(app, platform_read_file(path), path);
        return "Opening " + path + "...";
      } catch (const std::exception& e) {
        return std::string("Could not import: ") + e.what();
      }
    };
    file_dialog_open(std::move(r));
  }
  app.open_import_popup = app.open_export_popup = false;
  draw_file_dialog(app);
}

}  // namespace loadlab::app
