#include "app/partition/mesh_renderer.h"

#include <imgui.h>

#include <utility>

#include "app/widgets/gl_headers.h"

#include "app/partition/model_mesh_splat.h"
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

bool g_mesh_texture = true;

std::uint64_t mesh_texture_mix(std::uint64_t h, const void* bytes, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(bytes);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001B3ull;  // FNV-1a
  return h;
}

}  // namespace

void mesh_renderer_set_texture(bool on) {
  g_mesh_texture = on;
}
bool mesh_renderer_texture() {
  return g_mesh_texture;
}

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
  if (self->use_tex_) {
    // The rectangle of the image, one texel per pixel (glScissor's pixels, in device coordinates).
    const GLuint t = self->tex_program_;
    const int* r = self->tex_rect_;
    const float w = static_cast<float>(self->tex_fb_[0]), h = static_cast<float>(self->tex_fb_[1]);
    glUseProgram(t);
    glUniform4f(glGetUniformLocation(t, "u_rect"), static_cast<float>(r[0]) / w * 2 - 1,
                static_cast<float>(r[1]) / h * 2 - 1, static_cast<float>(r[0] + r[2]) / w * 2 - 1,
                static_cast<float>(r[1] + r[3]) / h * 2 - 1);
    glUniform2i(glGetUniformLocation(t, "u_origin"), r[0], r[1]);
    glUniform1i(glGetUniformLocation(t, "u_tex"), 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, self->tex_);
    glBindVertexArray(self->tex_vao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(p);
    glBindVertexArray(self->vao_);
  } else if (f.subset) {
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

bool MeshRenderer::ensure_texture_gl() {
  if (tex_program_ || tex_failed_) return tex_program_ != 0;
  tex_program_ =
      gl_link_program(kShader_mesh_tex_vert, kShader_mesh_tex_frag, GlPrecision::High, "mesh_tex");
  if (!tex_program_) {
    tex_failed_ = true;
    return false;
  }
  glGenVertexArrays(1, &tex_vao_);
  glGenTextures(1, &tex_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  // texelFetch filters nothing, but a texture that wants mipmaps is incomplete and reads as 0.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

// Decides between points and the texture for this frame, and rebuilds the texture when what it
// shows changed. The view's numbers are the draw callback's, computed the same way.
void MeshRenderer::update_texture(const Frame& f) {
  use_tex_ = false;
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 fbs = io.DisplayFramebufferScale, origin = ImGui::GetMainViewport()->Pos;
  const float fb_w = io.DisplaySize.x * fbs.x, fb_h = io.DisplaySize.y * fbs.y;
  const ImVec2 c0 = f.clip_min, c1 = f.clip_max;
  const int rect[4] = {static_cast<int>((c0.x - origin.x) * fbs.x),
                       static_cast<int>(fb_h - (c1.y - origin.y) * fbs.y),
                       static_cast<int>((c1.x - c0.x) * fbs.x),
                       static_cast<int>((c1.y - c0.y) * fbs.y)};
  const std::size_t points =
      f.subset ? static_cast<std::size_t>(subset_count_) : static_cast<std::size_t>(count_);
  if (!g_mesh_texture || f.all_edges || rect[2] <= 0 || rect[3] <= 0 ||
      !mesh_splat_pays(points, static_cast<std::size_t>(rect[2]) * rect[3]) || !ensure_texture_gl())
    return;
  MeshSplatView v;
  v.offset_x = (f.origin_x - origin.x) * fbs.x;
  v.offset_y = (f.origin_y - origin.y) * fbs.y;
  v.scale = f.scale * fbs.x;
  v.point = f.point * fbs.x;
  v.fb_h = static_cast<int>(fb_h);
  v.x0 = rect[0], v.y0 = rect[1], v.w = rect[2], v.h = rect[3];
  const std::uint64_t keys[] = {pos_key_, col_key_, f.subset ? subset_key_ : ~0ull};
  std::uint64_t key = mesh_texture_mix(0xCBF29CE484222325ull, keys, sizeof keys);
  key = mesh_texture_mix(key, &v, sizeof v);
  use_tex_ = true;
  tex_rect_[0] = rect[0], tex_rect_[1] = rect[1], tex_rect_[2] = rect[2], tex_rect_[3] = rect[3];
  tex_fb_[0] = static_cast<int>(fb_w), tex_fb_[1] = static_cast<int>(fb_h);
  if (key == tex_key_) return;
  mesh_splat(rel_, colours_, f.subset ? &subset_ : nullptr, v, texels_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (tex_w_ != v.w || tex_h_ != v.h) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, v.w, v.h, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 texels_.data());
    tex_w_ = v.w, tex_h_ = v.h;
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, v.w, v.h, GL_RGBA, GL_UNSIGNED_BYTE, texels_.data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  tex_key_ = key;
  ++texture_builds_;
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
  rel_ = std::move(rel);
}

void MeshRenderer::set_colours(const std::vector<std::uint32_t>& rgba, std::uint64_t key) {
  if (!ensure_gl() || key == col_key_) return;
  glBindBuffer(GL_ARRAY_BUFFER, vbo_col_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(rgba.size() * sizeof(std::uint32_t)),
               rgba.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  col_key_ = key;
  colours_ = rgba;
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
  subset_ = vertices;
}

void MeshRenderer::draw(ImDrawList* dl, const Frame& f) {
  if (!program_) return;
  frame_ = f;
  frame_.clip_min = dl->GetClipRectMin();
  frame_.clip_max = dl->GetClipRectMax();
  update_texture(frame_);
  drawn_as_ = use_tex_ ? "texture" : "points";
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
                                 f.cut_colour, use_tex_ ? 1u : 0u};
  gl_canvas_content(view, sizeof view);
  gl_canvas_content(flags, sizeof flags);
  if (use_tex_) gl_canvas_content(&tex_key_, sizeof tex_key_);
  dl->AddCallback(mesh_renderer_draw_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

}  // namespace loadlab::app
