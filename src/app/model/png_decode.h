// Reading PNG pictures (the user guide's screenshots, shown inside the app): the PNG format (W3C,
// "Portable Network Graphics (PNG) Specification", 2003) over zlib/deflate (RFC 1950 and RFC
// 1951, P. Deutsch and J.-L. Gailly, 1996). A small decoder of our own because the web build has
// no zlib and Dear ImGui ships no image loader; the same code decodes on the desktop and in the
// browser. Headless: tested in tests/app/test_png_decode.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loadlab::app {

struct RgbaImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< row-major, 4 bytes per pixel, rows top first
};

/// Sizes a decoded picture may have (the guide's largest screenshot is 2560 x 1600).
struct PngLimits {
  static constexpr int max_side = 8192;
  static constexpr std::int64_t max_pixels = 16'777'216;
};

/// The data of a zlib stream (RFC 1950: header, deflate blocks, Adler-32 checked). Throws
/// std::runtime_error on corrupt data or when the output would pass `limit` bytes.
std::string png_inflate_zlib(std::string_view stream, std::size_t limit);

/// The picture of a PNG file: every colour type and bit depth of the specification, without
/// interlacing; 16-bit samples keep their high byte, palette transparency (tRNS) is applied.
/// Throws std::runtime_error saying what is wrong (not a PNG, truncated, interlaced, too large).
RgbaImage decode_png(std::string_view bytes);

/// The picture averaged over k x k blocks, k the smallest whole factor that makes the width at
/// most `max_width` (the image itself when it already fits): screenshots as textures the size
/// they are drawn at.
RgbaImage shrink_image(const RgbaImage& image, int max_width);

}  // namespace loadlab::app
