// Dear ImGui's draw data in few draw calls: the batching is shell/model_draw_batches.cpp; here
// the upload (one vertex and one index buffer per frame) and the draw calls. Render state as in
// Dear ImGui 1.86's backends/imgui_impl_opengl3.cpp (alpha blending, no culling or depth, the
// scissor test on), set without reading the previous state back.
#include "app/shell/imgui_batched_renderer.h"

#include <imgui.h>

#include <cstddef>
#include <type_traits>

#include "app/shell/model_draw_batches.h"
#include "app/widgets/gl_headers.h"
#include "app/widgets/gl_program.h"
#include "shaders_embedded.h"

namespace loadlab::app {

static_assert(sizeof(ImDrawVert) == sizeof(BatchInputVertex) && offsetof(ImDrawVert, pos) == 0 &&
                  offsetof(ImDrawVert, uv) == offsetof(BatchInputVertex, u) &&
                  offsetof(ImDrawVert, col) == offsetof(BatchInputVertex, col),
              "ImDrawVert must keep imgui.h's layout (pos, uv, col)");
static_assert(std::is_same_v<ImDrawIdx, unsigned>,
              "the app builds Dear ImGui with 32-bit indices (src/app/CMakeLists.txt)");

namespace {

struct BatchedRendererGl {
  unsigned program = 0, vao = 0, vbo = 0, ebo = 0;
  int loc_projection = -1, loc_tex = -1;
  bool failed = false;
  bool fills = true;  // imgui_batched_set_fills
  std::vector<BatchInputList> lists;
  DrawBatches batches;
  ImGuiBatchStats stats;
};

BatchedRendererGl& batched_gl() {
  static BatchedRendererGl g;
  return g;
}

bool batched_create(BatchedRendererGl& g) {
  if (g.program) return true;
  if (g.failed) return false;
  g.program = gl_link_program(kShader_imgui_batched_vert, kShader_imgui_batched_frag,
                              GlPrecision::Medium, "ImGui");
  if (!g.program) {
    g.failed = true;
    return false;
  }
  g.loc_projection = glGetUniformLocation(g.program, "u_projection");
  g.loc_tex = glGetUniformLocation(g.program, "u_tex");
  glGenVertexArrays(1, &g.vao);
  glGenBuffers(1, &g.vbo);
  glGenBuffers(1, &g.ebo);
  glBindVertexArray(g.vao);
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g.ebo);
  const auto stride = static_cast<GLsizei>(sizeof(BatchVertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(BatchVertex, x)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(BatchVertex, u)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                        reinterpret_cast<const void*>(offsetof(BatchVertex, col)));
  glBindVertexArray(0);
  return true;
}

void batched_state(const BatchedRendererGl& g, const ImDrawData* dd, int fb_w, int fb_h) {
  glViewport(0, 0, fb_w, fb_h);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  const float l = dd->DisplayPos.x, r = dd->DisplayPos.x + dd->DisplaySize.x;
  const float t = dd->DisplayPos.y, b = dd->DisplayPos.y + dd->DisplaySize.y;
  const float projection[16] = {
      2.0f / (r - l),    0, 0, 0, 0, 2.0f / (t - b), 0, 0, 0, 0, -1, 0, (r + l) / (l - r),
      (t + b) / (b - t), 0, 1};
  glUseProgram(g.program);
  glUniform1i(g.loc_tex, 0);
  glUniformMatrix4fv(g.loc_projection, 1, GL_FALSE, projection);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(g.vao);
}

// Clears the scissor rectangle (x, y, width, height) to ImGui colour `col` (the scissor test is
// on).
void batched_fill(const int rect[4], std::uint32_t col) {
  glScissor(rect[0], rect[1], rect[2], rect[3]);
  glClearColor(static_cast<float>(col & 0xFF) / 255.0f,
               static_cast<float>((col >> 8) & 0xFF) / 255.0f,
               static_cast<float>((col >> 16) & 0xFF) / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

}  // namespace

bool imgui_batched_render(ImDrawData* dd, const std::uint32_t* cleared_to) {
  BatchedRendererGl& g = batched_gl();
  if (!batched_create(g)) return false;
  g.stats = {};
  const int fb_w = static_cast<int>(dd->DisplaySize.x * dd->FramebufferScale.x);
  const int fb_h = static_cast<int>(dd->DisplaySize.y * dd->FramebufferScale.y);
  if (fb_w <= 0 || fb_h <= 0) return true;

  g.lists.resize(static_cast<std::size_t>(dd->CmdListsCount));
  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList* src = dd->CmdLists[n];
    BatchInputList& list = g.lists[static_cast<std::size_t>(n)];
    list.vtx = reinterpret_cast<const BatchInputVertex*>(src->VtxBuffer.Data);
    list.vtx_count = static_cast<std::size_t>(src->VtxBuffer.Size);
    list.idx = src->IdxBuffer.Data;
    list.idx_count = static_cast<std::size_t>(src->IdxBuffer.Size);
    list.cmds.clear();
    for (const ImDrawCmd& c : src->CmdBuffer) {
      BatchInputCommand cmd;
      cmd.clip[0] = c.ClipRect.x;
      cmd.clip[1] = c.ClipRect.y;
      cmd.clip[2] = c.ClipRect.z;
      cmd.clip[3] = c.ClipRect.w;
      cmd.texture = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.GetTexID()));
      cmd.vtx_offset = c.VtxOffset;
      cmd.idx_offset = c.IdxOffset;
      cmd.elem_count = c.ElemCount;
      cmd.callback = c.UserCallback != nullptr;
      list.cmds.push_back(cmd);
    }
  }
  const float pos[2] = {dd->DisplayPos.x, dd->DisplayPos.y};
  const float scale[2] = {dd->FramebufferScale.x, dd->FramebufferScale.y};
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  BatchFillOptions fills;
  fills.texture = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(atlas->TexID));
  fills.white[0] = atlas->TexUvWhitePixel.x;
  fills.white[1] = atlas->TexUvWhitePixel.y;
  fills.clear_known = cleared_to != nullptr;
  fills.clear_col = cleared_to ? *cleared_to : 0;
  build_draw_batches(g.lists, pos, scale, fb_w, fb_h, g.batches, g.fills ? &fills : nullptr);
  g.stats.commands = g.batches.commands_drawn;
  g.stats.vertices = g.batches.vertices.size();
  g.stats.fills = g.batches.first_fills.size() + g.batches.fills_in_place;
  g.stats.fills_dropped = g.batches.fills_dropped;
  g.stats.fills_in_place = g.batches.fills_in_place;

  batched_state(g, dd, fb_w, fb_h);
  for (const FillRect& f : g.batches.first_fills) {
    const int rect[4] = {f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0};
    batched_fill(rect, f.col);
  }
  // One upload per frame; orphaning the old storage lets the driver keep drawing from it.
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo);
  glBufferData(GL_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(g.batches.vertices.size() * sizeof(BatchVertex)),
               g.batches.vertices.data(), GL_STREAM_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(g.batches.indices.size() * sizeof(unsigned)),
               g.batches.indices.data(), GL_STREAM_DRAW);
  for (const BatchOp& op : g.batches.ops) {
    if (op.callback) {
      const ImDrawList* list = dd->CmdLists[op.list];
      const ImDrawCmd& cmd = list->CmdBuffer[static_cast<int>(op.cmd)];
      if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
      // A canvas binds its own program, buffers and scissor: set ours again.
      batched_state(g, dd, fb_w, fb_h);
      glBindBuffer(GL_ARRAY_BUFFER, g.vbo);
      continue;
    }
    if (op.fill) {
      batched_fill(op.scissor, op.col);
      continue;
    }
    glScissor(op.scissor[0], op.scissor[1], op.scissor[2], op.scissor[3]);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(op.texture));
    glDrawElements(
        GL_TRIANGLES, static_cast<GLsizei>(op.count), GL_UNSIGNED_INT,
        reinterpret_cast<const void*>(static_cast<std::size_t>(op.first) * sizeof(unsigned)));
    ++g.stats.draw_calls;
  }
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);
  return true;
}

ImGuiBatchStats imgui_batched_stats() {
  return batched_gl().stats;
}

void imgui_batched_set_fills(bool on) {
  batched_gl().fills = on;
}

void imgui_batched_shutdown() {
  BatchedRendererGl& g = batched_gl();
  const bool fills = g.fills;
  if (g.program) glDeleteProgram(g.program);
  if (g.vao) glDeleteVertexArrays(1, &g.vao);
  if (g.vbo) glDeleteBuffers(1, &g.vbo);
  if (g.ebo) glDeleteBuffers(1, &g.ebo);
  g = BatchedRendererGl{};
  g.fills = fills;
}

}  // namespace loadlab::app
