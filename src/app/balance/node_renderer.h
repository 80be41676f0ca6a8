// Draws many network nodes at once with our own shaders (shaders/nodes.*) as GL point sprites,
// from inside ImGui's draw list (a draw callback), so the network view stays smooth at hundreds of
// thousands of nodes where per-node ImDrawList circles would not.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/topology.h"

struct ImDrawList;

namespace loadlab::app {

/// The draw-callback body (internal; declared here so the class can befriend it).
void node_renderer_callback(const void* renderer, const void* cmd);

class NodeRenderer {
 public:
  NodeRenderer() = default;
  NodeRenderer(const NodeRenderer&) = delete;
  NodeRenderer& operator=(const NodeRenderer&) = delete;
  ~NodeRenderer();

  /// Uploads positions and colours (RGBA8) when they change; cheap to call every frame.
  void set_nodes(const std::vector<core::Point>& layout, const std::vector<std::uint32_t>& colours);

  /// Queues a draw of all nodes into `dl`, clipped to its current clip rectangle. The transform
  /// matches panel_network: screen = centre + (p - 0.5 + pan) * scale, in ImGui pixels.
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
  std::vector<float> pos_cache_;
  std::vector<std::uint32_t> col_cache_;
  DrawParams params_{};
  friend void node_renderer_callback(const void* list, const void* cmd);
};

}  // namespace loadlab::app
