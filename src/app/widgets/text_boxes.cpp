#include "app/widgets/text_boxes.h"

#include "app/widgets/text_draw_hook.h"

#include <imgui.h>
#include <imgui_internal.h>  // the windows that own the draw lists (groups, scrolling)

#include <unordered_map>

namespace loadlab::app {

namespace {

struct UvRect {
  ImVec2 min{2, 2}, max{-1, -1};
  bool contains(ImVec2 uv) const {
    return uv.x >= min.x && uv.x <= max.x && uv.y >= min.y && uv.y <= max.y;
  }
};

// ImFont::RenderText writes a glyph as PrimRectUV: four corners (top-left, top-right,
// bottom-right, bottom-left) and the indices a, a+1, a+2, a, a+2, a+3, sampling the font atlas
// away from its white pixel and its baked anti-aliased lines.
bool read_glyph(const ImDrawIdx* idx, const ImDrawVert* vtx, ImVec2 white, const UvRect& lines,
                ImVec4& quad) {
  const ImDrawIdx a = idx[0];
  if (idx[1] != a + 1 || idx[2] != a + 2 || idx[3] != a || idx[4] != a + 2 || idx[5] != a + 3)
    return false;
  const ImDrawVert &tl = vtx[a], &tr = vtx[a + 1], &br = vtx[a + 2], &bl = vtx[a + 3];
  if (tl.pos.y != tr.pos.y || tr.pos.x != br.pos.x || br.pos.y != bl.pos.y ||
      bl.pos.x != tl.pos.x || !(tl.pos.x < tr.pos.x) || !(tl.pos.y < bl.pos.y))
    return false;
  if (!(tl.uv.x < tr.uv.x) || !(tl.uv.y < bl.uv.y)) return false;  // shapes sample one texel
  if ((tl.uv.x == white.x && tl.uv.y == white.y) || lines.contains(tl.uv)) return false;
  quad = {tl.pos.x, tl.pos.y, br.pos.x, br.pos.y};
  return true;
}

}  // namespace

std::vector<TextBox> last_frame_text_boxes() {
  std::vector<TextBox> boxes;
  ImGuiContext* ctx = ImGui::GetCurrentContext();
  ImDrawData* dd = ctx ? ImGui::GetDrawData() : nullptr;
  if (dd == nullptr || !dd->Valid) return boxes;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  UvRect lines;
  if (atlas->PackIdLines >= 0)
    atlas->CalcCustomRectUV(atlas->GetCustomRectByIndex(atlas->PackIdLines), &lines.min,
                            &lines.max);
  std::unordered_map<const ImDrawList*, const ImGuiWindow*> owner;
  for (const ImGuiWindow* w : ctx->Windows) owner[w->DrawList] = w;
  std::unordered_map<const ImGuiWindow*, int> group_of_root;
  struct ListRules {
    int group;
    bool vertical, horizontal;
  };
  std::unordered_map<const ImDrawList*, ListRules> rules;
  std::vector<GlyphQuad> glyphs;
  for (int li = 0; li < dd->CmdListsCount; ++li) {
    const ImDrawList* list = dd->CmdLists[li];
    const auto it = owner.find(list);
    const ImGuiWindow* window = it == owner.end() ? nullptr : it->second;
    const ImGuiWindow* root = window ? window->RootWindow : nullptr;
    const int group =
        root ? group_of_root.emplace(root, static_cast<int>(group_of_root.size())).first->second
             : -1 - li;
    const bool vertical = window != nullptr && window->ScrollMax.y <= 0.0f;
    const bool horizontal = window == nullptr || window->ScrollMax.x <= 0.0f;
    rules[list] = {group, vertical, horizontal};
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr || cmd.TextureId != atlas->TexID) continue;
      const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = list->VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned k = 0; k + 6 <= cmd.ElemCount;) {
        ImVec4 q;
        if (read_glyph(idx + k, vtx, atlas->TexUvWhitePixel, lines, q)) {
          glyphs.push_back({q.x, q.y, q.z, q.w, cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z,
                            cmd.ClipRect.w, group, vertical, horizontal});
          k += 6;
        } else {
          k += 3;  // every primitive is made of triangles
        }
      }
    }
  }
  boxes = text_boxes_from_glyphs(glyphs);
  mark_text_problems(boxes);
  // The draws as asked for: what ImGui cut before any glyph reached the draw data (only draw
  // lists that were rendered; a hidden window's list keeps last frame's commands).
  std::vector<TextDraw> draws;
  for (const RecordedTextDraw& r : recorded_text_draws()) {
    const auto it = rules.find(r.list);
    if (it == rules.end()) continue;
    draws.push_back({r.x0, r.y0, r.x1, r.y1, r.clip_x0, r.clip_y0, r.clip_x1, r.clip_y1,
                     it->second.group, it->second.vertical, it->second.horizontal, r.ellipsis});
  }
  mark_cut_draws(boxes, draws);
  return boxes;
}

int last_frame_text_problems() {
  int n = 0;
  for (const TextBox& b : last_frame_text_boxes()) n += (b.overlaps || b.clipped) ? 1 : 0;
  return n;
}

}  // namespace loadlab::app
