// Few draw calls for Dear ImGui's draw data, and no GL state read back. The stock OpenGL 3
// backend reads 13 GL states back every frame (in the browser each read waits until the GPU
// process has drawn every queued frame: the main thread blocked for 0.5-0.8 s at a time under
// load) and issues one draw call per command. Here consecutive commands of one texture share a
// draw call when they share a scissor rectangle, or when a command's vertices lie inside its own
// rectangle (then no scissor changes its pixels, and it joins a draw call whose rectangle also
// contains them). The rectangles are those the stock backend gives glScissor, so the pixels are
// the same. (Clipping in the fragment shader instead, one draw call for everything, cost
// SwiftShader more: a discard per fragment.) Draw callbacks (the GL canvases) keep their place.
// Pure data, no GL: shell/imgui_batched_renderer.cpp uploads and draws the result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/shell/model_draw_fills.h"

namespace loadlab::app {

/// What the batching needs of an ImDrawCmd.
struct BatchInputCommand {
  float clip[4];          // ClipRect: x1, y1, x2, y2 in display coordinates
  std::uint64_t texture;  // TextureId
  unsigned vtx_offset;    // VtxOffset
  unsigned idx_offset;    // IdxOffset
  unsigned elem_count;    // ElemCount
  bool callback = false;  // UserCallback != nullptr (the caller keeps the command to call it)
};

/// One ImDrawList: its vertices, indices and commands.
struct BatchInputList {
  const BatchInputVertex* vtx = nullptr;
  std::size_t vtx_count = 0;
  const unsigned* idx = nullptr;
  std::size_t idx_count = 0;
  std::vector<BatchInputCommand> cmds;
};

/// A vertex as uploaded: ImGui's.
using BatchVertex = BatchInputVertex;

/// A draw call over indices [first, first + count) with `texture` and the scissor rectangle
/// `scissor` (x, y, width, height; origin bottom left), or a callback: command `cmd` of `list`,
/// or a fill: the scissor rectangle cleared to ImGui colour `col`.
struct BatchOp {
  bool callback = false;
  bool fill = false;
  std::uint32_t col = 0;
  std::uint64_t texture = 0;
  int scissor[4] = {0, 0, 0, 0};
  unsigned first = 0, count = 0;
  std::size_t list = 0, cmd = 0;
};

struct DrawBatches {
  std::vector<BatchVertex> vertices;
  std::vector<unsigned> indices;  // into `vertices`
  std::vector<BatchOp> ops;       // in ImGui's order
  /// Draw calls the stock backend would issue for the same data (commands drawn).
  std::size_t commands_drawn = 0;
  /// With fills: cleared before every op, in order (model_draw_fills.h).
  std::vector<FillRect> first_fills;
  std::size_t fills_in_place = 0, fills_dropped = 0;
};

/// The framebuffer rectangle (x, y, width, height; origin bottom left) the stock OpenGL 3 backend
/// passes to glScissor for `clip`, or false when it skips the command (an empty rectangle).
bool batch_scissor_rect(const float clip[4], const float display_pos[2], const float fb_scale[2],
                        int fb_height, int out[4]);

/// Fills `out` (reusing its storage) with the vertices, indices and operations for `lists`.
/// `fb_width` x `fb_height` is the framebuffer (the rectangle of a draw call that needs no
/// scissor). With `fills`, opaque rectangles of at least fills->min_pixels become clears
/// (first_fills and fill ops) or are left out (model_draw_fills.h); the pixels stay the same.
void build_draw_batches(const std::vector<BatchInputList>& lists, const float display_pos[2],
                        const float fb_scale[2], int fb_width, int fb_height, DrawBatches& out,
                        const BatchFillOptions* fills = nullptr);

}  // namespace loadlab::app
