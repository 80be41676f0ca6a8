#include "app/widgets/view_colours.h"

#include <cmath>

namespace loadlab::app {

namespace {
ViewColours g_view_colours;

// WCAG 2.1 relative luminance of an ImU32's colour (alpha ignored), as shell/model_theme.cpp.
double view_luminance(ImU32 c) {
  auto lin = [](unsigned v) {
    const double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin((c >> IM_COL32_R_SHIFT) & 0xFF) +
         0.7152 * lin((c >> IM_COL32_G_SHIFT) & 0xFF) +
         0.0722 * lin((c >> IM_COL32_B_SHIFT) & 0xFF);
}

double view_contrast_ratio(ImU32 a, ImU32 b) {
  const double la = view_luminance(a), lb = view_luminance(b);
  return (std::fmax(la, lb) + 0.05) / (std::fmin(la, lb) + 0.05);
}
}  // namespace

const ViewColours& view_colours() {
  return g_view_colours;
}

void set_view_colours(const ViewColours& colours) {
  g_view_colours = colours;
}

ImU32 view_contrast(ImU32 colour, float min_ratio) {
  const ImU32 bg = g_view_colours.canvas_bg;
  // Steps of 8% toward black (light canvas) or white (dark canvas): a few at most in practice.
  const float toward = g_view_colours.light ? 0.0f : 255.0f;
  float ch[3] = {static_cast<float>((colour >> IM_COL32_R_SHIFT) & 0xFF),
                 static_cast<float>((colour >> IM_COL32_G_SHIFT) & 0xFF),
                 static_cast<float>((colour >> IM_COL32_B_SHIFT) & 0xFF)};
  const ImU32 alpha = colour & IM_COL32_A_MASK;
  ImU32 c = colour;
  for (int i = 0; i < 40 && view_contrast_ratio(c, bg) < min_ratio; ++i) {
    for (float& v : ch) v += (toward - v) * 0.08f;
    c = IM_COL32(static_cast<int>(ch[0] + 0.5f), static_cast<int>(ch[1] + 0.5f),
                 static_cast<int>(ch[2] + 0.5f), 0) |
        alpha;
  }
  return c;
}

}  // namespace loadlab::app
