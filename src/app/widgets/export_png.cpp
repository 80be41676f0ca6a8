#include "app/widgets/export_png.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <imstb_truetype.h>

namespace loadlab::app {

namespace {

struct PngCanvas {
  RgbImage& img;
  void blend(int x, int y, SvgColour c, double a) {
    if (x < 0 || y < 0 || x >= img.width || y >= img.height || a <= 0) return;
    a = std::min(1.0, a);
    std::uint8_t* p = &img.rgb[(static_cast<std::size_t>(y) * img.width + x) * 3];
    const int ch[3] = {static_cast<int>((c >> 16) & 255), static_cast<int>((c >> 8) & 255),
                       static_cast<int>(c & 255)};
    for (int k = 0; k < 3; ++k)
      p[k] = static_cast<std::uint8_t>(std::lround(p[k] * (1 - a) + ch[k] * a));
  }
  // Coverage of pixel (px, py) by [x0, x1) x [y0, y1), exact for axis-aligned boxes.
  void box(double x0, double y0, double x1, double y1, SvgColour c) {
    const int ix0 = static_cast<int>(std::floor(x0)), ix1 = static_cast<int>(std::ceil(x1));
    const int iy0 = static_cast<int>(std::floor(y0)), iy1 = static_cast<int>(std::ceil(y1));
    for (int y = std::max(0, iy0); y < std::min(img.height, iy1); ++y) {
      const double cy = std::min<double>(y + 1, y1) - std::max<double>(y, y0);
      for (int x = std::max(0, ix0); x < std::min(img.width, ix1); ++x) {
        const double cx = std::min<double>(x + 1, x1) - std::max<double>(x, x0);
        blend(x, y, c, cx * cy);
      }
    }
  }
  void segment(double x1, double y1, double x2, double y2, double w, SvgColour c) {
    const double half = std::max(0.5, w / 2);
    const double dx = x2 - x1, dy = y2 - y1, len2 = dx * dx + dy * dy;
    const int bx0 = static_cast<int>(std::floor(std::min(x1, x2) - half - 1));
    const int bx1 = static_cast<int>(std::ceil(std::max(x1, x2) + half + 1));
    const int by0 = static_cast<int>(std::floor(std::min(y1, y2) - half - 1));
    const int by1 = static_cast<int>(std::ceil(std::max(y1, y2) + half + 1));
    for (int y = std::max(0, by0); y < std::min(img.height, by1); ++y)
      for (int x = std::max(0, bx0); x < std::min(img.width, bx1); ++x) {
        const double px = x + 0.5 - x1, py = y + 0.5 - y1;
        const double t = len2 > 0 ? std::clamp((px * dx + py * dy) / len2, 0.0, 1.0) : 0.0;
        const double d = std::hypot(px - t * dx, py - t * dy);
        blend(x, y, c, std::clamp(half + 0.5 - d, 0.0, 1.0));
      }
  }
  void disc(double cx, double cy, double r, SvgColour fill, SvgColour stroke) {
    for (int y = std::max(0, static_cast<int>(cy - r - 2));
         y < std::min(img.height, static_cast<int>(cy + r + 2)); ++y)
      for (int x = std::max(0, static_cast<int>(cx - r - 2));
           x < std::min(img.width, static_cast<int>(cx + r + 2)); ++x) {
        const double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
        if (fill != kSvgNone) blend(x, y, fill, std::clamp(r + 0.5 - d, 0.0, 1.0));
        if (stroke != kSvgNone) blend(x, y, stroke, std::clamp(1.0 - std::abs(d - r), 0.0, 1.0));
      }
  }
};

struct PngFont {
  std::vector<unsigned char> data;
  stbtt_fontinfo info{};
  bool ok = false;
  explicit PngFont(const std::string& path) {
    if (path.empty()) return;
    std::ifstream in(path, std::ios::binary);
    if (!in) return;
    data.assign(std::istreambuf_iterator<char>(in), {});
    ok = !data.empty() &&
         stbtt_InitFont(&info, data.data(), stbtt_GetFontOffsetForIndex(data.data(), 0));
  }
  // Advances of ASCII (other bytes of UTF-8 draw as one '?' each, counted once per code point).
  void draw(PngCanvas& cv, double x, double y, const std::string& s, double px, int anchor,
            SvgColour c) {
    const float sc = stbtt_ScaleForPixelHeight(&info, static_cast<float>(px));
    std::string text;
    for (unsigned char ch : s)
      if (ch < 0x80)
        text += static_cast<char>(ch);
      else if ((ch & 0xC0) != 0x80)
        text += '?';
    double w = 0;
    for (char ch : text) {
      int adv, lsb;
      stbtt_GetCodepointHMetrics(&info, ch, &adv, &lsb);
      w += adv * sc;
    }
    double pen = x - (anchor == 1 ? w / 2 : anchor == 2 ? w : 0);
    for (char ch : text) {
      int adv, lsb, gw, gh, ox, oy;
      stbtt_GetCodepointHMetrics(&info, ch, &adv, &lsb);
      unsigned char* bmp = stbtt_GetCodepointBitmap(&info, sc, sc, ch, &gw, &gh, &ox, &oy);
      if (bmp) {
        const int gx = static_cast<int>(std::lround(pen)) + ox,
                  gy = static_cast<int>(std::lround(y)) + oy;
        for (int j = 0; j < gh; ++j)
          for (int i = 0; i < gw; ++i) cv.blend(gx + i, gy + j, c, bmp[j * gw + i] / 255.0);
        stbtt_FreeBitmap(bmp, nullptr);
      }
      pen += adv * sc;
    }
  }
};

std::uint32_t png_crc(const unsigned char* p, std::size_t n, std::uint32_t crc = 0xFFFFFFFFu) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ p[i]) & 255] ^ (crc >> 8);
  return crc;
}

