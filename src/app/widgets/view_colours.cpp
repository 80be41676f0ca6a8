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
  // A view asks for the same few accents every frame (some per drawn line): remembered, so a
  // frame pays for each once.
  struct Entry {
    ImU32 colour, canvas;
    float ratio;
    ImU32 out;
  };
  static Entry cache[32];
  static int next = 0;
  const ImU32 canvas = g_view_colours.canvas_bg;
  for (const Entry& e : cache)
    if (e.colour == colour && e.canvas == canvas && e.ratio == min_ratio && e.canvas != 0)
      return e.out;
  const std::uint32_t rgb =
      rgb_with_contrast(view_rgb_of(colour), view_rgb_of(canvas), g_view_colours.light, min_ratio);
  const ImU32 out =
      IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 0) | (colour & IM_COL32_A_MASK);
  cache[next] = {colour, canvas, min_ratio, out};
  next = (next + 1) % 32;
  return out;
}

}  // namespace loadlab::app
