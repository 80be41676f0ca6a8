#include "app/shell/theme.h"

#include "app/shell/app.h"
#include "app/shell/platform.h"
#include "app/widgets/view_colours.h"

namespace loadlab::app {

namespace {
Theme g_theme = Theme::dark;
}  // namespace

Theme current_theme() {
  return g_theme;
}

const Palette& current_palette() {
  return theme_palette(g_theme);
}

ImVec4 theme_colour(Rgb c, float alpha) {
  return {((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f, (c & 0xFF) / 255.0f, alpha};
}

ImU32 theme_colour_u32(Rgb c, float alpha) {
  return ImGui::ColorConvertFloat4ToU32(theme_colour(c, alpha));
}

void apply_theme_colours(ImGuiStyle& style) {
  const Palette& p = current_palette();
  if (g_theme == Theme::light)
    ImGui::StyleColorsLight(&style);
  else
    ImGui::StyleColorsDark(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = theme_colour(p.text);
  c[ImGuiCol_TextDisabled] = theme_colour(p.text_dim);
  c[ImGuiCol_WindowBg] = theme_colour(p.window_bg);
  c[ImGuiCol_ChildBg] = theme_colour(p.window_bg, 0.0f);  // shows the window behind it
  c[ImGuiCol_PopupBg] = theme_colour(p.popup_bg);
  c[ImGuiCol_MenuBarBg] = theme_colour(p.menubar_bg);
  c[ImGuiCol_TitleBg] = theme_colour(p.title_bg);
  c[ImGuiCol_TitleBgCollapsed] = theme_colour(p.title_bg);
  c[ImGuiCol_TitleBgActive] = theme_colour(p.title_bg_active);
  c[ImGuiCol_FrameBg] = theme_colour(p.frame_bg);
  c[ImGuiCol_FrameBgHovered] = theme_colour(p.frame_bg_hovered);
  c[ImGuiCol_FrameBgActive] = theme_colour(p.frame_bg_active);
  c[ImGuiCol_Button] = theme_colour(p.button);
  c[ImGuiCol_ButtonHovered] = theme_colour(p.button_hovered);
  c[ImGuiCol_ButtonActive] = theme_colour(p.button_active);
  c[ImGuiCol_Header] = theme_colour(p.button);
  c[ImGuiCol_HeaderHovered] = theme_colour(p.button_hovered);
  c[ImGuiCol_HeaderActive] = theme_colour(p.button_active);
  c[ImGuiCol_Tab] = theme_colour(p.tab_bg);
  c[ImGuiCol_TabHovered] = theme_colour(p.button_hovered);
  c[ImGuiCol_TabActive] = theme_colour(p.button);
  c[ImGuiCol_TabUnfocused] = theme_colour(p.tab_bg);
  c[ImGuiCol_TabUnfocusedActive] = theme_colour(p.button);
  c[ImGuiCol_TableHeaderBg] = theme_colour(p.table_header_bg);
  c[ImGuiCol_TableRowBg] = theme_colour(p.window_bg, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = theme_colour(p.table_row_alt_bg);
  c[ImGuiCol_TextSelectedBg] = theme_colour(p.text_selected_bg);
  c[ImGuiCol_CheckMark] = theme_colour(p.accent);
  c[ImGuiCol_SliderGrab] = theme_colour(p.accent);
  c[ImGuiCol_SliderGrabActive] = theme_colour(p.accent);
  c[ImGuiCol_Border] = theme_colour(p.border);
  c[ImGuiCol_Separator] = theme_colour(p.border);
  c[ImGuiCol_NavHighlight] = theme_colour(p.accent);
  // The views' canvases follow the same theme (widgets/view_colours.h).
  ViewColours v;
  v.light = g_theme == Theme::light;
  v.canvas_bg = theme_colour_u32(p.canvas_bg);
  v.text = theme_colour_u32(p.canvas_text);
  v.text_dim = theme_colour_u32(p.canvas_text_dim);
  v.grid = theme_colour_u32(p.canvas_grid);
  v.edge = theme_colour_u32(p.canvas_edge);
  v.marker = theme_colour_u32(p.canvas_marker);
  v.highlight = theme_colour_u32(p.canvas_highlight);
  set_view_colours(v);
}

void load_theme() {
  const std::string saved = platform_load_setting("theme");
  g_theme = parse_theme(saved, platform_prefers_dark() ? Theme::dark : Theme::light);
  apply_theme_colours(ImGui::GetStyle());
}

void set_theme(Theme theme) {
  g_theme = theme;
  platform_save_setting("theme", theme_name(theme));
  apply_theme_colours(ImGui::GetStyle());
}

void draw_theme_menu() {
  if (!ImGui::BeginMenu("Theme")) return;
  if (ImGui::MenuItem("Dark", nullptr, g_theme == Theme::dark)) set_theme(Theme::dark);
  if (ImGui::MenuItem("Light", nullptr, g_theme == Theme::light)) set_theme(Theme::light);
  ImGui::Separator();
  if (ImGui::MenuItem("Follow the system")) {
    platform_save_setting("theme", "");
    g_theme = platform_prefers_dark() ? Theme::dark : Theme::light;
    apply_theme_colours(ImGui::GetStyle());
  }
  ImGui::EndMenu();
}

ImVec4 app_theme_colour(Rgb Palette::*colour, float alpha) {
  return theme_colour(current_palette().*colour, alpha);
}

}  // namespace loadlab::app
