// Draws Dear ImGui's draw data with few draw calls (shell/model_draw_batches.h says why): the
// browser's renderer, in place of ImGui_ImplOpenGL3_RenderDrawData (which still creates the font
// texture). Needs a current OpenGL 3.3 / WebGL2 context.
#pragma once

#include <cstddef>
#include <cstdint>

struct ImDrawData;

namespace loadlab::app {

/// Counts of the last frame drawn by imgui_batched_render.
struct ImGuiBatchStats {
  std::size_t draw_calls = 0;      // ImGui's draw calls (the GL canvases' own are not counted)
  std::size_t commands = 0;        // draw calls the stock backend would have made
  std::size_t vertices = 0;        // vertices uploaded
  std::size_t fills = 0;           // opaque rectangles drawn as clears
  std::size_t fills_dropped = 0;   // opaque rectangles left out (the colour already there)
  std::size_t fills_in_place = 0;  // fills drawn between two triangles of one draw call
};

/// Draws `dd` into the current framebuffer (viewport, blending and the scissor test are set here;
/// nothing is read back or restored). Draw callbacks are called in their place, and the state is
/// set again after each. Large opaque rectangles are drawn as scissored clears, and those in the
/// colour the caller cleared the framebuffer to (`cleared_to`, an ImGui colour; null when not
/// known) over pixels nothing was drawn on are left out (shell/model_draw_fills.h): the same
/// pixels. Returns false when the shader could not be built (the caller falls back).
bool imgui_batched_render(ImDrawData* dd, const std::uint32_t* cleared_to = nullptr);

ImGuiBatchStats imgui_batched_stats();

/// Whether opaque rectangles are drawn as clears (the default; off to compare in a benchmark).
void imgui_batched_set_fills(bool on);

/// Frees the GL objects (the context must still be current).
void imgui_batched_shutdown();

}  // namespace loadlab::app
