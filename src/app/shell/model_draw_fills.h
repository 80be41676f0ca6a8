// Opaque rectangles of Dear ImGui's draw data (window and canvas backgrounds, table rows) drawn
// as scissored glClear calls instead of triangles. SwiftShader (the browser's software WebGL)
// spends about 19 ms per screen of ImGui's textured, blended fill at 1280 x 800, and about 4 ms
// per screen of scissored clears; the backgrounds alone cover about a screen. A clear writes
// exactly the pixels the triangles would: an opaque quad in one colour at the atlas' white pixel
// writes that colour into every pixel whose centre it covers, and only quads whose edges lie
// clear of pixel centres are taken (no rasterisation rule decides which pixels they cover).
// A fill over pixels nothing was drawn on yet moves to the start of the frame (one clear each,
// no draw call split); one in the colour the frame was cleared with is not drawn at all.
// Pure data, no GL: shell/model_draw_batches.cpp calls it, shell/imgui_batched_renderer.cpp draws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loadlab::app {

/// ImDrawVert's layout (imgui.h: pos, uv, col); the renderer checks it with static_asserts.
struct BatchInputVertex {
  float x, y, u, v;
  std::uint32_t col;
};

/// Pixels [x0, x1) x [y0, y1) of the framebuffer (origin bottom left) in ImGui colour `col`
/// (IM_COL32: R in the low byte, alpha 255).
struct FillRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::uint32_t col = 0;
  long long pixels() const {
    return static_cast<long long>(x1 - x0) * static_cast<long long>(y1 - y0);
  }
};

/// When the batching looks for fills: the texture whose white pixel ImGui's solid shapes use.
struct BatchFillOptions {
  std::uint64_t texture = 0;    // the font atlas (io.Fonts->TexID)
  float white[2] = {0, 0};      // io.Fonts->TexUvWhitePixel
  bool clear_known = false;     // the framebuffer holds clear_col everywhere before the ops
  std::uint32_t clear_col = 0;  // ImGui colour
  long long min_pixels = 4096;  // smaller quads stay triangles (a clear has its own overhead)
};

/// Whether the six indices at `idx` are one of ImDrawList::PrimRect's quads (vertices a, a+1, a+2,
/// a+3 as a, a+2 two triangles over an axis-aligned rectangle, corners in PrimRect's order) in one
/// opaque colour at texture coordinate `white`, with edges at least 1/8 pixel from every pixel
/// centre; then `out` holds the pixels it covers inside the scissor rectangle `scissor` (x, y,
/// width, height; origin bottom left) and the framebuffer. `vtx` has `vtx_count` vertices.
bool fill_rect_of_quad(const BatchInputVertex* vtx, std::size_t vtx_count, const unsigned* idx,
                       const float white[2], const float display_pos[2], const float fb_scale[2],
                       int fb_width, int fb_height, const int scissor[4], FillRect& out);

/// Whether two pixel rectangles share a pixel.
bool fill_rects_overlap(const FillRect& a, const FillRect& b);

/// Where each fill of a frame goes, in ImGui's order: what was drawn so far (`touched`: the
/// triangles' boxes, the callbacks' rectangles, the fills left in place) decides.
class FillPlanner {
 public:
  enum class Place { dropped, first, in_place };

  void reset(const BatchFillOptions& options);
  /// Pixels drawn by a callback (a conservative box).
  void touch(const FillRect& r) { touched_.push_back(r); }
  /// Pixels the `count` / 3 triangles at `idx` (into `vtx`) may draw inside `scissor`: boxes
  /// around runs of nearby triangles (a window's thin border stays four boxes, not the window).
  void touch_triangles(const BatchInputVertex* vtx, const unsigned* idx, unsigned count,
                       const float display_pos[2], const float fb_scale[2], int fb_height,
                       const FillRect& scissor);
  /// The fill's place: `dropped` when it would write the colour its pixels already hold (the
  /// clear colour, nothing drawn there yet), `first` when no pixel under it was drawn before (it
  /// is then in first_fills(), in order), else `in_place` (the caller draws it between the
  /// triangles before and after it; it counts as touched).
  Place place(const FillRect& f);
  const std::vector<FillRect>& first_fills() const { return first_; }

 private:
  BatchFillOptions options_;
  std::vector<FillRect> touched_, first_;
};

}  // namespace loadlab::app
