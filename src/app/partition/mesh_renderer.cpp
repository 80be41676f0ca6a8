#include "app/partition/mesh_renderer.h"

#include <imgui.h>

#include "app/widgets/gl_headers.h"

#include "app/widgets/gl_program.h"
#include "shaders_embedded.h"

namespace loadlab::app {

namespace {

void mesh_renderer_draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  mesh_renderer_callback(cmd->UserCallbackData, cmd);
}

// The element binding is VAO state: bind ours so no other vertex array's binding changes.
void upload_indices(unsigned vao, unsigned buffer, const std::vector<unsigned>& idx) {
  glBindVertexArray(vao);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffer);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(idx.size() * sizeof(unsigned)),
               idx.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
}

}  // namespace

void mesh_renderer_callback(const void* renderer, const void* command) {
  auto* self = static_cast<const MeshRenderer*>(renderer);
  auto* cmd = static_cast<const ImDrawCmd*>(command);
  if (!self->program_ || self->count_ == 0) return;
  ImVec2 fb_scale{1, 1}, origin{0, 0};
  float fb_w = 1, fb_h = 1;
  if (const ImDrawData* dd = ImGui::GetDrawData()) {
    fb_scale = dd->FramebufferScale;
    origin = dd->DisplayPos;
    fb_w = dd->DisplaySize.x * fb_scale.x;
    fb_h = dd->DisplaySize.y * fb_scale.y;
  }
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>((cmd->ClipRect.x - origin.x) * fb_scale.x),
            static_cast<GLint>(fb_h - (cmd->ClipRect.w - origin.y) * fb_scale.y),
            static_cast<GLsizei>((cmd->ClipRect.z - cmd->ClipRect.x) * fb_scale.x),
            static_cast<GLsizei>((cmd->ClipRect.w - cmd->ClipRect.y) * fb_scale.y));
  glDisable(GL_BLEND);  // opaque colours: no blending work for a million points
#ifndef __EMSCRIPTEN__
  glEnable(GL_PROGRAM_POINT_SIZE);  // WebGL2 always honours gl_PointSize
#endif
  const auto& f = self->frame_;
  const GLuint p = self->program_;
  glUseProgram(p);
  glUniform2f(glGetUniformLocation(p, "u_offset"), (f.origin_x - origin.x) * fb_scale.x,
              (f.origin_y - origin.y) * fb_scale.y);
  glUniform1f(glGetUniformLocation(p, "u_scale"), f.scale * fb_scale.x);
  glUniform2f(glGetUniformLocation(p, "u_viewport"), fb_w, fb_h);
  glUniform1f(glGetUniformLocation(p, "u_point"), f.point * fb_scale.x);
  const GLint colour = glGetUniformLocation(p, "u_colour");
  glBindVertexArray(self->vao_);
  if (f.all_edges && self->all_count_ > 0) {
    glUniform4f(colour, 0, 0, 0, 0);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, self->ibo_all_);
    glDrawElements(GL_LINES, self->all_count_, GL_UNSIGNED_INT, nullptr);
  }
  glUniform4f(colour, 0, 0, 0, 0);
  if (f.subset) {
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, self->ibo_subset_);
    glDrawElements(GL_POINTS, self->subset_count_, GL_UNSIGNED_INT, nullptr);
  } else {
    glDrawArrays(GL_POINTS, 0, self->count_);
  }
  if (f.cut_edges && (self->cut_count_ > 0 || self->ends_count_ > 0)) {
    const std::uint32_t c = f.cut_colour;
    glUniform4f(colour, static_cast<float>(c & 0xFF) / 255.0f,
                static_cast<float>((c >> 8) & 0xFF) / 255.0f,
                static_cast<float>((c >> 16) & 0xFF) / 255.0f, 1.0f);
    if (self->cut_count_ > 0) {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, self->ibo_cut_);
      glDrawElements(GL_LINES, self->cut_count_, GL_UNSIGNED_INT, nullptr);
    }
    if (self->ends_count_ > 0) {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, self->ibo_ends_);
      glDrawElements(GL_POINTS, self->ends_count_, GL_UNSIGNED_INT, nullptr);
    }
  }
  glBindVertexArray(0);
}

bool MeshRenderer::ensure_gl() {
  if (program_ || failed_) return program_ != 0;
  program_ = gl_link_program(kShader_mesh_vert, kShader_mesh_frag, GlPrecision::High, "mesh");
  if (!program_) {
    failed_ = true;
    return false;
  }
  gl_point_vao(vao_, vbo_pos_, vbo_col_);
  glGenBuffers(1, &ibo_cut_);
  glGenBuffers(1, &ibo_all_);
  glGenBuffers(1, &ibo_ends_);
  glGenBuffers(1, &ibo_subset_);
  return true;
}

