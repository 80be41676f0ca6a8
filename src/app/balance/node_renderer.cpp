#include "app/balance/node_renderer.h"

#include <imgui.h>

#include "app/widgets/gl_headers.h"

#include "app/widgets/gl_program.h"
#include "shaders_embedded.h"

namespace loadlab::app {

namespace {

// The ImGui draw callbacks: run while ImGui renders, between its own draw calls. ImGui restores
// its state afterwards because draw() queues ImDrawCallback_ResetRenderState next.
void node_renderer_draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  node_renderer_callback(cmd->UserCallbackData, cmd);
}
void heatmap_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  heatmap_renderer_callback(cmd->UserCallbackData, cmd);
}

// Scissor to the command's clip rectangle (framebuffer coordinates, origin bottom-left); returns
// the framebuffer size and ImGui's display origin and scale.
struct NodeRendererFrame {
  ImVec2 fb_scale{1, 1}, origin{0, 0};
  float fb_w = 1, fb_h = 1;
};
NodeRendererFrame begin_clipped(const ImDrawCmd* cmd) {
  NodeRendererFrame f;
  if (const ImDrawData* dd = ImGui::GetDrawData()) {
    f.fb_scale = dd->FramebufferScale;
    f.origin = dd->DisplayPos;
    f.fb_w = dd->DisplaySize.x * f.fb_scale.x;
    f.fb_h = dd->DisplaySize.y * f.fb_scale.y;
  }
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>((cmd->ClipRect.x - f.origin.x) * f.fb_scale.x),
            static_cast<GLint>(f.fb_h - (cmd->ClipRect.w - f.origin.y) * f.fb_scale.y),
            static_cast<GLsizei>((cmd->ClipRect.z - cmd->ClipRect.x) * f.fb_scale.x),
            static_cast<GLsizei>((cmd->ClipRect.w - cmd->ClipRect.y) * f.fb_scale.y));
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  return f;
}

}  // namespace

void node_renderer_callback(const void* renderer, const void* command) {
  auto* self = static_cast<const NodeRenderer*>(renderer);
  auto* cmd = static_cast<const ImDrawCmd*>(command);
  if (!self->program_ || self->count_ == 0) return;
  const NodeRendererFrame f = begin_clipped(cmd);
  const ImVec2 fb_scale = f.fb_scale, origin = f.origin;
  const float fb_w = f.fb_w, fb_h = f.fb_h;
#ifndef __EMSCRIPTEN__
  glEnable(GL_PROGRAM_POINT_SIZE);  // WebGL2 always honours gl_PointSize
#endif
  glUseProgram(self->program_);
  const auto& p = self->params_;
  glUniform4f(glGetUniformLocation(self->program_, "u_transform"),
              (p.transform[0] - origin.x) * fb_scale.x, (p.transform[1] - origin.y) * fb_scale.y,
              p.transform[2] * fb_scale.x, 0.0f);
  glUniform2f(glGetUniformLocation(self->program_, "u_pan"), p.pan[0], p.pan[1]);
  glUniform2f(glGetUniformLocation(self->program_, "u_viewport"), fb_w, fb_h);
  glUniform1f(glGetUniformLocation(self->program_, "u_radius"), p.radius * fb_scale.x);
  glBindVertexArray(self->vao_);
  glDrawArrays(GL_POINTS, 0, self->count_);
  glBindVertexArray(0);
}

NodeRenderer::~NodeRenderer() {
  // GL objects die with the context at exit; deleting here could run after the context is gone.
}

bool NodeRenderer::ensure_gl() {
  if (program_ || failed_) return program_ != 0;
  program_ = gl_link_program(kShader_nodes_vert, kShader_nodes_frag, GlPrecision::Medium, "node");
  if (!program_) {
    failed_ = true;
    return false;
  }
  gl_point_vao(vao_, vbo_pos_, vbo_col_);
  return true;
}

