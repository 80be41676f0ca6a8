// The batching of Dear ImGui's draw commands (app/shell/model_draw_batches.h): the scissor
// rectangles worked out by hand from the stock backend's formula, and which commands share a draw
// call (same texture, and a rectangle that clips each exactly as its own would), in order, with
// callbacks kept in place; coordinates of a 64 x 48 framebuffer chosen by hand.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "app/shell/model_draw_batches.h"

using namespace loadlab::app;

namespace {

// A list under construction: each command one triangle of its own three vertices.
struct TestList {
  std::vector<BatchInputVertex> vtx;
  std::vector<unsigned> idx;
  std::vector<BatchInputCommand> cmds;

  void triangle(const float clip[4], std::uint64_t tex, float x0, float y0, float x1, float y1,
                float x2, float y2) {
    BatchInputCommand c{};
    for (int i = 0; i < 4; ++i) c.clip[i] = clip[i];
    c.texture = tex;
    c.idx_offset = static_cast<unsigned>(idx.size());
    c.elem_count = 3;
    const auto base = static_cast<unsigned>(vtx.size());
    vtx.push_back({x0, y0, 0.5f, 0.25f, 0xff000000u + base});
    vtx.push_back({x1, y1, 0.5f, 0.25f, 0xff000000u + base + 1});
    vtx.push_back({x2, y2, 0.5f, 0.25f, 0xff000000u + base + 2});
    idx.insert(idx.end(), {base + 2, base + 1, base});  // reversed: the order must survive
    cmds.push_back(c);
  }
  void callback() {
    BatchInputCommand c{};
    c.callback = true;
    cmds.push_back(c);
  }
  BatchInputList view() const { return {vtx.data(), vtx.size(), idx.data(), idx.size(), cmds}; }
};

bool same_rect(const int a[4], int x, int y, int w, int h) {
  return a[0] == x && a[1] == y && a[2] == w && a[3] == h;
}

}  // namespace

TEST_CASE("draw batches: the scissor rectangle of the stock OpenGL 3 backend") {
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  const float clip[4] = {10.5f, 20.25f, 100.75f, 60.0f};
  int r[4];
  REQUIRE(batch_scissor_rect(clip, origin, one, 100, r));
  // min (10.5, 20.25), max (100.75, 60): x = 10, y = 100 - 60 = 40, w = (int)90.25, h = (int)39.75
  CHECK(same_rect(r, 10, 40, 90, 39));
  // Display origin (5, 5) and a 2x framebuffer: (5, 5)-(15, 10) is (0, 0)-(20, 10) in pixels.
  const float pos[2] = {5, 5}, two[2] = {2, 2};
  const float clip2[4] = {5, 5, 15, 10};
  REQUIRE(batch_scissor_rect(clip2, pos, two, 200, r));
  CHECK(same_rect(r, 0, 190, 20, 10));
  const float empty[4] = {10, 10, 10, 20};
  CHECK_FALSE(batch_scissor_rect(empty, origin, one, 100, r));
}

TEST_CASE("draw batches: commands share a draw call only where the scissor clips them alike") {
  const float full[4] = {0, 0, 64, 48}, box[4] = {10, 5, 30, 25}, empty[4] = {20, 20, 20, 30};
  // box in pixels (origin bottom left, height 48): x 10..30, y 48 - 25 = 23 .. 43.
  TestList a, b;
  a.triangle(full, 1, 1, 1, 10, 1, 1, 10);      // A: inside its rectangle -> op 0, no scissor
  a.triangle(box, 1, 12, 6, 28, 6, 12, 24);     // B: inside box (y 24..42) -> joins op 0
  a.triangle(box, 1, 5, 10, 40, 10, 5, 20);     // C: leaves box -> op 1, scissored to box
  a.triangle(box, 1, 0, 0, 63, 0, 0, 47);       // D: same box -> joins op 1
  a.triangle(full, 1, 15, 10, 20, 10, 15, 15);  // E: unclipped and inside box -> joins op 1
  a.triangle(full, 1, 50, 40, 60, 40, 50, 45);  // F: unclipped, outside box -> op 2
  a.triangle(full, 2, 1, 1, 2, 1, 1, 2);        // G: texture 2 -> op 3
  a.triangle(empty, 2, 1, 1, 2, 1, 1, 2);       // empty rectangle: not drawn
  b.callback();                                 // op 4
  b.triangle(full, 2, 1, 1, 2, 1, 1, 2);        // op 5: not merged across the callback
  const std::vector<BatchInputList> lists = {a.view(), b.view()};
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  DrawBatches out;
  build_draw_batches(lists, origin, one, 64, 48, out);

  CHECK(out.commands_drawn == 8);
  REQUIRE(out.ops.size() == 6);
  const unsigned first[6] = {0, 6, 15, 18, 0, 21}, count[6] = {6, 9, 3, 3, 0, 3};
  const std::uint64_t tex[6] = {1, 1, 1, 2, 0, 2};
  for (int i = 0; i < 6; ++i) {
    CAPTURE(i);
    CHECK(out.ops[i].callback == (i == 4));
    if (i == 4) continue;
    CHECK(out.ops[i].first == first[i]);
    CHECK(out.ops[i].count == count[i]);
    CHECK(out.ops[i].texture == tex[i]);
  }
  CHECK(same_rect(out.ops[0].scissor, 0, 0, 64, 48));
  CHECK(same_rect(out.ops[1].scissor, 10, 23, 20, 20));
  CHECK(same_rect(out.ops[2].scissor, 0, 0, 64, 48));
  CHECK(out.ops[4].list == 1);
  CHECK(out.ops[4].cmd == 0);

  // Every index names a vertex equal to the input's, in the input's order.
  REQUIRE(out.indices.size() == 24);
  for (std::size_t k = 0; k < 21; ++k) {
    const BatchVertex& v = out.vertices.at(out.indices[k]);
    const BatchInputVertex& w = a.vtx[a.idx[k]];
    CHECK(v.x == w.x);
    CHECK(v.y == w.y);
    CHECK(v.col == w.col);
  }
  for (std::size_t k = 21; k < 24; ++k)
    CHECK(out.vertices.at(out.indices[k]).col == b.vtx[b.idx[k - 21]].col);
}

TEST_CASE("draw batches: commands whose indices leave their list are not drawn") {
  std::vector<BatchInputVertex> v(3, BatchInputVertex{0, 0, 0, 0, 0});
  const std::vector<unsigned> idx = {0, 1, 7};
  BatchInputCommand c{};
  c.clip[2] = c.clip[3] = 10;
  c.texture = 1;
  c.elem_count = 3;
  BatchInputCommand d = c;
  d.idx_offset = 2;  // past the 3 indices
  const std::vector<BatchInputList> lists = {{v.data(), v.size(), idx.data(), idx.size(), {c, d}}};
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  DrawBatches out;
  build_draw_batches(lists, origin, one, 10, 10, out);
  CHECK(out.ops.empty());
  CHECK(out.indices.empty());
}
