#include "app/shell/panel_narration.h"

#include <imgui.h>

#include <algorithm>

#include "app/shell/model_narration.h"
#include "app/shell/ui.h"

namespace loadlab::app {

namespace {
// Caption lines the strip keeps room for (a longer caption scrolls inside it).
constexpr float kNarrationCaptionLines = 4.0f;
}  // namespace

float narration_strip_height(const App& app, float max_height) {
  const ShownNarration s = shown_narration(app);
  if (!s.narration) return 0;
  float lines = kNarrationCaptionLines;
  if (app.help.narration_code_open)
    lines = std::max(lines, static_cast<float>(s.narration->pseudocode.size()) + 1.5f);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float h = lines * ImGui::GetTextLineHeightWithSpacing() + 2 * style.WindowPadding.y +
                  ImGui::GetFrameHeight();
  return std::min(h, max_height);
}

void draw_narration_strip(App& app) {
  const ShownNarration s = shown_narration(app);
  if (!s.narration) return;
  const core::Narration& n = *s.narration;
  const core::StepCaption& cap = *s.caption();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool open = app.help.narration_code_open;
  const float code_w = open ? avail.x * 0.42f : ImGui::CalcTextSize("> Pseudo-code").x * 1.6f;
  const float caption_w = std::max(50.0f, avail.x - code_w - ImGui::GetStyle().ItemSpacing.x);

  if (ImGui::BeginChild("##narration_caption", {caption_w, avail.y}, true)) {
    ImGui::TextDisabled("Step %d of %d (%s)", s.step, static_cast<int>(n.steps.size()) - 1,
                        n.algorithm.c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(cap.text.c_str());
    if (!n.citation.empty()) ImGui::TextDisabled("Source: %s", n.citation.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  if (ImGui::BeginChild("##narration_code", {0, avail.y}, true,
                        ImGuiWindowFlags_HorizontalScrollbar)) {
    ImGui::SetNextItemOpen(open, ImGuiCond_Always);
    app.help.narration_code_open = ImGui::CollapsingHeader("Pseudo-code");
    if (app.help.narration_code_open) {
      const ImU32 lit_bg = ImGui::GetColorU32(ImGuiCol_TextSelectedBg);
      for (std::size_t i = 0; i < n.pseudocode.size(); ++i) {
        const bool lit = static_cast<int>(i) == cap.line;
        if (lit) {
          const ImVec2 p = ImGui::GetCursorScreenPos();
          const ImVec2 sz = ImGui::CalcTextSize(n.pseudocode[i].c_str());
          ImGui::GetWindowDrawList()->AddRectFilled(
              p, {p.x + std::max(sz.x, ImGui::GetContentRegionAvail().x), p.y + sz.y}, lit_bg);
          ImGui::Text("> %s", n.pseudocode[i].c_str());
        } else {
          ImGui::Text("  %s", n.pseudocode[i].c_str());
        }
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace loadlab::app
