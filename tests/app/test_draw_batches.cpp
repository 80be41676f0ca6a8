// The batching of Dear ImGui's draw commands (app/shell/model_draw_batches.h): the scissor
// rectangles worked out by hand from the stock backend's formula, commands of one texture merged
// into one draw call in their order, callbacks kept in place, and the per-fragment clip test
// keeping exactly the pixels glScissor keeps (every pixel of a small framebuffer, many rectangles).
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "app/shell/model_draw_batches.h"

using namespace loadlab::app;

namespace {

BatchInputCommand batch_cmd(float x1, float y1, float x2, float y2, std::uint64_t tex,
                            unsigned idx_offset, unsigned count, unsigned vtx_offset = 0) {
  BatchInputCommand c{};
  c.clip[0] = x1;
  c.clip[1] = y1;
  c.clip[2] = x2;
  c.clip[3] = y2;
  c.texture = tex;
  c.idx_offset = idx_offset;
  c.elem_count = count;
  c.vtx_offset = vtx_offset;
  return c;
}

}  // namespace

TEST_CASE("draw batches: the scissor rectangle of the stock OpenGL 3 backend") {
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  const float clip[4] = {10.5f, 20.25f, 100.75f, 60.0f};
  int r[4];
  REQUIRE(batch_scissor_rect(clip, origin, one, 100, r));
  // min (10.5, 20.25), max (100.75, 60): x = 10, y = 100 - 60 = 40, w = (int)90.25, h = (int)39.75
  CHECK(r[0] == 10);
  CHECK(r[1] == 40);
  CHECK(r[2] == 90);
  CHECK(r[3] == 39);
  // Display origin (5, 5) and a 2x framebuffer: (5, 5)-(15, 10) is (0, 0)-(20, 10) in pixels.
  const float pos[2] = {5, 5}, two[2] = {2, 2};
  const float clip2[4] = {5, 5, 15, 10};
  REQUIRE(batch_scissor_rect(clip2, pos, two, 200, r));
  CHECK(r[0] == 0);
  CHECK(r[1] == 190);
  CHECK(r[2] == 20);
  CHECK(r[3] == 10);
  const float empty[4] = {10, 10, 10, 20};
  CHECK_FALSE(batch_scissor_rect(empty, origin, one, 100, r));
}

TEST_CASE("draw batches: one draw call per run of one texture, callbacks in place") {
  // List A: three triangles; the first two (texture 1, different clip rectangles) merge, the
  // third has texture 2. List B: a callback, then a triangle of texture 2 (not merged across it).
  std::vector<BatchInputVertex> va, vb;
  for (int i = 0; i < 9; ++i)
    va.push_back({float(i), float(10 * i), 0.5f, 0.25f, 0xff000000u + unsigned(i)});
  for (int i = 0; i < 3; ++i) vb.push_back({float(100 + i), 7, 0, 0, 0xffu});
  const std::vector<unsigned> ia = {0, 1, 2, 5, 4, 3, 6, 7, 8}, ib = {2, 1, 0};
  std::vector<BatchInputList> lists(2);
  lists[0] = {va.data(), va.size(), ia.data(), ia.size(), {}};
  lists[0].cmds = {batch_cmd(0, 0, 50, 40, 1, 0, 3), batch_cmd(10, 5, 30, 25, 1, 3, 3),
                   batch_cmd(0, 0, 64, 48, 2, 6, 3),
                   batch_cmd(20, 20, 20, 30, 2, 0, 3)};  // empty rectangle: not drawn
  lists[1] = {vb.data(), vb.size(), ib.data(), ib.size(), {}};
  BatchInputCommand cb{};
  cb.callback = true;
  lists[1].cmds = {cb, batch_cmd(0, 0, 64, 48, 2, 0, 3)};
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  DrawBatches out;
  build_draw_batches(lists, origin, one, 48, out);

  REQUIRE(out.ops.size() == 4);
  CHECK(out.commands_drawn == 4);
  CHECK_FALSE(out.ops[0].callback);
  CHECK(out.ops[0].texture == 1);
  CHECK(out.ops[0].first == 0);
  CHECK(out.ops[0].count == 6);
  CHECK(out.ops[1].texture == 2);
  CHECK(out.ops[1].first == 6);
  CHECK(out.ops[1].count == 3);
  CHECK(out.ops[2].callback);
  CHECK(out.ops[2].list == 1);
  CHECK(out.ops[2].cmd == 0);
  CHECK(out.ops[3].texture == 2);
  CHECK(out.ops[3].first == 9);
  CHECK(out.ops[3].count == 3);
  REQUIRE(out.indices.size() == 12);

  // Every index names a vertex equal to the input's, with its command's rectangle.
  const std::vector<unsigned> want_a = {0, 1, 2, 5, 4, 3, 6, 7, 8};
  // Rectangles (x1, y1, x2, y2) in pixels, origin bottom left, framebuffer height 48:
  // (0, 0)-(50, 40) -> x 0..50, y 8..48; (10, 5)-(30, 25) -> x 10..30, y 23..43; full -> 0..64,
  // 0..48.
  const std::uint16_t rect[3][4] = {{0, 8, 50, 48}, {10, 23, 30, 43}, {0, 0, 64, 48}};
  for (std::size_t k = 0; k < 9; ++k) {
    const BatchVertex& v = out.vertices.at(out.indices[k]);
    const BatchInputVertex& w = va[want_a[k]];
    CHECK(v.x == w.x);
    CHECK(v.y == w.y);
    CHECK(v.u == w.u);
    CHECK(v.col == w.col);
    for (int c = 0; c < 4; ++c) CHECK(v.clip[c] == rect[k / 3][c]);
  }
  for (std::size_t k = 9; k < 12; ++k) CHECK(out.vertices.at(out.indices[k]).x == vb[ib[k - 9]].x);
}

