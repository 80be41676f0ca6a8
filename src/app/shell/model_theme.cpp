#include "app/shell/model_theme.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

// Dark: a neutral grey-blue ground; light: near-white. Chosen so every pair in theme_text_pairs
// is at least 4.5:1 (WCAG AA for body text); tests/app/test_theme.cpp checks it.
constexpr Palette kDark{0xE6E8EB, 0xA3AAB4, 0xFF8A80, 0xFFB74D, 0x81C784, 0x8AB4F8,  // text
                        0x1C1E22, 0x24272C, 0x24272C, 0x24272C, 0x2C3038, 0x2A2E35,
                        0x2A2E35, 0x22252A, 0x4A2326,
                        0x2A2E35,                                                    // surfaces
                        0x353A43, 0x3D4450, 0x2F4A6B, 0x3A5C85, 0x3F6391, 0x2F4A6B,  // controls
                        0x6CA8F0, 0x3A3F48, 0x141619, 0xDCDFE4, 0xA3AAB4, 0x30343B,
                        0x8C929C, 0xF2F3F5, 0xFFE45C};                                // canvas
constexpr Palette kLight{0x1A1C1F, 0x555D69, 0xB3261E, 0x8A5300, 0x1E6B2A, 0x1A56B8,  // text
                         0xFAFAFA, 0xFFFFFF, 0xEEF0F3, 0xE8EBEF, 0xDDE2E8, 0xEEF0F3,
                         0xE4E9F0, 0xF2F4F7, 0xFBE3E1,
                         0xE8EBEF,                                                    // surfaces
                         0xE1E6ED, 0xD4DCE6, 0xDCE6F2, 0xC8D8EC, 0xB3C9E4, 0xB3D4FC,  // controls
                         0x2F6FD0, 0xC4CAD3, 0xFFFFFF, 0x1A1C1F, 0x4F5763, 0xE3E6EA,
                         0x7F8792, 0x111214, 0xB25E00};  // canvas

double linear_channel(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

const Palette& theme_palette(Theme theme) {
  return theme == Theme::light ? kLight : kDark;
}

const char* theme_name(Theme theme) {
  return theme == Theme::light ? "light" : "dark";
}

Theme parse_theme(const std::string& name, Theme fallback) {
  if (name == "light") return Theme::light;
  if (name == "dark") return Theme::dark;
  return fallback;
}

std::vector<std::pair<std::string, std::pair<Rgb, Rgb>>> theme_text_pairs(const Palette& p) {
  const std::pair<const char*, Rgb> texts[] = {{"text", p.text},
                                               {"text_dim", p.text_dim},
                                               {"text_error", p.text_error},
                                               {"text_warning", p.text_warning},
                                               {"text_ok", p.text_ok},
                                               {"text_link", p.text_link}};
  const std::pair<const char*, Rgb> surfaces[] = {{"window_bg", p.window_bg},
                                                  {"popup_bg", p.popup_bg},
                                                  {"menubar_bg", p.menubar_bg},
                                                  {"title_bg", p.title_bg},
                                                  {"title_bg_active", p.title_bg_active},
                                                  {"frame_bg", p.frame_bg},
                                                  {"table_header_bg", p.table_header_bg},
                                                  {"table_row_alt_bg", p.table_row_alt_bg},
                                                  {"banner_bg", p.banner_bg},
                                                  {"tab_bg", p.tab_bg}};
  const std::pair<const char*, Rgb> controls[] = {{"frame_bg_hovered", p.frame_bg_hovered},
                                                  {"frame_bg_active", p.frame_bg_active},
                                                  {"button", p.button},
                                                  {"button_hovered", p.button_hovered},
                                                  {"button_active", p.button_active},
                                                  {"text_selected_bg", p.text_selected_bg}};
  std::vector<std::pair<std::string, std::pair<Rgb, Rgb>>> out;
  for (const auto& [tn, tc] : texts)
    for (const auto& [sn, sc] : surfaces) out.push_back({std::string(tn) + " on " + sn, {tc, sc}});
  for (const auto& [cn, cc] : controls) out.push_back({std::string("text on ") + cn, {p.text, cc}});
  // A view's labels and notes on its canvas; the highlight and the markers are lines that often
  // carry a label of their colour (a makespan, the narrated step's time).
  for (const auto& [tn, tc] : {std::pair<const char*, Rgb>{"canvas_text", p.canvas_text},
                               {"canvas_text_dim", p.canvas_text_dim},
                               {"canvas_marker", p.canvas_marker},
                               {"canvas_highlight", p.canvas_highlight}})
    out.push_back({std::string(tn) + " on canvas_bg", {tc, p.canvas_bg}});
  return out;
}

double relative_luminance(Rgb colour) {
  const double r = linear_channel(((colour >> 16) & 0xFF) / 255.0);
  const double g = linear_channel(((colour >> 8) & 0xFF) / 255.0);
  const double b = linear_channel((colour & 0xFF) / 255.0);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

double contrast_ratio(Rgb a, Rgb b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

float window_ui_factor(float logical_width, float logical_height) {
  if (!(logical_width > 0) || !(logical_height > 0)) return 1.0f;
  const float ratio = std::min(logical_width / 1280.0f, logical_height / 800.0f);
  return std::clamp(1.0f + 0.5f * (ratio - 1.0f), 1.0f, 2.0f);
}

}  // namespace loadlab::app
