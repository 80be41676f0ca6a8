// Draws big networks with our own shaders from inside ImGui's draw list (draw callbacks), so the
// network view stays smooth at a million nodes where per-node ImDrawList shapes would not:
//  - NodeRenderer: every node as a round point sprite (shaders/nodes.*), for networks that are
//    big but still drawn node by node;
//  - HeatmapRenderer: the level-of-detail load heatmap, one mipmapped texture with a texel per
//    node (or per bin of nodes) coloured by the load scale in the shader (shaders/heatmap.*).
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"

struct ImDrawList;

namespace loadlab::app {

/// The draw-callback bodies (internal; declared here so the classes can befriend them).
void node_renderer_callback(const void* renderer, const void* cmd);
void heatmap_renderer_callback(const void* renderer, const void* cmd);

class NodeRenderer {
 public:
  NodeRenderer() = default;
  NodeRenderer(const NodeRenderer&) = delete;
  NodeRenderer& operator=(const NodeRenderer&) = delete;
  ~NodeRenderer();

  /// Uploads positions and colours (RGBA8) when their keys change (the caller bumps a key when
  /// the data changes), so a frame that changes nothing costs nothing.
  void set_nodes(const std::vector<core::Point>& layout, std::uint64_t layout_key,
                 const std::vector<std::uint32_t>& colours, std::uint64_t colour_key);

  /// Queues a draw of all nodes into `dl`, clipped to its current clip rectangle. The transform
  /// matches balance/view_network.cpp: screen = centre + (p - 0.5 + pan) * scale, in ImGui pixels.
  void draw(ImDrawList* dl, float centre_x, float centre_y, float scale, float pan_x, float pan_y,
            float radius);

  /// False if the shaders failed to compile (the view then falls back to ImDrawList circles).
  bool ok() const { return !failed_; }

  struct DrawParams {
    float transform[4];
    float pan[2];
    float radius;
  };

 private:
  bool ensure_gl();
  unsigned program_ = 0, vao_ = 0, vbo_pos_ = 0, vbo_col_ = 0;
  int count_ = 0;
  bool failed_ = false;
  std::uint64_t layout_key_ = ~0ull, colour_key_ = ~0ull;
  DrawParams params_{};
  friend void node_renderer_callback(const void* list, const void* cmd);
};

class HeatmapRenderer {
 public:
  HeatmapRenderer() = default;
  HeatmapRenderer(const HeatmapRenderer&) = delete;
  HeatmapRenderer& operator=(const HeatmapRenderer&) = delete;

  /// Uploads w x h RG8 texels (model_network.h: heat_texels) when `key` changes.
  void set_texels(int w, int h, const std::vector<std::uint8_t>& rg, std::uint64_t key);
  /// Queues the textured quad [x0, x1] x [y0, y1] (ImGui pixels), clipped to the current clip
  /// rectangle.
  void draw(ImDrawList* dl, float x0, float y0, float x1, float y1);
  bool ok() const { return !failed_; }

 private:
  bool ensure_gl();
  unsigned program_ = 0, vao_ = 0, tex_ = 0;
  bool failed_ = false;
  std::uint64_t key_ = ~0ull;
  float rect_[4] = {0, 0, 0, 0};
  friend void heatmap_renderer_callback(const void* list, const void* cmd);
};

}  // namespace loadlab::app
