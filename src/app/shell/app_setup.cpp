#include "app/shell/app_setup.h"

#include <imgui.h>

#include <cstdio>

#include "io/presets.h"

namespace loadlab::app {

namespace {
ImFont* g_monospace = nullptr;
}  // namespace

ImFont* monospace_font() { return g_monospace; }

void setup_style(float scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();  // from the defaults: ScaleAllSizes on a scaled style would compound
  ImGui::StyleColorsDark();
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  style.ScaleAllSizes(scale);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig cfg;
  cfg.SizePixels = 13.0f * scale;
  cfg.OversampleH = cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  io.Fonts->AddFontDefault(&cfg);
  // The JSON editor's font: ProggyClean (monospace) even if the UI font above changes.
  ImFontConfig mono = cfg;
  std::snprintf(mono.Name, sizeof mono.Name, "monospace");
  g_monospace = io.Fonts->AddFontDefault(&mono);
}

io::Json default_scenario() { return io::find_preset("wu_example3").scenario; }

}  // namespace loadlab::app