void MeshRenderer::set_positions(const std::vector<float>& xy, float x0, float y0,
                                 std::uint64_t key) {
  if (!ensure_gl() || key == pos_key_) return;
  std::vector<float> rel(xy.size());
  for (std::size_t i = 0; i + 1 < xy.size(); i += 2)
    rel[i] = xy[i] - x0, rel[i + 1] = xy[i + 1] - y0;
  glBindBuffer(GL_ARRAY_BUFFER, vbo_pos_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(rel.size() * sizeof(float)), rel.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  pos_key_ = key;
  count_ = static_cast<int>(xy.size() / 2);
}

void MeshRenderer::set_colours(const std::vector<std::uint32_t>& rgba, std::uint64_t key) {
  if (!ensure_gl() || key == col_key_) return;
  glBindBuffer(GL_ARRAY_BUFFER, vbo_col_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(rgba.size() * sizeof(std::uint32_t)),
               rgba.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  col_key_ = key;
}

void MeshRenderer::set_cut_edges(const std::vector<core::MeshEdge>& edges,
                                 const std::vector<std::int64_t>& which, std::uint64_t key,
                                 const std::vector<float>* xy, float max_length) {
  if (!ensure_gl() || key == cut_key_) return;
  std::vector<unsigned> idx, ends;
  idx.reserve(which.size() * 2);
  std::vector<char> marked(xy ? xy->size() / 2 : 0, 0);
  const float max2 = max_length * max_length;
  for (std::int64_t i : which) {
    const auto& e = edges[static_cast<std::size_t>(i)];
    if (xy) {
      const auto a = 2 * static_cast<std::size_t>(e.a), b = 2 * static_cast<std::size_t>(e.b);
      const float dx = (*xy)[a] - (*xy)[b], dy = (*xy)[a + 1] - (*xy)[b + 1];
      if (dx * dx + dy * dy > max2) {
        for (int v : {e.a, e.b})
          if (!marked[static_cast<std::size_t>(v)])
            marked[static_cast<std::size_t>(v)] = 1, ends.push_back(static_cast<unsigned>(v));
        continue;
      }
    }
    idx.push_back(static_cast<unsigned>(e.a));
    idx.push_back(static_cast<unsigned>(e.b));
  }
  upload_indices(vao_, ibo_cut_, idx);
  upload_indices(vao_, ibo_ends_, ends);
  cut_count_ = static_cast<int>(idx.size());
  ends_count_ = static_cast<int>(ends.size());
  cut_key_ = key;
}

void MeshRenderer::set_all_edges(const std::vector<core::MeshEdge>& edges, std::uint64_t key,
                                 const std::vector<float>* xy, float max_length) {
  if (!ensure_gl() || key == all_key_) return;
  std::vector<unsigned> idx;
  idx.reserve(edges.size() * 2);
  const float max2 = max_length * max_length;
  for (const auto& e : edges) {
    if (xy) {
      const auto a = 2 * static_cast<std::size_t>(e.a), b = 2 * static_cast<std::size_t>(e.b);
      const float dx = (*xy)[a] - (*xy)[b], dy = (*xy)[a + 1] - (*xy)[b + 1];
      if (dx * dx + dy * dy > max2) continue;
    }
    idx.push_back(static_cast<unsigned>(e.a));
    idx.push_back(static_cast<unsigned>(e.b));
  }
  upload_indices(vao_, ibo_all_, idx);
  all_count_ = static_cast<int>(idx.size());
  all_key_ = key;
}

void MeshRenderer::set_point_subset(const std::vector<unsigned>& vertices, std::uint64_t key) {
  if (!ensure_gl() || key == subset_key_) return;
  upload_indices(vao_, ibo_subset_, vertices);
  subset_count_ = static_cast<int>(vertices.size());
  subset_key_ = key;
}

void MeshRenderer::draw(ImDrawList* dl, const Frame& f) {
  if (!program_) return;
  frame_ = f;
  const std::uint64_t content[] = {
      pos_key_,
      col_key_,
      cut_key_,
      all_key_,
      subset_key_,
      static_cast<std::uint64_t>(count_) << 32 | static_cast<std::uint32_t>(cut_count_),
      static_cast<std::uint64_t>(all_count_) << 32 | static_cast<std::uint32_t>(ends_count_),
      static_cast<std::uint64_t>(subset_count_),
      reinterpret_cast<std::uintptr_t>(this)};
  gl_canvas_content(content, sizeof content);
  const float view[] = {f.origin_x, f.origin_y, f.scale, f.point};
  const std::uint32_t flags[] = {f.all_edges ? 1u : 0u, f.cut_edges ? 1u : 0u, f.subset ? 1u : 0u,
                                 f.cut_colour};
  gl_canvas_content(view, sizeof view);
  gl_canvas_content(flags, sizeof flags);
  dl->AddCallback(mesh_renderer_draw_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

}  // namespace loadlab::app
