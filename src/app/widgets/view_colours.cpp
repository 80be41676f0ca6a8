#include "app/widgets/view_colours.h"

#include "app/widgets/model_view_colours.h"

namespace loadlab::app {

namespace {

ViewColours g_view_colours;

std::uint32_t view_rgb_of(ImU32 c) {
  return (((c >> IM_COL32_R_SHIFT) & 0xFF) << 16) | (((c >> IM_COL32_G_SHIFT) & 0xFF) << 8) |
         ((c >> IM_COL32_B_SHIFT) & 0xFF);
}

}  // namespace

const ViewColours& view_colours() {
  return g_view_colours;
}

void set_view_colours(const ViewColours& colours) {
  g_view_colours = colours;
}

ImU32 view_contrast(ImU32 colour, float min_ratio) {
  const std::uint32_t rgb = rgb_with_contrast(
      view_rgb_of(colour), view_rgb_of(g_view_colours.canvas_bg), g_view_colours.light, min_ratio);
  return IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 0) |
         (colour & IM_COL32_A_MASK);
}

}  // namespace loadlab::app
