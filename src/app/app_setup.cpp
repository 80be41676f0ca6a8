#include "app/app_setup.h"

#include <imgui.h>

#include "io/scenario.h"

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

io::Json default_scenario() {
  io::Json s = io::Json::parse(R"({"loadlab": 1, "kind": "balance",
    "name": "Wu, Example 3: a 3-cube with 63 tasks", "seed": 42,
    "topology": {"type": "hypercube", "dim": 3}, "loads": [19, 11, 2, 9, 0, 9, 10, 4]})");
  io::Json algs = io::Json::array();
  for (const auto& k : io::scenario_kinds())
    if (std::string(k.name) == "balance")
      for (const auto& a : k.algorithms()) algs.push_back(a);
  s["algorithms"] = algs;
  return s;
}

}  // namespace loadlab::app
