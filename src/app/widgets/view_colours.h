// The colours a view draws its canvas with (background, text, grid, edges, markers, the
// highlighted step), following the light or the dark theme. The shell sets them whenever the theme
// changes (shell/theme.cpp, from the palette in shell/model_theme.h, whose tests check the text
// contrast); the views and the shared charts read them. Data colours (parts, jobs, series) are the
// same in both themes: only what sits around and over them follows the theme.
#pragma once

#include <imgui.h>

namespace loadlab::app {

struct ViewColours {
  bool light = false;
  ImU32 canvas_bg = IM_COL32(20, 22, 25, 255);    ///< behind a view's drawing
  ImU32 text = IM_COL32(220, 223, 228, 255);      ///< labels on the canvas
  ImU32 text_dim = IM_COL32(163, 170, 180, 255);  ///< axis ticks, notes
  ImU32 grid = IM_COL32(48, 52, 59, 255);         ///< faint grid lines, alternate rows
  ImU32 edge = IM_COL32(140, 146, 156, 255);      ///< neutral lines: graph and mesh edges, frames
  ImU32 marker = IM_COL32(242, 243, 245, 255);    ///< strong lines (a makespan): the ink colour
  ImU32 highlight = IM_COL32(255, 228, 92, 255);  ///< the narrated step, the hovered item
};

const ViewColours& view_colours();
void set_view_colours(const ViewColours& colours);

/// `colour` with its alpha replaced (0..255).
inline ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha & 0xFF) << IM_COL32_A_SHIFT);
}
/// A box behind a label that sits over the drawing: the canvas, slightly see-through.
inline ImU32 view_label_bg(int alpha = 215) {
  return with_alpha(view_colours().canvas_bg, alpha);
}
/// The theme's ink (white on dark, black on light) at `alpha`: grids, strong markers, outlines.
inline ImU32 view_ink(int alpha = 255) {
  return with_alpha(view_colours().marker, alpha);
}

/// `colour` (same alpha), darkened on the light canvas or lightened on the dark one until its
/// contrast with the canvas is at least `min_ratio` (WCAG 2.1): the bright accents made for the
/// dark canvas (a yellow step marker, an orange label) stay legible on the light one. 4.5 for
/// text, 3 for lines.
ImU32 view_contrast(ImU32 colour, float min_ratio = 4.5f);

}  // namespace loadlab::app
