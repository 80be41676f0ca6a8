// Every text draw of the frame being built, with its full (unclipped) size and the clip rectangle
// in effect: the linker routes Dear ImGui's ImDrawList::AddText (both overloads) and
// ImFont::RenderChar (what RenderTextEllipsis draws its "..." with) through text_draw_hook.cpp.
// ImGui cuts text on the CPU (RenderTextClipped, RenderTextEllipsis, column and child clip
// rectangles) before any glyph reaches the draw data, so a cut label leaves no trace there; here it
// does. Linux and Emscripten links only (GNU ld / wasm-ld --wrap); elsewhere nothing is recorded.
#pragma once

#include <vector>

struct ImDrawList;

namespace loadlab::app {

/// One AddText / RenderChar call as drawn: the whole text's box (screen pixels, trailing spaces
/// left out), the clip rectangle the glyphs were cut to, and whether it is an ellipsis mark (the
/// text before it was shortened to fit).
struct RecordedTextDraw {
  const ImDrawList* list = nullptr;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float clip_x0 = 0, clip_y0 = 0, clip_x1 = 0, clip_y1 = 0;
  bool ellipsis = false;
};

/// The text draws of the current ImGui frame (after ImGui::Render: the frame just rendered).
std::vector<RecordedTextDraw> recorded_text_draws();

/// True once any draw has been recorded (the link routed ImGui's text through the hook).
bool text_draw_hook_active();

}  // namespace loadlab::app
