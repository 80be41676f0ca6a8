#include "app/balance/node_renderer.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
static constexpr const char* kShaderPrefix = "#version 300 es\nprecision mediump float;\n";
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
static constexpr const char* kShaderPrefix = "#version 330 core\n";
#endif

#include "shaders_embedded.h"

namespace loadlab::app {

namespace {

unsigned compile(GLenum type, const char* body) {
  const std::string text = std::string(kShaderPrefix) + body;
  const char* src = text.c_str();
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "loadlab: node shader failed to compile: %s\n", log);
    glDeleteShader(s);
    return 0;
  }
  return s;
}

// The ImGui draw callback: runs while ImGui renders, between its own draw calls. ImGui restores
// its state afterwards because view_network queues ImDrawCallback_ResetRenderState next.
void draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  auto* self = static_cast<NodeRenderer*>(cmd->UserCallbackData);
  node_renderer_callback(self, cmd);
}

}  // namespace

void node_renderer_callback(const void* renderer, const void* command) {
  auto* self = static_cast<const NodeRenderer*>(renderer);
  auto* cmd = static_cast<const ImDrawCmd*>(command);
  if (!self->program_ || self->count_ == 0) return;
  const ImDrawData* dd = ImGui::GetDrawData();
  const ImVec2 fb_scale = dd ? dd->FramebufferScale : ImVec2(1, 1);
  const ImVec2 origin = dd ? dd->DisplayPos : ImVec2(0, 0);
  const float fb_w = (dd ? dd->DisplaySize.x : 1) * fb_scale.x;
  const float fb_h = (dd ? dd->DisplaySize.y : 1) * fb_scale.y;
  // Clip to the view's rectangle (framebuffer coordinates, origin bottom-left).
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>((cmd->ClipRect.x - origin.x) * fb_scale.x),
            static_cast<GLint>(fb_h - (cmd->ClipRect.w - origin.y) * fb_scale.y),
            static_cast<GLsizei>((cmd->ClipRect.z - cmd->ClipRect.x) * fb_scale.x),
            static_cast<GLsizei>((cmd->ClipRect.w - cmd->ClipRect.y) * fb_scale.y));
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
#ifndef __EMSCRIPTEN__
  glEnable(GL_PROGRAM_POINT_SIZE);  // WebGL2 always honours gl_PointSize
#endif
  glUseProgram(self->program_);
  const auto& p = self->params_;
  glUniform4f(glGetUniformLocation(self->program_, "u_transform"), (p.transform[0] - origin.x) * fb_scale.x,
              (p.transform[1] - origin.y) * fb_scale.y, p.transform[2] * fb_scale.x, 0.0f);
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
  const unsigned vs = compile(GL_VERTEX_SHADER, kShader_nodes_vert);
  const unsigned fs = compile(GL_FRAGMENT_SHADER, kShader_nodes_frag);
  if (!vs || !fs) {
    failed_ = true;
    return false;
  }
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  glDeleteShader(vs);
  glDeleteShader(fs);
  if (!ok) {
    glDeleteProgram(program_);
    program_ = 0;
    failed_ = true;
    return false;
  }
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_pos_);
  glGenBuffers(1, &vbo_col_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_pos_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_col_);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void NodeRenderer::set_nodes(const std::vector<core::Point>& layout,
                             const std::vector<std::uint32_t>& colours) {
  if (!ensure_gl()) return;
  std::vector<float> pos(layout.size() * 2);
  for (std::size_t i = 0; i < layout.size(); ++i) pos[2 * i] = layout[i].x, pos[2 * i + 1] = layout[i].y;
  if (pos != pos_cache_) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_pos_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(pos.size() * sizeof(float)), pos.data(), GL_STATIC_DRAW);
    pos_cache_ = std::move(pos);
  }
  if (colours != col_cache_) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_col_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(colours.size() * sizeof(std::uint32_t)),
                 colours.data(), GL_DYNAMIC_DRAW);
    col_cache_ = colours;
  }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  count_ = static_cast<int>(layout.size());
}

void NodeRenderer::draw(ImDrawList* dl, float centre_x, float centre_y, float scale, float pan_x,
                        float pan_y, float radius) {
  if (!program_) return;
  params_ = {{centre_x, centre_y, scale, 0}, {pan_x, pan_y}, radius};
  dl->AddCallback(draw_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

}  // namespace loadlab::app
