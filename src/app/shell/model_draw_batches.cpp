// Merging Dear ImGui's draw commands into few draw calls (see model_draw_batches.h for why). The
// scissor rectangle is computed as in Dear ImGui
// 1.86's backends/imgui_impl_opengl3.cpp (ImGui_ImplOpenGL3_RenderDrawData), so the pixels drawn
// are the same.
#include "app/shell/model_draw_batches.h"

#include <algorithm>
#include <cmath>

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

// Whether every pixel a triangle over these vertices covers lies in rectangle r (x, y, w, h;
// origin bottom left): a covered pixel's centre lies in the vertices' bounding box, so the box
// inside [x, x + w] x [y, y + h] is enough.
bool draw_batches_inside(float min_x, float min_y, float max_x, float max_y, const int r[4]) {
  return min_x >= static_cast<float>(r[0]) && max_x <= static_cast<float>(r[0] + r[2]) &&
         min_y >= static_cast<float>(r[1]) && max_y <= static_cast<float>(r[1] + r[3]);
}

}  // namespace

void build_draw_batches(const std::vector<BatchInputList>& lists, const float display_pos[2],
                        const float fb_scale[2], int fb_width, int fb_height, DrawBatches& out,
                        const BatchFillOptions* fills) {
  out.vertices.clear();
  out.indices.clear();
  out.ops.clear();
  out.commands_drawn = 0;
  out.first_fills.clear();
  out.fills_in_place = out.fills_dropped = 0;
  thread_local FillPlanner planner;
  if (fills) planner.reset(*fills);
  const int full[4] = {0, 0, fb_width, fb_height};
  const FillRect full_rect{0, 0, fb_width, fb_height, 0};
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
        // A canvas draws inside the command's clipping rectangle (its own glScissor).
        if (fills) {
          int cr[4];
          planner.touch(batch_scissor_rect(cmd.clip, display_pos, fb_scale, fb_height, cr)
                            ? FillRect{cr[0], cr[1], cr[0] + cr[2], cr[1] + cr[3], 0}
                            : full_rect);
        }
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
      // The vertices' box in framebuffer pixels (origin bottom left).
      const BatchInputVertex* vtx = list.vtx + cmd.vtx_offset;
      const auto fb_x = [&](const BatchInputVertex& v) {
        return (v.x - display_pos[0]) * fb_scale[0];
      };
      const auto fb_y = [&](const BatchInputVertex& v) {
        return static_cast<float>(fb_height) - (v.y - display_pos[1]) * fb_scale[1];
      };
      float min_x = 1e30f, min_y = 1e30f, max_x = -1e30f, max_y = -1e30f;
      for (unsigned v = lo; v <= hi; ++v) {
        min_x = std::min(min_x, fb_x(vtx[v]));
        max_x = std::max(max_x, fb_x(vtx[v]));
        min_y = std::min(min_y, fb_y(vtx[v]));
        max_y = std::max(max_y, fb_y(vtx[v]));
      }
      const bool unclipped = draw_batches_inside(min_x, min_y, max_x, max_y, r);
      const unsigned base = static_cast<unsigned>(out.vertices.size());
      out.vertices.insert(out.vertices.end(), vtx + lo, vtx + hi + 1);
      const FillRect scissor_rect{r[0], r[1], r[0] + r[2], r[1] + r[3], 0};
      // Indices [b, e) of the command as triangles: joined to the previous draw call when that
      // one's rectangle clips them exactly as their own would.
      const auto emit = [&](unsigned b, unsigned e) {
        if (e <= b) return;
        const unsigned first = static_cast<unsigned>(out.indices.size());
        for (unsigned k = b; k < e; ++k) out.indices.push_back(base + idx[k] - lo);
        if (fills)
          planner.touch_triangles(vtx, idx + b, e - b, display_pos, fb_scale, fb_height,
                                  scissor_rect);
        BatchOp* last = out.ops.empty() || out.ops.back().callback || out.ops.back().fill
                            ? nullptr
                            : &out.ops.back();
        if (last && last->texture == cmd.texture &&
            (std::equal(r, r + 4, last->scissor) ||
             (unclipped && draw_batches_inside(min_x, min_y, max_x, max_y, last->scissor)))) {
          last->count += e - b;
          return;
        }
        BatchOp op;
        op.texture = cmd.texture;
        std::copy(unclipped ? full : r, (unclipped ? full : r) + 4, op.scissor);
        op.first = first;
        op.count = e - b;
        op.list = li;
        op.cmd = ci;
        out.ops.push_back(op);
      };
      unsigned segment = 0;
      if (fills && cmd.texture == fills->texture) {
        for (unsigned t = 0; t + 6 <= cmd.elem_count; t += 3) {
          FillRect f;
          if (!fill_rect_of_quad(vtx, hi + 1, idx + t, fills->white, display_pos, fb_scale,
                                 fb_width, fb_height, r, f) ||
              f.pixels() < fills->min_pixels)
            continue;
          emit(segment, t);
          segment = t + 6;
          const FillPlanner::Place where = planner.place(f);
          if (where == FillPlanner::Place::dropped) {
            ++out.fills_dropped;
          } else if (where == FillPlanner::Place::in_place) {
            ++out.fills_in_place;
            BatchOp op;
            op.fill = true;
            op.col = f.col;
            op.scissor[0] = f.x0;
            op.scissor[1] = f.y0;
            op.scissor[2] = f.x1 - f.x0;
            op.scissor[3] = f.y1 - f.y0;
            op.list = li;
            op.cmd = ci;
            out.ops.push_back(op);
          }
          t += 3;  // the quad's second triangle
        }
      }
      emit(segment, cmd.elem_count);
    }
  }
  if (fills) out.first_fills = planner.first_fills();
}

}  // namespace loadlab::app
