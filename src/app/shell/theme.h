// The current colour theme (shell/model_theme.h) applied to ImGui: follows the system's
// prefers-color-scheme until the user picks one in View > Theme (remembered as a setting).
#pragma once

#include <imgui.h>

#include "app/shell/model_theme.h"

namespace loadlab::app {

struct App;

Theme current_theme();
const Palette& current_palette();
/// Copies the palette into ImGui's style colours (setup_style calls it after scaling sizes).
void apply_theme_colours(ImGuiStyle& style);
/// The theme from the saved setting, else the platform's preference; applied to the style.
void load_theme();
/// Switches theme, applies it now and remembers it.
void set_theme(Theme theme);
void draw_theme_menu();

/// A palette colour as ImGui wants it (alpha 1 unless given).
ImVec4 theme_colour(Rgb colour, float alpha = 1.0f);
ImU32 theme_colour_u32(Rgb colour, float alpha = 1.0f);

}  // namespace loadlab::app
