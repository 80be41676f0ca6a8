// Text boxes of one drawn frame and which of them collide or are cut: the geometry behind the test
// hook's text_overlaps (widgets/text_boxes.h gathers the glyphs from ImGui's draw data). Pure, so
// tests/app checks it natively.
#pragma once

#include <vector>

namespace loadlab::app {

/// One glyph as drawn: its quad, the clip rectangle it was drawn under, the window it belongs to
/// (`group`: text in different top-level windows may cover each other, a popup over a view) and
/// whether a vertical or horizontal cut counts (a window that cannot scroll that way; a scrolled
/// list or a wide table with a scroll bar cuts its edges by design).
struct GlyphQuad {
  float x0, y0, x1, y1;
  float clip_x0, clip_y0, clip_x1, clip_y1;
  int group = 0;
  bool vertical_clip_counts = false;
  bool horizontal_clip_counts = true;
};

/// A run of glyphs drawn one after the other on one line: one text box.
struct TextBox {
  float x0, y0, x1, y1;
  int group = 0;
  bool clipped = false;
  bool overlaps = false;
};

/// Joins consecutive glyphs into text boxes: a glyph continues the box before it when it is in the
/// same group, starts at or right of the previous glyph, within a line height of it, and shares
/// its line (vertical ranges touch). A glyph drawn left of the previous one starts a new box, so
/// two labels drawn over each other stay two boxes.
std::vector<TextBox> text_boxes_from_glyphs(const std::vector<GlyphQuad>& glyphs);

/// One text draw as asked for (before ImGui cut it on the CPU): the whole text's box, the clip
/// rectangle in effect, its group and which cuts count (as for GlyphQuad). An `ellipsis` draw is
/// the "..." ImGui puts after a label it shortened to fit: the label is cut wherever it sits.
struct TextDraw {
  float x0, y0, x1, y1;
  float clip_x0, clip_y0, clip_x1, clip_y1;
  int group = 0;
  bool vertical_clip_counts = false;
  bool horizontal_clip_counts = true;
  bool ellipsis = false;
};

/// True when part of the draw is visible and part is cut away (by more than `tolerance` pixels
/// on a side whose cut counts), or when it is an ellipsis. A draw wholly outside its clip
/// rectangle is not shown at all (a label panned out of a canvas): not a cut label.
bool text_draw_cut(const TextDraw& draw, float tolerance = 1.0f);

/// Marks as clipped every box of a cut draw's group whose centre lies in the draw's visible part;
/// a cut draw that left no box (every glyph dropped) adds one, clipped, for its visible part.
void mark_cut_draws(std::vector<TextBox>& boxes, const std::vector<TextDraw>& draws,
                    float tolerance = 1.0f);

/// Marks boxes that intersect another box of their group (by more than `tolerance` pixels both
/// ways) and returns how many boxes overlap or are clipped.
int mark_text_problems(std::vector<TextBox>& boxes, float tolerance = 1.0f);

}  // namespace loadlab::app
