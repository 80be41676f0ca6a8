// Opaque rectangles drawn as clears (app/shell/model_draw_fills.h): the pixels of a quad worked
// out by hand from the rule "a pixel is covered when its centre is inside", and, on random
// scenes, a brute-force rasteriser drawing the batches (clears, draw calls, callbacks) and the
// input commands one by one (each triangle in its command's scissor rectangle) to the same pixels.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "app/shell/model_draw_batches.h"

using namespace loadlab::app;

namespace {

constexpr float kWhite[2] = {0.25f, 0.5f};
constexpr std::uint64_t kAtlas = 1;

// PrimRect's quad: (x0, y0), (x1, y0), (x1, y1), (x0, y1); indices a, a+1, a+2, a, a+2, a+3.
void fills_test_quad(std::vector<BatchInputVertex>& v, std::vector<unsigned>& idx, float x0,
                     float y0, float x1, float y1, std::uint32_t col, const float uv[2]) {
  const auto a = static_cast<unsigned>(v.size());
  v.push_back({x0, y0, uv[0], uv[1], col});
  v.push_back({x1, y0, uv[0], uv[1], col});
  v.push_back({x1, y1, uv[0], uv[1], col});
  v.push_back({x0, y1, uv[0], uv[1], col});
  idx.insert(idx.end(), {a, a + 1, a + 2, a, a + 2, a + 3});
}

bool fills_same(const FillRect& f, int x0, int y0, int x1, int y1) {
  return f.x0 == x0 && f.y0 == y0 && f.x1 == x1 && f.y1 == y1;
}

// A framebuffer of colours (origin bottom left), written without blending: the order of what is
// drawn decides every pixel, which is what the batching must keep.
struct FillsRaster {
  int w, h;
  std::vector<std::uint32_t> px;
  FillsRaster(int width, int height, std::uint32_t clear)
      : w(width), h(height), px(static_cast<std::size_t>(width * height), clear) {}
  void rect(const int r[4], std::uint32_t col) {
    for (int y = std::max(0, r[1]); y < std::min(h, r[1] + r[3]); ++y)
      for (int x = std::max(0, r[0]); x < std::min(w, r[0] + r[2]); ++x)
        px[static_cast<std::size_t>(y * w + x)] = col;
  }
  // A triangle in display coordinates (y down; the framebuffer's y is h - y): every pixel of the
  // scissor rectangle whose centre is inside or on an edge gets the first vertex's colour.
  void triangle(const BatchInputVertex& a, const BatchInputVertex& b, const BatchInputVertex& c,
                const int r[4]) {
    const double ax = a.x, ay = h - a.y, bx = b.x, by = h - b.y, cx = c.x, cy = h - c.y;
    const double area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area == 0) return;
    for (int y = std::max(0, r[1]); y < std::min(h, r[1] + r[3]); ++y)
      for (int x = std::max(0, r[0]); x < std::min(w, r[0] + r[2]); ++x) {
        const double px_ = x + 0.5, py = y + 0.5;
        const double e0 = (bx - ax) * (py - ay) - (by - ay) * (px_ - ax);
        const double e1 = (cx - bx) * (py - by) - (cy - by) * (px_ - bx);
        const double e2 = (ax - cx) * (py - cy) - (ay - cy) * (px_ - cx);
        const bool in =
            area > 0 ? (e0 >= 0 && e1 >= 0 && e2 >= 0) : (e0 <= 0 && e1 <= 0 && e2 <= 0);
        if (in) px[static_cast<std::size_t>(y * w + x)] = a.col;
      }
  }
};

// A small linear congruential generator: the scenes are the same on every platform.
struct FillsLcg {
  std::uint64_t s;
  unsigned next(unsigned n) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<unsigned>((s >> 33) % n);
  }
  // Whole, quarter and near-half coordinates (the last must stay triangles).
  float coord(int max) {
    const float base = static_cast<float>(next(static_cast<unsigned>(max) + 1));
    const float frac[] = {0.0f, 0.0f, 0.25f, 0.75f, 0.5f, 0.45f};
    return base + frac[next(6)];
  }
};

}  // namespace

