// The playground's two colour themes and the sizes that follow the window, without ImGui, so
// tests/app checks the text contrast of every pair natively (WCAG 2.1's contrast ratio).
// shell/theme.cpp copies a palette into ImGui's style; every background text is drawn on is here.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace loadlab::app {

/// A colour as 0xRRGGBB (opaque: the backgrounds text sits on are opaque, so the contrast
/// computed here is the contrast shown).
using Rgb = std::uint32_t;

struct Palette {
  // Text colours.
  Rgb text, text_dim, text_error, text_warning, text_ok, text_link;
  // Surfaces every text colour is drawn on.
  Rgb window_bg, popup_bg, menubar_bg, title_bg, title_bg_active, frame_bg, table_header_bg,
      table_row_alt_bg, banner_bg, tab_bg;
  // Controls: only the primary text is drawn on them (button and header labels, selections).
  Rgb frame_bg_hovered, frame_bg_active, button, button_hovered, button_active, text_selected_bg;
  // Not behind text: accents, borders, the canvas clear colour.
  Rgb accent, border, canvas_bg;
  // What a view draws on its canvas (canvas_bg: the network, mesh, Gantt, plots, os chart, dlt,
  // loop): labels, their dimmer notes, faint grid lines, neutral edges and frames, strong markers
  // (a makespan line) and the highlighted step. Data colours (parts, jobs, series) are the same
  // in both themes; what sits around them follows the theme.
  Rgb canvas_text, canvas_text_dim, canvas_grid, canvas_edge, canvas_marker, canvas_highlight;
};

enum class Theme { dark, light };

const Palette& theme_palette(Theme theme);
/// "dark" / "light"; parse_theme accepts those and returns nullopt-like `fallback` otherwise.
const char* theme_name(Theme theme);
Theme parse_theme(const std::string& name, Theme fallback);

/// The named (text colour, background) pairs a theme draws: every text colour on every surface,
/// and the primary text on every control.
std::vector<std::pair<std::string, std::pair<Rgb, Rgb>>> theme_text_pairs(const Palette& p);

/// WCAG 2.1 relative luminance (sRGB, linearised) and contrast ratio (L1 + 0.05) / (L2 + 0.05).
double relative_luminance(Rgb colour);
double contrast_ratio(Rgb a, Rgb b);

/// The UI base font size in CSS pixels at a 1280 x 800 window.
constexpr float kBaseFontPixels = 15.0f;
/// How much the UI grows with the window (logical pixels, before the device pixel ratio): 1 up to
/// 1280 x 800, then half the growth of the smaller side's ratio (1920 x 1080: 1.17; 3840 x 2160
/// at a ratio of 1: 1.85), at most 2.
float window_ui_factor(float logical_width, float logical_height);

}  // namespace loadlab::app
