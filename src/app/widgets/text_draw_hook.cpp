// Link-time wrappers of Dear ImGui 1.86's text entry points (see text_draw_hook.h). Compiled into
// the imgui library, so every program that links ImGui also links the wrappers the linker asks for
// (src/app/CMakeLists.txt passes --wrap for the three symbols). Each wrapper records the draw and
// calls the real function unchanged.
#include "app/widgets/text_draw_hook.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImDrawListSharedData: the default font and size of a draw list

#include <cfloat>
#include <cstring>

namespace loadlab::app {

namespace {

struct TextDrawLog {
  int frame = -1;
  std::vector<RecordedTextDraw> draws;
  bool active = false;
};

TextDrawLog& text_draw_log() {
  static TextDrawLog log;
  return log;
}

void text_draw_log_add(const RecordedTextDraw& d) {
  TextDrawLog& log = text_draw_log();
  const int frame = ImGui::GetCurrentContext() ? ImGui::GetFrameCount() : -1;
  if (frame != log.frame) log.draws.clear(), log.frame = frame;
  // Bounded: a view that draws thousands of labels still costs a fixed amount here.
  if (log.draws.size() < 20000) log.draws.push_back(d);
  log.active = true;
}

void text_draw_record(const ImDrawList* list, const ImFont* font, float font_size,
                      const ImVec2& pos, ImU32 col, const char* begin, const char* end,
                      float wrap_width, const ImVec4* fine_clip) {
  if ((col & IM_COL32_A_MASK) == 0 || begin == nullptr) return;
  // A single-line text field draws its buffer with an explicit font and a fine clip rectangle
  // (ImGui's labels pass no font, plain text no clip): its text scrolls inside the field, by
  // design, so it is not a cut label.
  if (font != nullptr && fine_clip != nullptr) return;
  if (end == nullptr) end = begin + std::strlen(begin);
  while (end > begin && (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\t')) --end;
  const char* first = begin;
  while (first < end && (*first == ' ' || *first == '\n')) ++first;
  if (first == end || list->_Data == nullptr) return;
  if (font == nullptr) font = list->_Data->Font;
  if (font_size == 0.0f) font_size = list->_Data->FontSize;
  if (font == nullptr) return;
  const ImVec2 size = font->CalcTextSizeA(font_size, FLT_MAX, wrap_width, begin, end);
  // Leading spaces move the ink right without being drawn.
  const float lead =
      first > begin ? font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, begin, first).x : 0.0f;
  ImVec4 clip = list->_CmdHeader.ClipRect;
  if (fine_clip != nullptr) {
    clip.x = ImMax(clip.x, fine_clip->x), clip.y = ImMax(clip.y, fine_clip->y);
    clip.z = ImMin(clip.z, fine_clip->z), clip.w = ImMin(clip.w, fine_clip->w);
  }
  RecordedTextDraw d;
  d.list = list;
  d.x0 =
      pos.x + (first > begin && std::memchr(begin, '\n', first - begin) == nullptr ? lead : 0.0f);
  d.y0 = pos.y, d.x1 = pos.x + size.x, d.y1 = pos.y + size.y;
  d.clip_x0 = clip.x, d.clip_y0 = clip.y, d.clip_x1 = clip.z, d.clip_y1 = clip.w;
  text_draw_log_add(d);
}

}  // namespace

std::vector<RecordedTextDraw> recorded_text_draws() {
  const TextDrawLog& log = text_draw_log();
  const int frame = ImGui::GetCurrentContext() ? ImGui::GetFrameCount() : -1;
  return frame == log.frame ? log.draws : std::vector<RecordedTextDraw>{};
}

bool text_draw_hook_active() {
  return text_draw_log().active;
}

}  // namespace loadlab::app

// The wrapped symbols (Itanium C++ ABI names of the member functions; `this` comes first).
extern "C" {
void __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
    ImDrawList* self, const ImFont* font, float font_size, const ImVec2& pos, ImU32 col,
    const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip);
void __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* self, const ImVec2& pos, ImU32 col,
                                                     const char* begin, const char* end);
void __real__ZNK6ImFont10RenderCharEP10ImDrawListf6ImVec2jt(const ImFont* self, ImDrawList* list,
                                                            float size, ImVec2 pos, ImU32 col,
                                                            ImWchar c);

void __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
    ImDrawList* self, const ImFont* font, float font_size, const ImVec2& pos, ImU32 col,
    const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip) {
  loadlab::app::text_draw_record(self, font, font_size, pos, col, begin, end, wrap_width,
                                 fine_clip);
  __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
      self, font, font_size, pos, col, begin, end, wrap_width, fine_clip);
}

void __wrap__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* self, const ImVec2& pos, ImU32 col,
                                                     const char* begin, const char* end) {
  // The short form calls the long one inside imgui_draw.cpp, where the linker does not reroute.
  loadlab::app::text_draw_record(self, nullptr, 0.0f, pos, col, begin, end, 0.0f, nullptr);
  __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(self, pos, col, begin, end);
}

void __wrap__ZNK6ImFont10RenderCharEP10ImDrawListf6ImVec2jt(const ImFont* self, ImDrawList* list,
                                                            float size, ImVec2 pos, ImU32 col,
                                                            ImWchar c) {
  // Dear ImGui draws single characters only for the "..." of a shortened label (and in its own
  // metrics window, which the playground does not open).
  if (const ImFontGlyph* g = self->FindGlyphNoFallback(c);
      g != nullptr && (col & IM_COL32_A_MASK)) {
    const float scale = size / self->FontSize;
    loadlab::app::RecordedTextDraw d;
    d.list = list;
    d.x0 = pos.x + g->X0 * scale, d.y0 = pos.y + g->Y0 * scale;
    d.x1 = pos.x + g->X1 * scale, d.y1 = pos.y + g->Y1 * scale;
    const ImVec4 clip = list->_CmdHeader.ClipRect;
    d.clip_x0 = clip.x, d.clip_y0 = clip.y, d.clip_x1 = clip.z, d.clip_y1 = clip.w;
    d.ellipsis = true;
    loadlab::app::text_draw_log_add(d);
  }
  __real__ZNK6ImFont10RenderCharEP10ImDrawListf6ImVec2jt(self, list, size, pos, col, c);
}
}