TEST_CASE("draw fills: the pixels of an opaque quad, and quads that stay triangles") {
  std::vector<BatchInputVertex> v;
  std::vector<unsigned> idx;
  const float other_uv[2] = {0.3f, 0.5f};
  const std::uint32_t opaque = 0xFF112233u;
  // 64 x 48 framebuffer; display y 5..25 is framebuffer y 48 - 25 = 23 .. 43.
  fills_test_quad(v, idx, 10, 5, 30, 25, opaque, kWhite);  // whole pixels
  // Centres 10.5 ... 29.5 lie in [10.3, 29.7]; in y [48 - 24.7, 48 - 5.2] = [23.3, 42.8]: 23.5
  // ... 42.5.
  fills_test_quad(v, idx, 10.3f, 5.2f, 29.7f, 24.7f, opaque, kWhite);
  fills_test_quad(v, idx, 10.7f, 5, 30, 25, opaque, kWhite);    // centre 10.5 left out
  fills_test_quad(v, idx, 10.55f, 5, 30, 25, opaque, kWhite);   // too near 10.5: unsure
  fills_test_quad(v, idx, 10, 5, 30, 25, 0x80112233u, kWhite);  // translucent
  fills_test_quad(v, idx, 10, 5, 30, 25, opaque, other_uv);     // textured
  const float origin[2] = {0, 0}, one[2] = {1, 1}, two[2] = {2, 2};
  const int full[4] = {0, 0, 64, 48}, scissor[4] = {20, 30, 100, 5};
  FillRect f;
  REQUIRE(fill_rect_of_quad(v.data(), v.size(), &idx[0], kWhite, origin, one, 64, 48, full, f));
  CHECK(fills_same(f, 10, 23, 30, 43));
  CHECK(f.col == opaque);
  CHECK(f.pixels() == 400);
  REQUIRE(fill_rect_of_quad(v.data(), v.size(), &idx[6], kWhite, origin, one, 64, 48, full, f));
  CHECK(fills_same(f, 10, 23, 30, 43));
  REQUIRE(fill_rect_of_quad(v.data(), v.size(), &idx[12], kWhite, origin, one, 64, 48, full, f));
  CHECK(fills_same(f, 11, 23, 30, 43));
  CHECK_FALSE(
      fill_rect_of_quad(v.data(), v.size(), &idx[18], kWhite, origin, one, 64, 48, full, f));
  CHECK_FALSE(
      fill_rect_of_quad(v.data(), v.size(), &idx[24], kWhite, origin, one, 64, 48, full, f));
  CHECK_FALSE(
      fill_rect_of_quad(v.data(), v.size(), &idx[30], kWhite, origin, one, 64, 48, full, f));
  // Inside the scissor rectangle x 20..120, y 30..35 only.
  REQUIRE(fill_rect_of_quad(v.data(), v.size(), &idx[0], kWhite, origin, one, 64, 48, scissor, f));
  CHECK(fills_same(f, 20, 30, 30, 35));
  // A 2x framebuffer (128 x 96): x 20..60, y 96 - 50 = 46 .. 86.
  const int full2[4] = {0, 0, 128, 96};
  REQUIRE(fill_rect_of_quad(v.data(), v.size(), &idx[0], kWhite, origin, two, 128, 96, full2, f));
  CHECK(fills_same(f, 20, 46, 60, 86));
  // Not PrimRect's index order.
  std::vector<unsigned> turned = {idx[0], idx[2], idx[1], idx[0], idx[2], idx[3]};
  CHECK_FALSE(
      fill_rect_of_quad(v.data(), v.size(), turned.data(), kWhite, origin, one, 64, 48, full, f));
}

TEST_CASE("draw fills: where a fill goes (left out, first, in place)") {
  BatchFillOptions o;
  o.clear_known = true;
  o.clear_col = 0xFF000001u;
  FillPlanner p;
  p.reset(o);
  CHECK(p.place({0, 0, 10, 10, 0xFF000001u}) == FillPlanner::Place::dropped);  // the clear colour
  CHECK(p.place({0, 0, 10, 10, 0xFF000002u}) == FillPlanner::Place::first);
  // The clear colour over a first fill of another colour must be drawn, still first.
  CHECK(p.place({5, 5, 15, 15, 0xFF000001u}) == FillPlanner::Place::first);
  p.touch({20, 20, 30, 30, 0});
  CHECK(p.place({25, 0, 40, 21, 0xFF000003u}) == FillPlanner::Place::in_place);
  // That fill counts as drawn: the clear colour over it is drawn in place too.
  CHECK(p.place({35, 0, 36, 1, 0xFF000001u}) == FillPlanner::Place::in_place);
  CHECK(p.place({30, 30, 40, 40, 0xFF000001u}) == FillPlanner::Place::dropped);  // touches nothing
  REQUIRE(p.first_fills().size() == 2);
  CHECK(p.first_fills()[1].col == 0xFF000001u);
}

