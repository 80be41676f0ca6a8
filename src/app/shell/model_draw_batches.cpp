// Merging Dear ImGui's draw commands into few draw calls, the scissor test moved into the fragment
// shader (see model_draw_batches.h for why). The scissor rectangle is computed as in Dear ImGui
// 1.86's backends/imgui_impl_opengl3.cpp (ImGui_ImplOpenGL3_RenderDrawData), so the pixels drawn
// are the same.
#include "app/shell/model_draw_batches.h"

#include <algorithm>

namespace loadlab::app {

bool batch_scissor_rect(const float clip[4], const float display_pos[2], const float fb_scale[2],
                        int fb_height, int out[4]) {
  const float min_x = (clip[0] - display_pos[0]) * fb_scale[0];
  const float min_y = (clip[1] - display_pos[1]) * fb_scale[1];
  const float max_x = (clip[2] - display_pos[0]) * fb_scale[0];
  const float max_y = (clip[3] - display_pos[1]) * fb_scale[1];
  if (max_x <= min_x || max_y <= min_y) return false;
  out[0] = static_cast<int>(min_x);
  out[1] = static_cast<int>(static_cast<float>(fb_height) - max_y);
  out[2] = static_cast<int>(max_x - min_x);
  out[3] = static_cast<int>(max_y - min_y);
  return true;
}

namespace {

std::uint16_t draw_batches_pixel(long long v) {
  return static_cast<std::uint16_t>(std::clamp<long long>(v, 0, 65535));
}

}  // namespace

void build_draw_batches(const std::vector<BatchInputList>& lists, const float display_pos[2],
                        const float fb_scale[2], int fb_height, DrawBatches& out) {
  out.vertices.clear();
  out.indices.clear();
  out.ops.clear();
  out.commands_drawn = 0;
  for (std::size_t li = 0; li < lists.size(); ++li) {
    const BatchInputList& list = lists[li];
    for (std::size_t ci = 0; ci < list.cmds.size(); ++ci) {
      const BatchInputCommand& cmd = list.cmds[ci];
      if (cmd.callback) {
        BatchOp op;
        op.callback = true;
        op.list = li;
        op.cmd = ci;
        out.ops.push_back(op);
        continue;
      }
      if (cmd.elem_count == 0) continue;
      int r[4];
      if (!batch_scissor_rect(cmd.clip, display_pos, fb_scale, fb_height, r)) continue;
      // Indices out of the list's arrays would read past them: such a command is left out (ImGui
      // never makes one; the stock backend would hand it to GL, which refuses it).
      if (static_cast<std::size_t>(cmd.idx_offset) + cmd.elem_count > list.idx_count) continue;
      const unsigned* idx = list.idx + cmd.idx_offset;
      unsigned lo = ~0u, hi = 0;
      for (unsigned k = 0; k < cmd.elem_count; ++k) {
        lo = std::min(lo, idx[k]);
        hi = std::max(hi, idx[k]);
      }
      if (static_cast<std::size_t>(cmd.vtx_offset) + hi >= list.vtx_count) continue;
      ++out.commands_drawn;
      const std::uint16_t clip[4] = {draw_batches_pixel(r[0]), draw_batches_pixel(r[1]),
                                     draw_batches_pixel(static_cast<long long>(r[0]) + r[2]),
                                     draw_batches_pixel(static_cast<long long>(r[1]) + r[3])};
      // This command's vertices, each with the command's rectangle (a vertex two commands share
      // is copied for each).
      const unsigned base = static_cast<unsigned>(out.vertices.size());
      const BatchInputVertex* vtx = list.vtx + cmd.vtx_offset;
      for (unsigned v = lo; v <= hi; ++v)
        out.vertices.push_back({vtx[v].x,
                                vtx[v].y,
                                vtx[v].u,
                                vtx[v].v,
                                vtx[v].col,
                                {clip[0], clip[1], clip[2], clip[3]}});
      const unsigned first = static_cast<unsigned>(out.indices.size());
      for (unsigned k = 0; k < cmd.elem_count; ++k) out.indices.push_back(base + idx[k] - lo);
      // Consecutive draws of one texture are one draw call (their indices are contiguous).
      if (!out.ops.empty() && !out.ops.back().callback && out.ops.back().texture == cmd.texture) {
        out.ops.back().count += cmd.elem_count;
      } else {
        BatchOp op;
        op.texture = cmd.texture;
        op.first = first;
        op.count = cmd.elem_count;
        op.list = li;
        op.cmd = ci;
        out.ops.push_back(op);
      }
    }
  }
}

}  // namespace loadlab::app
