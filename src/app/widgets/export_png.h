// PNG pictures without a GPU: an SvgDoc rasterised in software (rectangles, lines and circles
// with anti-aliased edges; text with stb_truetype from Dear ImGui's sources and the DejaVu Sans
// Mono font the app already uses), and a PNG encoder (8-bit RGB, zlib "stored" blocks: larger
// files than a compressor makes, but no dependency and byte-for-byte the same everywhere).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/widgets/svg_doc.h"

namespace loadlab::app {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  ///< row-major, 3 bytes per pixel
};

/// Pictures are limited to this many pixels (a 4K screen is 8.3 million).
constexpr std::int64_t kPngMaxPixels = 16'777'216;

/// `doc` drawn at `scale` pixels per SVG unit. Text needs `font_path` (a TrueType file); when it
/// cannot be read, text is left out and `text_drawn` (if given) is set false. Throws
/// std::invalid_argument when the picture would exceed kPngMaxPixels.
RgbImage rasterise_svg(const SvgDoc& doc, double scale, const std::string& font_path,
                       bool* text_drawn = nullptr);

/// The PNG file of an image (also used for the app's framebuffer reads, rows top first).
std::string encode_png(const RgbImage& img);

/// The font rasterise_svg uses when none is named: the build's DejaVu Sans Mono, or "".
const char* default_png_font();

}  // namespace loadlab::app
