// Draws big meshes of the partition view with our own shaders (shaders/mesh.*) from inside ImGui's
// draw list (a draw callback), so a 10^6-vertex grid stays within the frame budget where one
// ImDrawList rectangle per vertex would not: every vertex a square point sprite in its colour (part
// or heat), cut edges as GL lines from an index buffer, and, zoomed in, every edge as a line.
// Buffers are uploaded only when their keys change, so panning and zooming upload nothing.
// A dense mesh (more points than about a 64th of the canvas's pixels) is drawn instead as one
// texture: the same point sprites rasterised on the CPU (model_mesh_splat.h), rebuilt only when the
// view or the colours change, and one rectangle (shaders/mesh_tex.*).
#pragma once

#include <cstdint>
#include <vector>

#include <imgui.h>

#include "core/partition/mesh.h"

namespace loadlab::app {

/// The draw-callback body (internal; declared here so the class can befriend it).
void mesh_renderer_callback(const void* renderer, const void* cmd);

/// Dense meshes as one texture (the default) or as point sprites (to compare); every renderer.
void mesh_renderer_set_texture(bool on);
bool mesh_renderer_texture();

class MeshRenderer {
 public:
  MeshRenderer() = default;
  MeshRenderer(const MeshRenderer&) = delete;
  MeshRenderer& operator=(const MeshRenderer&) = delete;

  /// Positions (x, y interleaved, world units) relative to (x0, y0) are uploaded when `key`
  /// changes.
  void set_positions(const std::vector<float>& xy, float x0, float y0, std::uint64_t key);
  /// RGBA8 per vertex (ImU32 packing), uploaded when `key` changes.
  void set_colours(const std::vector<std::uint32_t>& rgba, std::uint64_t key);
  /// Highlighted edges (pairs of vertex indices), uploaded when `key` changes. With `xy`, an edge
  /// longer than `max_length` is shown by its two ends as highlighted points instead of a line
  /// (merged: each vertex once), so a layout without coordinates does not paint the canvas red.
  void set_cut_edges(const std::vector<core::MeshEdge>& edges,
                     const std::vector<std::int64_t>& which, std::uint64_t key,
                     const std::vector<float>* xy = nullptr, float max_length = 0);
  /// Every edge (for the zoomed-in view), uploaded when `key` changes. With `xy` (positions, x and
  /// y interleaved), edges longer than `max_length` are left out (lines across a drawing laid out
  /// without coordinates say nothing and cost a full-canvas line each to rasterise).
  void set_all_edges(const std::vector<core::MeshEdge>& edges, std::uint64_t key,
                     const std::vector<float>* xy = nullptr, float max_length = 0);

  /// The vertices to draw as points when they are denser than the pixels (one per screen cell),
  /// uploaded when `key` changes; subset_key() says which key is loaded.
  void set_point_subset(const std::vector<unsigned>& vertices, std::uint64_t key);
  std::uint64_t subset_key() const { return subset_key_; }

  struct Frame {
    float origin_x = 0, origin_y = 0;  ///< ImGui pixel of world (x0, y0) (y down)
    float scale = 1;                   ///< ImGui pixels per world unit
    float point = 1;                   ///< point size in ImGui pixels
    bool all_edges = false;            ///< draw every edge (in the colour of its first end)
    bool cut_edges = true;
    bool subset = false;  ///< points: only the set_point_subset vertices
    std::uint32_t cut_colour = 0xFF2828FFu;
    ImVec2 clip_min{0, 0}, clip_max{0, 0};  ///< set by draw(): the draw list's clip rectangle
  };
  /// Queues the draw into `dl`, clipped to its current clip rectangle.
  void draw(ImDrawList* dl, const Frame& f);

  /// False if the shaders failed to compile (the view then uses its ImDrawList fallback).
  bool ok() const { return !failed_; }

  /// How the last draw() drew the vertices: "texture", "points" or "" (nothing yet); the test
  /// hook's state().mesh_draw.
  const char* drawn_as() const { return drawn_as_; }
  /// How many times the texture was rebuilt (the view or the colours changed).
  std::uint64_t texture_builds() const { return texture_builds_; }

 private:
  bool ensure_gl();
  bool ensure_texture_gl();
  void update_texture(const Frame& f);
  unsigned program_ = 0, vao_ = 0, vbo_pos_ = 0, vbo_col_ = 0, ibo_cut_ = 0, ibo_all_ = 0,
           ibo_ends_ = 0, ibo_subset_ = 0;
  int count_ = 0, cut_count_ = 0, all_count_ = 0, ends_count_ = 0, subset_count_ = 0;
  bool failed_ = false;
  std::uint64_t pos_key_ = ~0ull, col_key_ = ~0ull, cut_key_ = ~0ull, all_key_ = ~0ull,
                subset_key_ = ~0ull;
  Frame frame_{};
  // What the texture path rasterises (CPU copies of the uploaded buffers) and its GL objects.
  std::vector<float> rel_;
  std::vector<std::uint32_t> colours_;
  std::vector<unsigned> subset_;
  unsigned tex_program_ = 0, tex_vao_ = 0, tex_ = 0;
  bool tex_failed_ = false, use_tex_ = false;
  int tex_w_ = 0, tex_h_ = 0, tex_rect_[4] = {0, 0, 0, 0}, tex_fb_[2] = {1, 1};
  std::uint64_t tex_key_ = 0, texture_builds_ = 0;
  std::vector<std::uint32_t> texels_;
  const char* drawn_as_ = "";
  friend void mesh_renderer_callback(const void* renderer, const void* cmd);

  /// Dense meshes as one texture (the default) or as point sprites (to compare); every renderer.
  void mesh_renderer_set_texture(bool on);
  bool mesh_renderer_texture();
};

}  // namespace loadlab::app