TEST_CASE("draw batches: commands whose indices leave their list are not drawn") {
  std::vector<BatchInputVertex> v(3, BatchInputVertex{0, 0, 0, 0, 0});
  const std::vector<unsigned> idx = {0, 1, 7};
  std::vector<BatchInputList> lists(1);
  lists[0] = {v.data(), v.size(), idx.data(), idx.size(), {}};
  lists[0].cmds = {batch_cmd(0, 0, 10, 10, 1, 0, 3), batch_cmd(0, 0, 10, 10, 1, 2, 3)};
  const float origin[2] = {0, 0}, one[2] = {1, 1};
  DrawBatches out;
  build_draw_batches(lists, origin, one, 10, out);
  CHECK(out.ops.empty());
  CHECK(out.indices.empty());
}

TEST_CASE("draw batches: the fragment test keeps exactly the pixels glScissor keeps") {
  // gl_FragCoord is a pixel's centre (px + 0.5); shaders/imgui_batched.frag discards p.x < clip.x,
  // p.x > clip.z (and the same in y). glScissor(x, y, w, h) keeps x <= px < x + w.
  const int fb_w = 40, fb_h = 30;
  const float pos[2] = {-3.0f, 2.0f}, scale[2] = {1.5f, 1.5f};
  std::uint32_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<float>(seed >> 8) / static_cast<float>(1u << 24);
  };
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const float x1 = -8 + 40 * next(), y1 = -8 + 30 * next();
    const float clip[4] = {x1, y1, x1 + 30 * next(), y1 + 25 * next()};
    std::vector<BatchInputVertex> v = {{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {0, 1, 0, 0, 0}};
    const std::vector<unsigned> idx = {0, 1, 2};
    std::vector<BatchInputList> lists(1);
    lists[0] = {v.data(), v.size(), idx.data(), idx.size(), {}};
    lists[0].cmds = {batch_cmd(clip[0], clip[1], clip[2], clip[3], 1, 0, 3)};
    DrawBatches out;
    build_draw_batches(lists, pos, scale, fb_h, out);
    int r[4];
    const bool drawn = batch_scissor_rect(clip, pos, scale, fb_h, r);
    REQUIRE(out.ops.size() == (drawn ? 1u : 0u));
    if (!drawn) continue;
    const std::uint16_t* c = out.vertices.at(0).clip;
    for (int py = 0; py < fb_h; ++py)
      for (int px = 0; px < fb_w; ++px) {
        const float fx = px + 0.5f, fy = py + 0.5f;
        const bool kept_by_shader = !(fx < c[0] || fx > c[2] || fy < c[1] || fy > c[3]);
        const bool kept_by_scissor =
            px >= r[0] && px < r[0] + r[2] && py >= r[1] && py < r[1] + r[3];
        if (kept_by_shader != kept_by_scissor)
          FAIL("pixel ", px, ",", py, " differs in trial ", trial);
        ++checked;
      }
  }
  CHECK(checked > 100000);
}
