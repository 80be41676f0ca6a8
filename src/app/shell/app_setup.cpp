#include "app/shell/app_setup.h"

#include <imgui.h>

#include "io/presets.h"

namespace loadlab::app {

void setup_style(float scale) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
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
}

io::Json default_scenario() { return io::find_preset("wu_example3").scenario; }

}  // namespace loadlab::app
