// Few draw calls for Dear ImGui's draw data. The stock OpenGL 3 backend issues one draw call per
// draw command, each with its own scissor rectangle (16 for the playground's emptiest screen).
// SwiftShader, the software WebGL of headless Chromium and of machines without a GPU, spends
// 2-3 ms of CPU on every draw call at 1280 x 800 whatever its size, so a frame's ImGui part costs
// more than the frame itself. Here every vertex carries its command's scissor rectangle (in
// framebuffer pixels, exactly the rectangle the stock backend gives glScissor) and the fragment
// shader discards what lies outside it: consecutive commands with the same texture become one
// draw call. Draw callbacks (the GL canvases) keep their place in the order.
// Pure data, no GL: shell/imgui_batched_renderer.cpp uploads and draws the result.
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

/// A vertex as uploaded: ImGui's vertex plus the pixel rectangle [clip[0], clip[2]) x
/// [clip[1], clip[3]) of the framebuffer (origin bottom left, as glScissor) it may cover.
struct BatchVertex {
  float x, y, u, v;
  std::uint32_t col;
  std::uint16_t clip[4];
};

/// A draw call over indices [first, first + count) with `texture`, or a callback: command `cmd`
/// of list `list`.
struct BatchOp {
  bool callback = false;
  std::uint64_t texture = 0;
  unsigned first = 0, count = 0;
  std::size_t list = 0, cmd = 0;
};

struct DrawBatches {
  std::vector<BatchVertex> vertices;
  std::vector<unsigned> indices;  // into `vertices`
  std::vector<BatchOp> ops;       // in ImGui's order
  /// Draw calls the stock backend would issue for the same data (commands drawn).
  std::size_t commands_drawn = 0;
};

/// The framebuffer rectangle (x, y, width, height; origin bottom left) the stock OpenGL 3 backend
/// passes to glScissor for `clip`, or false when it skips the command (an empty rectangle).
bool batch_scissor_rect(const float clip[4], const float display_pos[2], const float fb_scale[2],
                        int fb_height, int out[4]);

/// Fills `out` (reusing its storage) with the vertices, indices and operations for `lists`.
void build_draw_batches(const std::vector<BatchInputList>& lists, const float display_pos[2],
                        const float fb_scale[2], int fb_height, DrawBatches& out);

}  // namespace loadlab::app