void png_be32(std::string& out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out += static_cast<char>((v >> s) & 255);
}

void png_chunk(std::string& out, const char* type, const std::string& data) {
  png_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type, 4) + data;
  out += body;
  png_be32(out,
           png_crc(reinterpret_cast<const unsigned char*>(body.data()), body.size()) ^ 0xFFFFFFFFu);
}

}  // namespace

const char* default_png_font() {
#ifdef LOADLAB_PNG_FONT
  return LOADLAB_PNG_FONT;
#else
  return "";
#endif
}

RgbImage rasterise_svg(const SvgDoc& doc, double scale, const std::string& font_path,
                       bool* text_drawn) {
  if (!(scale > 0) || !(scale <= 8)) throw std::invalid_argument("scale: must be in (0, 8]");
  RgbImage img;
  img.width = std::max(1, static_cast<int>(std::ceil(doc.width() * scale)));
  img.height = std::max(1, static_cast<int>(std::ceil(doc.height() * scale)));
  if (static_cast<std::int64_t>(img.width) * img.height > kPngMaxPixels)
    throw std::invalid_argument("picture: " + std::to_string(img.width) + " x " +
                                std::to_string(img.height) + " pixels is over the limit of " +
                                std::to_string(kPngMaxPixels));
  img.rgb.assign(static_cast<std::size_t>(img.width) * img.height * 3, 255);
  PngCanvas cv{img};
  PngFont font(font_path);
  bool any_text = false;
  for (const auto& it : doc.items()) {
    const double s = scale;
    switch (it.type) {
      case SvgItem::Type::rect:
        if (it.fill != kSvgNone)
          cv.box(it.x * s, it.y * s, (it.x + it.w) * s, (it.y + it.h) * s, it.fill);
        if (it.stroke != kSvgNone && it.w * s >= 3) {
          const double x0 = it.x * s, y0 = it.y * s, x1 = (it.x + it.w) * s, y1 = (it.y + it.h) * s;
          cv.box(x0, y0, x1, y0 + 1, it.stroke), cv.box(x0, y1 - 1, x1, y1, it.stroke);
          cv.box(x0, y0, x0 + 1, y1, it.stroke), cv.box(x1 - 1, y0, x1, y1, it.stroke);
        }
        break;
      case SvgItem::Type::line:
        cv.segment(it.x * s, it.y * s, it.w * s, it.h * s, it.stroke_width * s, it.stroke);
        break;
      case SvgItem::Type::circle:
        cv.disc(it.x * s, it.y * s, it.w * s, it.fill, it.stroke);
        break;
      case SvgItem::Type::text:
        any_text = true;
        if (font.ok) font.draw(cv, it.x * s, it.y * s, it.text, it.size * s, it.anchor, it.fill);
        break;
    }
  }
  if (text_drawn) *text_drawn = font.ok || !any_text;
  return img;
}

std::string encode_png(const RgbImage& img) {
  std::string out("\x89PNG\r\n\x1a\n", 8);
  std::string ihdr;
  png_be32(ihdr, static_cast<std::uint32_t>(img.width));
  png_be32(ihdr, static_cast<std::uint32_t>(img.height));
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, no filter, no interlace
  png_chunk(out, "IHDR", ihdr);
  // Raw scanlines (filter byte 0) in zlib stored blocks of at most 65,535 bytes.
  std::string raw;
  const std::size_t row = static_cast<std::size_t>(img.width) * 3;
  raw.reserve((row + 1) * img.height);
  for (int y = 0; y < img.height; ++y) {
    raw += '\0';
    raw.append(reinterpret_cast<const char*>(&img.rgb[y * row]), row);
  }
  std::string z("\x78\x01", 2);
  for (std::size_t off = 0; off < raw.size() || off == 0; off += 65535) {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - off);
    z += static_cast<char>(off + n >= raw.size() ? 1 : 0);
    z += static_cast<char>(n & 255), z += static_cast<char>(n >> 8);
    z += static_cast<char>(~n & 255), z += static_cast<char>((~n >> 8) & 255);
    z.append(raw, off, n);
    if (raw.empty()) break;
  }
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) a = (a + c) % 65521, b = (b + a) % 65521;
  png_be32(z, (b << 16) | a);
  png_chunk(out, "IDAT", z);
  png_chunk(out, "IEND", "");
  return out;
}

}  // namespace loadlab::app