TEST_CASE("draw fills: random scenes draw the same pixels as the commands one by one") {
  const int w = 40, h = 30;
  const std::uint32_t clear = 0xFF0000AAu;
  const std::uint32_t palette[] = {clear, 0xFF00BB00u, 0xFFCC0000u, 0x80DD00DDu};
  const float other_uv[2] = {0.75f, 0.5f};
  FillsLcg rng{7};
  std::size_t first = 0, in_place = 0, dropped = 0;
  for (int scene = 0; scene < 300; ++scene) {
    CAPTURE(scene);
    std::vector<std::vector<BatchInputVertex>> vtx(2);
    std::vector<std::vector<unsigned>> idx(2);
    std::vector<std::vector<BatchInputCommand>> cmds(2);
    for (int li = 0; li < 2; ++li) {
      const int ncmd = 1 + static_cast<int>(rng.next(4));
      for (int c = 0; c < ncmd; ++c) {
        BatchInputCommand cmd{};
        const bool whole = rng.next(2) == 0;
        cmd.clip[0] = whole ? 0 : rng.coord(w / 2);
        cmd.clip[1] = whole ? 0 : rng.coord(h / 2);
        cmd.clip[2] = whole ? w : cmd.clip[0] + 1 + rng.coord(w);
        cmd.clip[3] = whole ? h : cmd.clip[1] + 1 + rng.coord(h);
        if (rng.next(8) == 0) {
          cmd.callback = true;
          cmds[li].push_back(cmd);
          continue;
        }
        cmd.texture = rng.next(6) == 0 ? 2 : kAtlas;
        cmd.idx_offset = static_cast<unsigned>(idx[li].size());
        const int prims = 1 + static_cast<int>(rng.next(5));
        for (int k = 0; k < prims; ++k) {
          const std::uint32_t col = palette[rng.next(4)];
          if (rng.next(3) != 0) {
            const float x0 = rng.coord(w - 2), y0 = rng.coord(h - 2);
            fills_test_quad(vtx[li], idx[li], x0, y0, x0 + 1 + rng.coord(w), y0 + 1 + rng.coord(h),
                            col, rng.next(5) == 0 ? other_uv : kWhite);
          } else {
            const auto a = static_cast<unsigned>(vtx[li].size());
            for (int t = 0; t < 3; ++t)
              vtx[li].push_back({rng.coord(w), rng.coord(h), 0.75f, 0.5f, col});
            idx[li].insert(idx[li].end(), {a, a + 1, a + 2});
          }
        }
        cmd.elem_count = static_cast<unsigned>(idx[li].size()) - cmd.idx_offset;
        cmds[li].push_back(cmd);
      }
    }
    std::vector<BatchInputList> lists;
    for (int li = 0; li < 2; ++li)
      lists.push_back({vtx[li].data(), vtx[li].size(), idx[li].data(), idx[li].size(), cmds[li]});
    const float origin[2] = {0, 0}, one[2] = {1, 1};
    // A callback paints its clipping rectangle in a colour of its own.
    const auto callback_rect = [&](const BatchInputCommand& c, int r[4]) {
      if (!batch_scissor_rect(c.clip, origin, one, h, r)) r[0] = 0, r[1] = 0, r[2] = w, r[3] = h;
    };
    FillsRaster want(w, h, clear);
    for (std::size_t li = 0; li < lists.size(); ++li)
      for (std::size_t ci = 0; ci < cmds[li].size(); ++ci) {
        const BatchInputCommand& c = cmds[li][ci];
        int r[4];
        if (c.callback) {
          callback_rect(c, r);
          want.rect(r, 0xFF777700u + static_cast<std::uint32_t>(li * 16 + ci));
          continue;
        }
        if (!batch_scissor_rect(c.clip, origin, one, h, r)) continue;
        for (unsigned k = 0; k + 2 < c.elem_count; k += 3) {
          const unsigned* t = &idx[li][c.idx_offset + k];
          want.triangle(vtx[li][t[0]], vtx[li][t[1]], vtx[li][t[2]], r);
        }
      }
    BatchFillOptions o;
    o.texture = kAtlas;
    o.white[0] = kWhite[0];
    o.white[1] = kWhite[1];
    o.clear_known = true;
    o.clear_col = clear;
    o.min_pixels = 1;
    DrawBatches out;
    build_draw_batches(lists, origin, one, w, h, out, &o);
    FillsRaster got(w, h, clear);
    for (const FillRect& f : out.first_fills) {
      const int r[4] = {f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0};
      got.rect(r, f.col);
    }
    for (const BatchOp& op : out.ops) {
      if (op.callback) {
        int r[4];
        callback_rect(cmds[op.list][op.cmd], r);
        got.rect(r, 0xFF777700u + static_cast<std::uint32_t>(op.list * 16 + op.cmd));
      } else if (op.fill) {
        got.rect(op.scissor, op.col);
      } else {
        for (unsigned k = op.first; k + 2 < op.first + op.count; k += 3)
          got.triangle(out.vertices[out.indices[k]], out.vertices[out.indices[k + 1]],
                       out.vertices[out.indices[k + 2]], op.scissor);
      }
    }
    int differ = 0;
    for (std::size_t i = 0; i < want.px.size(); ++i) differ += want.px[i] != got.px[i];
    CHECK(differ == 0);
    first += out.first_fills.size();
    in_place += out.fills_in_place;
    dropped += out.fills_dropped;
  }
  // The scenes exercise every place a fill can go.
  CHECK(first > 20);
  CHECK(in_place > 100);
  CHECK(dropped > 5);
}