void NodeRenderer::set_nodes(const std::vector<core::Point>& layout, std::uint64_t layout_key,
                             const std::vector<std::uint32_t>& colours, std::uint64_t colour_key) {
  if (!ensure_gl()) return;
  if (layout_key != layout_key_) {
    std::vector<float> pos(layout.size() * 2);
    for (std::size_t i = 0; i < layout.size(); ++i)
      pos[2 * i] = layout[i].x, pos[2 * i + 1] = layout[i].y;
    glBindBuffer(GL_ARRAY_BUFFER, vbo_pos_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(pos.size() * sizeof(float)), pos.data(),
                 GL_STATIC_DRAW);
    layout_key_ = layout_key;
  }
  if (colour_key != colour_key_) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_col_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(colours.size() * sizeof(std::uint32_t)),
                 colours.data(), GL_DYNAMIC_DRAW);
    colour_key_ = colour_key;
  }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  count_ = static_cast<int>(std::min(layout.size(), colours.size()));
}

void NodeRenderer::draw(ImDrawList* dl, float centre_x, float centre_y, float scale, float pan_x,
                        float pan_y, float radius) {
  if (!program_) return;
  params_ = {{centre_x, centre_y, scale, 0}, {pan_x, pan_y}, radius};
  const std::uint64_t content[] = {layout_key_, colour_key_, static_cast<std::uint64_t>(count_),
                                   reinterpret_cast<std::uintptr_t>(this)};
  gl_canvas_content(content, sizeof content);
  const float view[] = {centre_x, centre_y, scale, pan_x, pan_y, radius};
  gl_canvas_content(view, sizeof view);
  dl->AddCallback(node_renderer_draw_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

// ---- heatmap ------------------------------------------------------------------------------------

void heatmap_renderer_callback(const void* renderer, const void* command) {
  auto* self = static_cast<const HeatmapRenderer*>(renderer);
  auto* cmd = static_cast<const ImDrawCmd*>(command);
  if (!self->program_ || !self->tex_) return;
  const NodeRendererFrame f = begin_clipped(cmd);
  glUseProgram(self->program_);
  const float* r = self->rect_;
  glUniform4f(glGetUniformLocation(self->program_, "u_rect"), (r[0] - f.origin.x) * f.fb_scale.x,
              (r[1] - f.origin.y) * f.fb_scale.y, (r[2] - f.origin.x) * f.fb_scale.x,
              (r[3] - f.origin.y) * f.fb_scale.y);
  glUniform2f(glGetUniformLocation(self->program_, "u_viewport"), f.fb_w, f.fb_h);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, self->tex_);
  glUniform1i(glGetUniformLocation(self->program_, "u_tex"), 0);
  glBindVertexArray(self->vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
}

bool HeatmapRenderer::ensure_gl() {
  if (program_ || failed_) return program_ != 0;
  program_ =
      gl_link_program(kShader_heatmap_vert, kShader_heatmap_frag, GlPrecision::Medium, "heatmap");
  if (!program_) {
    failed_ = true;
    return false;
  }
  glGenVertexArrays(1, &vao_);  // no attributes: corners come from gl_VertexID
  glGenTextures(1, &tex_);
  return true;
}

void HeatmapRenderer::set_texels(int w, int h, const std::vector<std::uint8_t>& rg,
                                 std::uint64_t key) {
  if (!ensure_gl() || key == key_) return;
  if (rg.size() < static_cast<std::size_t>(w) * h * 2) return;
  key_ = key;
  glBindTexture(GL_TEXTURE_2D, tex_);
  // Rows of 2w bytes; then back to GL's default 4, which the app keeps. Not read back first: in
  // the browser a glGet waits for the GPU process to finish every queued command (SwiftShader
  // rasterising the last frames), and this runs at every snapshot of a node simulation.
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, w, h, 0, GL_RG, GL_UNSIGNED_BYTE, rg.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  // Zoomed out, a pixel covers many texels: mipmaps average them (coverage-weighted, see
  // heatmap.frag) instead of picking one node per pixel; zoomed in, texels stay crisp squares.
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void HeatmapRenderer::draw(ImDrawList* dl, float x0, float y0, float x1, float y1) {
  if (!program_ || !tex_) return;
  rect_[0] = x0, rect_[1] = y0, rect_[2] = x1, rect_[3] = y1;
  const std::uint64_t content[] = {key_, reinterpret_cast<std::uintptr_t>(this)};
  gl_canvas_content(content, sizeof content);
  gl_canvas_content(rect_, sizeof rect_);
  dl->AddCallback(heatmap_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

}  // namespace loadlab::app
