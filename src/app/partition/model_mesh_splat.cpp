// Point sprites rasterised on the CPU (OpenGL ES 3.0, section 3.4, "Points"); see the header.
#include "app/partition/model_mesh_splat.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

// First and one-past-last pixel whose centre (16 i + 8 sixteenths) lies in [lo, hi) sixteenths.
void mesh_splat_span(long lo, long hi, long& first, long& end) {
  auto ceil16 = [](long v) { return v >= 0 ? (v + 15) / 16 : -((-v) / 16); };
  first = ceil16(lo - 8);
  end = ceil16(hi - 8);
}

}  // namespace

std::size_t mesh_splat(const std::vector<float>& rel, const std::vector<std::uint32_t>& rgba,
                       const std::vector<unsigned>* order, const MeshSplatView& v,
                       std::vector<std::uint32_t>& out) {
  const auto w = static_cast<std::size_t>(std::max(v.w, 0)),
             h = static_cast<std::size_t>(std::max(v.h, 0));
  out.assign(w * h, 0u);
  if (w == 0 || h == 0) return 0;
  const std::size_t n = std::min(rel.size() / 2, rgba.size());
  const std::size_t count = order ? order->size() : n;
  const float half = v.point * 0.5f;
  const float fb_h = static_cast<float>(v.fb_h);
  std::size_t touched = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = order ? (*order)[k] : k;
    if (i >= n) continue;
    // The vertex shader's arithmetic, in floats: y down, then GL's window y up.
    const float px = v.offset_x + rel[2 * i] * v.scale;
    const float py = fb_h - (v.offset_y - rel[2 * i + 1] * v.scale);
    if (!(std::abs(px) < 1e8f && std::abs(py) < 1e8f)) continue;
    long x_first, x_end, y_first, y_end;
    mesh_splat_span(std::lround((px - half) * 16.0f), std::lround((px + half) * 16.0f), x_first,
                    x_end);
    mesh_splat_span(std::lround((py - half) * 16.0f), std::lround((py + half) * 16.0f), y_first,
                    y_end);
    x_first = std::max<long>(x_first - v.x0, 0), x_end = std::min<long>(x_end - v.x0, v.w);
    y_first = std::max<long>(y_first - v.y0, 0), y_end = std::min<long>(y_end - v.y0, v.h);
    if (x_first >= x_end || y_first >= y_end) continue;
    ++touched;
    const std::uint32_t c = rgba[i] | 0xFF000000u;
    for (long y = y_first; y < y_end; ++y) {
      std::uint32_t* row = out.data() + static_cast<std::size_t>(y) * w;
      std::fill(row + x_first, row + x_end, c);
    }
  }
  return touched;
}

bool mesh_splat_pays(std::size_t points, std::size_t pixels) {
  // Measured in SwiftShader (README, "Big meshes"): a point sprite about 0.7-1.7 us, a screen of
  // textured pixels (10^6) about 10-20 ms, i.e. 10-20 ns a texel: an image pays from about one
  // point per 64 texels.
  return points * 64 >= pixels;
}

}  // namespace loadlab::app
