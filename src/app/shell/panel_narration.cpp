#include "app/shell/panel_narration.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/shell/model_narration.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "app/widgets/number_field.h"
#include "app/widgets/plot_util.h"

namespace loadlab::app {

namespace {
// Caption lines the open strip keeps room for (a longer caption scrolls inside it).
constexpr float kNarrationCaptionLines = 4.0f;
constexpr const char* kCaptionSetting = "caption_strip";

void set_caption_open(App& app, bool open) {
  app.help.caption_open = open;
  platform_save_setting(kCaptionSetting, open ? "open" : "folded");
}

// ◀ [step k of n] ▶ on the strip's line, for kinds whose step_by moves the narration
// (KindModule::caption_player); the others show where the caption is ("Step k of n").
void narration_line_player(App& app, const ShownNarration& s) {
  const KindModule* kind = find_kind_module(app.state.kind);
  const int n = static_cast<int>(s.narration->steps.size());
  if (!kind || !kind->caption_player(app)) {
    ImGui::TextDisabled("Step %d of %d", s.step, n - 1);
    return;
  }
  ImGui::PushID("##caption_player");
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) kind->step_by(app, -1);
  ImGui::SameLine(0, 2);
  int shown = s.step;
  ImGui::SetNextItemWidth(std::min(150 * app.ui_scale, ImGui::GetContentRegionAvail().x * 0.3f));
  const std::string fmt = "step %d of " + std::to_string(n - 1);
  if (readable_slider_int("##step", &shown, 0, n - 1, fmt.c_str()) && shown != s.step)
    kind->step_by(app, shown - s.step);
  ImGui::SameLine(0, 2);
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) kind->step_by(app, 1);
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    ImGui::SetTooltip("Step through the narration (left/right arrow keys)");
  ImGui::PopID();
}

// The strip's first line: the player, the caption's first line (cut to fit; in full on hover and
// in the open strip) and More / Less.
void narration_line(App& app, const ShownNarration& s) {
  narration_line_player(app, s);
  const bool open = app.help.caption_open;
  const char* toggle = open ? "Less##caption" : "More##caption";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float toggle_w = ImGui::CalcTextSize("Less").x + 2 * style.FramePadding.x;
  ImGui::SameLine();
  const float text_w = ImGui::GetContentRegionAvail().x - toggle_w - style.ItemSpacing.x;
  if (!open) {
    const std::string& text = s.caption()->text;
    const std::string first = text.substr(0, text.find('\n'));
    const std::string shown = plot_fit_text(first, std::max(0.0f, text_w));
    ImGui::TextUnformatted(shown.c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
      ImGui::TextUnformatted(text.c_str());
      ImGui::TextDisabled("Click to show the whole caption and the pseudo-code");
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    if (ImGui::IsItemClicked()) set_caption_open(app, true);
  } else {
    ImGui::TextDisabled("%s",
                        plot_fit_text(s.narration->algorithm, std::max(0.0f, text_w)).c_str());
  }
  ImGui::SameLine(
      std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - toggle_w));
  if (ImGui::Button(toggle, {toggle_w, 0})) set_caption_open(app, !open);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(open ? "Fold the caption to one line (more room for the view)"
                           : "Show the whole caption, its source and the pseudo-code");
}

}  // namespace

void load_caption_strip_setting(App& app) {
  app.help.caption_open = platform_load_setting(kCaptionSetting) == "open";
}

float narration_line_height(const App& app) {
  if (!shown_narration(app).narration) return 0;
  // The folded strip's window has half the usual vertical padding (shell/ui.cpp).
  return ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y;
}

float narration_strip_height(const App& app, float max_height) {
  const ShownNarration s = shown_narration(app);
  if (!s.narration) return 0;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = narration_line_height(app);
  if (!app.help.caption_open) return line;
  float lines = kNarrationCaptionLines;
  if (app.help.narration_code_open)
    lines = std::max(lines, static_cast<float>(s.narration->pseudocode.size()) + 1.5f);
  const float h = line + style.WindowPadding.y + style.ItemSpacing.y +
                  lines * ImGui::GetTextLineHeightWithSpacing() + 2 * style.WindowPadding.y +
                  ImGui::GetFrameHeight();
  return std::min(h, std::max(line, max_height));
}

void draw_narration_strip(App& app) {
  const ShownNarration s = shown_narration(app);
  if (!s.narration) return;
  narration_line(app, s);
  if (!app.help.caption_open) return;
  const core::Narration& n = *s.narration;
  const core::StepCaption& cap = *s.caption();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (avail.y < ImGui::GetFrameHeight()) return;
  const bool open = app.help.narration_code_open;
  const float code_w = open ? avail.x * 0.42f : ImGui::CalcTextSize("> Pseudo-code").x * 1.6f;
  const float caption_w = std::max(50.0f, avail.x - code_w - ImGui::GetStyle().ItemSpacing.x);

  if (ImGui::BeginChild("##narration_caption", {caption_w, avail.y}, true)) {
    ImGui::PushTextWrapPos(0.0f);  // the step and the algorithm are on the line above
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
