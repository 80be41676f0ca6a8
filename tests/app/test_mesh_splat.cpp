// Dense meshes as one texture (app/partition/model_mesh_splat.h): the pixels a point sprite
// covers, worked out by hand from OpenGL ES 3.0's rule (a pixel is covered when its centre lies in
// the square of the point's size around it, corners on a 1/16-pixel grid), later points over
// earlier ones, the image's rows bottom-up as glTexImage2D takes them, and clipping to the image.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "app/partition/model_mesh_splat.h"

using namespace loadlab::app;

namespace {

// The texel at GL window pixel (x, y) (y up) of an image placed at (v.x0, v.y0).
std::uint32_t splat_texel(const std::vector<std::uint32_t>& img, const MeshSplatView& v, int x,
                          int y) {
  return img[static_cast<std::size_t>(y - v.y0) * static_cast<std::size_t>(v.w) +
             static_cast<std::size_t>(x - v.x0)];
}

int splat_count(const std::vector<std::uint32_t>& img, std::uint32_t c) {
  int k = 0;
  for (auto t : img) k += t == c;
  return k;
}

}  // namespace

TEST_CASE("mesh_splat: a point's square covers the pixels whose centres lie inside") {
  MeshSplatView v;
  v.fb_h = 100, v.w = 40, v.h = 30;
  v.offset_x = 0, v.offset_y = 100;  // world (0, 0) at the framebuffer's bottom-left corner
  v.scale = 1;
  std::vector<std::uint32_t> img;
  // Size 1 at a pixel centre (10.5, 10.5): that pixel alone.
  v.point = 1;
  CHECK(mesh_splat({10.5f, 10.5f}, {0xFF0000FFu}, nullptr, v, img) == 1);
  CHECK(splat_count(img, 0xFF0000FFu) == 1);
  CHECK(splat_texel(img, v, 10, 10) == 0xFF0000FFu);
  // Size 3.2 at (10.5, 10.5): the square [8.9, 12.1) holds centres 9.5, 10.5, 11.5: 3 x 3.
  v.point = 3.2f;
  mesh_splat({10.5f, 10.5f}, {0xFF00FF00u}, nullptr, v, img);
  CHECK(splat_count(img, 0xFF00FF00u) == 9);
  CHECK(splat_texel(img, v, 9, 9) == 0xFF00FF00u);
  CHECK(splat_texel(img, v, 11, 11) == 0xFF00FF00u);
  CHECK(splat_texel(img, v, 12, 10) == 0u);
  // Size 3.2 at (10.0, 20.0): [8.4, 11.6) x [18.4, 21.6) holds 8.5 .. 11.5 and 18.5 .. 21.5.
  mesh_splat({10.0f, 20.0f}, {0xFF00FF00u}, nullptr, v, img);
  CHECK(splat_count(img, 0xFF00FF00u) == 16);
  CHECK(splat_texel(img, v, 8, 18) == 0xFF00FF00u);
  CHECK(splat_texel(img, v, 11, 21) == 0xFF00FF00u);
  CHECK(splat_texel(img, v, 12, 20) == 0u);
  CHECK(splat_texel(img, v, 7, 20) == 0u);
  // Size 2 at (10.5, 10.5): [9.5, 11.5): the left centre is in, the right one out (half-open).
  v.point = 2;
  mesh_splat({10.5f, 10.5f}, {0xFF00FF00u}, nullptr, v, img);
  CHECK(splat_count(img, 0xFF00FF00u) == 4);
  CHECK(splat_texel(img, v, 9, 9) == 0xFF00FF00u);
  CHECK(splat_texel(img, v, 10, 10) == 0xFF00FF00u);
  // A corner at 9.52 is snapped to 9.5 (1/16 pixel), so the centre 9.5 is in: 3.0 wide from 9.52
  // would leave it out.
  v.point = 3;
  mesh_splat({11.02f, 11.02f}, {0xFF00FF00u}, nullptr, v, img);
  CHECK(splat_texel(img, v, 9, 9) == 0xFF00FF00u);
  CHECK(splat_count(img, 0xFF00FF00u) == 9);
}

TEST_CASE("mesh_splat: view transform, y flip, order, subset, clipping and alpha") {
  MeshSplatView v;
  v.fb_h = 200;
  v.x0 = 50, v.y0 = 60, v.w = 20, v.h = 10;  // GL pixels [50, 70) x [60, 70)
  v.scale = 2;
  v.point = 1;
  // World (0, 0) at framebuffer pixel (40, 150) counted from the top: GL y = 200 - 150 = 50.
  v.offset_x = 40, v.offset_y = 150;
  // World (5.25, 6.25) -> x = 40 + 10.5 = 50.5, y down = 150 - 12.5 = 137.5, GL y = 62.5.
  const std::vector<float> xy = {5.25f, 6.25f, 5.25f, 6.25f, 100, 100, 5.75f, 6.25f};
  const std::vector<std::uint32_t> col = {0x000000AAu, 0x000000BBu, 0xFF0000CCu, 0x000000DDu};
  std::vector<std::uint32_t> img;
  CHECK(mesh_splat(xy, col, nullptr, v, img) == 3);  // vertex 2 falls outside the image
  REQUIRE(img.size() == 200);
  CHECK(splat_texel(img, v, 50, 62) == 0xFF0000BBu);  // the later of two points, alpha forced
  CHECK(splat_texel(img, v, 51, 62) == 0xFF0000DDu);  // x = 40 + 11.5 = 51.5
  CHECK(splat_count(img, 0u) == 198);
  // A subset in the order given: vertex 1 first, then vertex 0 over it.
  const std::vector<unsigned> order = {1, 0};
  CHECK(mesh_splat(xy, col, &order, v, img) == 2);
  CHECK(splat_texel(img, v, 50, 62) == 0xFF0000AAu);
  CHECK(splat_texel(img, v, 51, 62) == 0u);
  // A big point at the image's corner is clipped to it, not wrapped to the next row.
  v.point = 9;
  mesh_splat({5.25f, 6.25f}, {0xFF123456u}, nullptr, v, img);
  // x [46, 55) -> columns 50..54 (centres 50.5 .. 54.5); GL y [58, 67) -> rows 60..66.
  CHECK(splat_count(img, 0xFF123456u) == 5 * 7);
  CHECK(splat_texel(img, v, 69, 62) == 0u);
}

TEST_CASE("mesh_splat_pays: one point per 64 pixels") {
  CHECK(mesh_splat_pays(15'606, 900 * 600));
  CHECK_FALSE(mesh_splat_pays(1'000, 900 * 600));
}
