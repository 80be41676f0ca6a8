// The text boxes behind the test hook's text_overlaps (app/widgets/model_text_boxes.h), on glyph
// layouts drawn by hand: two labels side by side, two run together, one cut by its column.
#include <doctest/doctest.h>

#include <vector>

#include "app/widgets/model_text_boxes.h"

using namespace loadlab::app;

namespace {

// A label of `n` glyphs 8 px wide, 2 px apart, 12 px tall, starting at (x, y), clipped to `clip`.
void add_label(std::vector<GlyphQuad>& out, float x, float y, int n, float clip_x1 = 1e4f,
               int group = 0) {
  for (int i = 0; i < n; ++i) {
    const float gx = x + 10.0f * i;
    out.push_back({gx, y, gx + 8, y + 12, 0, 0, clip_x1, 1e4f, group, false, true});
  }
}

}  // namespace

TEST_CASE("TextBoxes.LabelsSideBySideAreTwoCleanBoxes") {
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 4);    // x 0..38
  add_label(g, 100, 0, 3);  // x 100..128: 62 px away, more than a line: its own box
  add_label(g, 0, 20, 5);   // the next line
  auto boxes = text_boxes_from_glyphs(g);
  REQUIRE(boxes.size() == 3);
  CHECK(boxes[0].x1 == doctest::Approx(38));
  CHECK(boxes[2].y0 == doctest::Approx(20));
  CHECK(mark_text_problems(boxes) == 0);
}

TEST_CASE("TextBoxes.LabelsRunningTogetherAreCounted") {
  // "none" then "random" drawn starting inside "none": both boxes count.
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 4);   // 0..38
  add_label(g, 25, 2, 6);  // starts left of the last glyph: a new box, overlapping the first
  add_label(g, 200, 0, 2);
  auto boxes = text_boxes_from_glyphs(g);
  REQUIRE(boxes.size() == 3);
  CHECK(mark_text_problems(boxes) == 2);
  CHECK(boxes[0].overlaps);
  CHECK(boxes[1].overlaps);
  CHECK_FALSE(boxes[2].overlaps);
}

TEST_CASE("TextBoxes.OtherWindowsMayCoverText") {
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 4, 1e4f, 0);
  add_label(g, 5, 0, 4, 1e4f, 1);  // a popup's text over the view's
  auto boxes = text_boxes_from_glyphs(g);
  REQUIRE(boxes.size() == 2);
  CHECK(mark_text_problems(boxes) == 0);
}

TEST_CASE("TextBoxes.CutLabelsAreCounted") {
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 10, 55);  // a column ending at x = 55 cuts the sixth glyph (50..58)
  add_label(g, 0, 20, 5, 55);  // ends at 48: fits
  // A glyph cut on the edge by ImGui itself ends exactly at the rectangle.
  g.push_back({0, 40, 55, 52, 0, 0, 55, 1e4f, 0, false, true});
  auto boxes = text_boxes_from_glyphs(g);
  REQUIRE(boxes.size() == 3);
  CHECK(boxes[0].clipped);
  CHECK_FALSE(boxes[1].clipped);
  CHECK(boxes[2].clipped);
  CHECK(mark_text_problems(boxes) == 2);
}

TEST_CASE("TextBoxes.VerticalCutsCountOnlyWhereNothingScrolls") {
  std::vector<GlyphQuad> g{{0, 95, 8, 107, 0, 0, 100, 100, 0, false, true}};
  auto scrolled = text_boxes_from_glyphs(g);
  CHECK(mark_text_problems(scrolled) == 0);
  g[0].vertical_clip_counts = true;
  auto fixed = text_boxes_from_glyphs(g);
  CHECK(mark_text_problems(fixed) == 1);
  // Horizontally the same: a table scrolled sideways cuts its edge column by design.
  std::vector<GlyphQuad> wide{{95, 0, 103, 12, 0, 0, 100, 100, 0, false, true}};
  auto cut = text_boxes_from_glyphs(wide);
  CHECK(mark_text_problems(cut) == 1);
  wide[0].horizontal_clip_counts = false;
  auto scrolled_sideways = text_boxes_from_glyphs(wide);
  CHECK(mark_text_problems(scrolled_sideways) == 0);
}

TEST_CASE("TextBoxes.LabelCutOnTheCpuIsSeenFromItsDraw") {
  // "mean tasks per node" asked for 0..190, cut by its column at x = 80: ImGui drops the glyphs
  // past the column, so the glyphs alone (0..78) look whole; the draw's full width says otherwise.
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 8, 80.0f);  // the eight glyphs that survive, 0..78
  auto boxes = text_boxes_from_glyphs(g);
  REQUIRE(mark_text_problems(boxes) == 0);
  const TextDraw cut{0, 0, 190, 12, 0, 0, 80, 1e4f, 0, false, true, false};
  CHECK(text_draw_cut(cut));
  mark_cut_draws(boxes, {cut});
  REQUIRE(boxes.size() == 1);
  CHECK(boxes[0].clipped);
}

TEST_CASE("TextBoxes.DrawsThatFitOrAreOutOfSightAreNotCuts") {
  const TextDraw fits{0, 0, 79.5f, 12, 0, 0, 80, 14, 0, true, true, false};
  CHECK_FALSE(text_draw_cut(fits));
  // Wholly outside its clip rectangle (a label panned out of a canvas): nothing shows.
  CHECK_FALSE(text_draw_cut({100, 0, 150, 12, 0, 0, 80, 14, 0, true, true, false}));
  // Cut at the bottom: counts only where the window cannot scroll that way.
  CHECK(text_draw_cut({0, 10, 50, 22, 0, 0, 80, 14, 0, true, true, false}));
  CHECK_FALSE(text_draw_cut({0, 10, 50, 22, 0, 0, 80, 14, 0, false, true, false}));
  // Cut on the right inside a table that scrolls sideways: by design.
  CHECK_FALSE(text_draw_cut({0, 0, 190, 12, 0, 0, 80, 14, 0, true, false, false}));
  // ImGui's "..." after a shortened label: always a cut label.
  CHECK(text_draw_cut({70, 0, 78, 12, 0, 0, 80, 14, 0, true, false, true}));
}

TEST_CASE("TextBoxes.CutDrawWithoutGlyphsAddsABoxAndTouchesOnlyItsOwnGroup") {
  std::vector<GlyphQuad> g;
  add_label(g, 0, 0, 4, 1e4f, 1);  // another window's label at the same place: untouched
  auto boxes = text_boxes_from_glyphs(g);
  // Every glyph of the draw was dropped except a sliver (the clip rectangle ends 2 px in).
  mark_cut_draws(boxes, {{0, 0, 60, 12, 0, 0, 2, 14, 0, true, true, false}});
  REQUIRE(boxes.size() == 2);
  CHECK_FALSE(boxes[0].clipped);
  CHECK(boxes[1].clipped);
  CHECK(boxes[1].x1 == doctest::Approx(2));
}
