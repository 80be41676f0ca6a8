#include "app/shell/shortcuts.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/session.h"
#include "app/shell/ui.h"

namespace loadlab::app {
namespace {

constexpr std::array<float, 12> kScales{0.5f, 0.67f, 0.75f, 0.8f,  0.9f, 1.0f,
                                        1.1f, 1.25f, 1.5f,  1.75f, 2.0f, 2.5f};

// ImGui 1.86 indexes keys by the backend's (GLFW's) key codes on both platforms.
bool pressed(int key, bool repeat = false) {
  return ImGui::IsKeyPressed(key, repeat);
}

float next_scale(float now, int direction) {
  if (direction > 0) {
    for (float s : kScales)
      if (s > now + 0.01f) return s;
    return kScales.back();
  }
  for (auto it = kScales.rbegin(); it != kScales.rend(); ++it)
    if (*it < now - 0.01f) return *it;
  return kScales.front();
}

// Space and the arrow keys drive the current kind's step player (KindModule::toggle_play).
void toggle_play(App& app) {
  if (const KindModule* k = find_kind_module(app.state.kind)) k->toggle_play(app);
}

void step_by(App& app, int delta) {
  if (const KindModule* k = find_kind_module(app.state.kind)) k->step_by(app, delta);
}

}  // namespace

void set_user_ui_scale(App& app, float scale) {
  app.ui_scale_user = std::clamp(scale, kScales.front(), 3.0f);
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", app.ui_scale_user);
  platform_save_setting("ui_scale", text);
}

void load_user_ui_scale(App& app) {
  const std::string saved = platform_load_setting("ui_scale");
  const float s = saved.empty() ? 1.0f : std::strtof(saved.c_str(), nullptr);
  if (std::isfinite(s) && s > 0) app.ui_scale_user = std::clamp(s, kScales.front(), 3.0f);
}

void handle_shortcuts(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && !io.KeyAlt) {
    if (pressed(GLFW_KEY_EQUAL, true) || pressed(GLFW_KEY_KP_ADD, true))
      set_user_ui_scale(app, next_scale(app.ui_scale_user, +1));
    if (pressed(GLFW_KEY_MINUS, true) || pressed(GLFW_KEY_KP_SUBTRACT, true))
      set_user_ui_scale(app, next_scale(app.ui_scale_user, -1));
    if (pressed(GLFW_KEY_0)) set_user_ui_scale(app, 1.0f);
  }
  if (io.WantTextInput) return;  // a text field has focus: keys are text
  // Ctrl+Z undoes the last open (not while typing: a text field has its own undo).
  if (io.KeyCtrl && !io.KeyShift && !io.KeyAlt && pressed(GLFW_KEY_Z)) {
    undo_open(app);
    return;
  }
  if (io.KeyCtrl && !io.KeyAlt && pressed(GLFW_KEY_S)) {
    save_scenario(app);
    return;
  }
  if (io.KeyCtrl && (pressed(GLFW_KEY_ENTER) || pressed(GLFW_KEY_KP_ENTER))) {
    app_run(app);
    return;
  }
  if (io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
  if (pressed(GLFW_KEY_SPACE)) toggle_play(app);
  if (pressed(GLFW_KEY_RIGHT, true)) step_by(app, +1);
  if (pressed(GLFW_KEY_LEFT, true)) step_by(app, -1);
}

void draw_ui_scale_menu(App& app) {
  if (!ImGui::BeginMenu("UI scale")) return;
  for (float s : kScales) {
    char label[16];
    std::snprintf(label, sizeof label, "%d%%", static_cast<int>(std::lround(s * 100)));
    if (ImGui::MenuItem(label, nullptr, std::fabs(app.ui_scale_user - s) < 0.01f))
      set_user_ui_scale(app, s);
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Larger", "Ctrl+="))
    set_user_ui_scale(app, next_scale(app.ui_scale_user, +1));
  if (ImGui::MenuItem("Smaller", "Ctrl+-"))
    set_user_ui_scale(app, next_scale(app.ui_scale_user, -1));
  if (ImGui::MenuItem("Reset", "Ctrl+0")) set_user_ui_scale(app, 1.0f);
  ImGui::TextDisabled("display scale x %.2f = %.2f", app.ui_scale_user, app.ui_scale);
  ImGui::EndMenu();
}

}  // namespace loadlab::app
