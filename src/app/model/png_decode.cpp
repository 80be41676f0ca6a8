// PNG decoding (see png_decode.h). Inflate follows RFC 1951 as Mark Adler's reference decoder
// "puff" does it: canonical Huffman codes decoded bit by bit from counts per length, which needs
// no lookup tables and is fast enough for a few screenshots decoded once each.
#include "app/model/png_decode.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace loadlab::app {

namespace {

[[noreturn]] void png_fail(const std::string& what) {
  throw std::runtime_error("PNG: " + what);
}

struct InflateInput {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t pos = 0;
  std::uint32_t bit_buffer = 0;
  int bit_count = 0;

  int bits(int need) {
    std::uint32_t v = bit_buffer;
    while (bit_count < need) {
      if (pos >= size) png_fail("the compressed data ends early");
      v |= static_cast<std::uint32_t>(data[pos++]) << bit_count;
      bit_count += 8;
    }
    bit_buffer = v >> need;
    bit_count -= need;
    return static_cast<int>(v & ((1u << need) - 1u));
  }
};

constexpr int kInflateMaxBits = 15;

struct InflateHuffman {
  std::array<short, kInflateMaxBits + 1> count{};
  std::array<short, 288> symbol{};
};

// Builds the canonical code of `n` code lengths; false when the lengths over-subscribe it.
bool inflate_build(InflateHuffman& h, const short* length, int n) {
  h.count.fill(0);
  for (int s = 0; s < n; ++s) ++h.count[static_cast<std::size_t>(length[s])];
  if (h.count[0] == n) return true;  // no codes: an error only if one is ever decoded
  int left = 1;
  for (int len = 1; len <= kInflateMaxBits; ++len) {
    left = 2 * left - h.count[static_cast<std::size_t>(len)];
    if (left < 0) return false;
  }
  std::array<short, kInflateMaxBits + 1> offset{};
  for (int len = 1; len < kInflateMaxBits; ++len)
    offset[static_cast<std::size_t>(len + 1)] = static_cast<short>(
        offset[static_cast<std::size_t>(len)] + h.count[static_cast<std::size_t>(len)]);
  for (int s = 0; s < n; ++s)
    if (length[s] != 0)
      h.symbol[static_cast<std::size_t>(offset[static_cast<std::size_t>(length[s])]++)] =
          static_cast<short>(s);
  return true;
}

int inflate_symbol(InflateInput& in, const InflateHuffman& h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= kInflateMaxBits; ++len) {
    code |= in.bits(1);
    const int count = h.count[static_cast<std::size_t>(len)];
    if (code - count < first) return h.symbol[static_cast<std::size_t>(index + code - first)];
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  png_fail("an invalid Huffman code in the compressed data");
}

constexpr std::array<short, 29> kInflateLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                      15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                      67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<short, 29> kInflateLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<short, 30> kInflateDistBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<short, 30> kInflateDistExtra = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                                     4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                                     9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void inflate_codes(InflateInput& in, std::string& out, std::size_t limit,
                   const InflateHuffman& lengths, const InflateHuffman& distances) {
  for (;;) {
    const int sym = inflate_symbol(in, lengths);
    if (sym < 256) {
      if (out.size() >= limit) png_fail("the data inflates past its expected size");
      out.push_back(static_cast<char>(sym));
      continue;
    }
    if (sym == 256) return;
    const int li = sym - 257;
    if (li >= 29) png_fail("an invalid length code in the compressed data");
    const std::size_t len =
        static_cast<std::size_t>(kInflateLengthBase[static_cast<std::size_t>(li)] +
                                 in.bits(kInflateLengthExtra[static_cast<std::size_t>(li)]));
    const int di = inflate_symbol(in, distances);
    if (di >= 30) png_fail("an invalid distance code in the compressed data");
    const std::size_t dist =
        static_cast<std::size_t>(kInflateDistBase[static_cast<std::size_t>(di)] +
                                 in.bits(kInflateDistExtra[static_cast<std::size_t>(di)]));
    if (dist > out.size()) png_fail("a back reference before the start of the data");
    if (out.size() + len > limit) png_fail("the data inflates past its expected size");
    for (std::size_t k = 0; k < len; ++k) out.push_back(out[out.size() - dist]);
  }
}

void inflate_fixed(InflateInput& in, std::string& out, std::size_t limit) {
  static const auto tables = [] {
    std::array<short, 288 + 30> len{};
    for (int s = 0; s < 288; ++s)
      len[static_cast<std::size_t>(s)] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    for (int s = 0; s < 30; ++s) len[static_cast<std::size_t>(288 + s)] = 5;
    std::pair<InflateHuffman, InflateHuffman> t;
    inflate_build(t.first, len.data(), 288);
    inflate_build(t.second, len.data() + 288, 30);
    return t;
  }();
  inflate_codes(in, out, limit, tables.first, tables.second);
}

void inflate_dynamic(InflateInput& in, std::string& out, std::size_t limit) {
  const int nlen = in.bits(5) + 257, ndist = in.bits(5) + 1, ncode = in.bits(4) + 4;
  if (nlen > 286 || ndist > 30) png_fail("too many codes in a dynamic block");
  static constexpr std::array<int, 19> order = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                11, 4,  12, 3, 13, 2, 14, 1, 15};
  std::array<short, 288 + 30> len{};
  for (int i = 0; i < ncode; ++i)
    len[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] =
        static_cast<short>(in.bits(3));
  InflateHuffman code_lengths;
  if (!inflate_build(code_lengths, len.data(), 19)) png_fail("an invalid code-length code");
  len.fill(0);
  for (int i = 0; i < nlen + ndist;) {
    int sym = inflate_symbol(in, code_lengths);
    if (sym < 16) {
      len[static_cast<std::size_t>(i++)] = static_cast<short>(sym);
      continue;
    }
    short value = 0;
    int repeat = 0;
    if (sym == 16) {
      if (i == 0) png_fail("a repeat with no length before it");
      value = len[static_cast<std::size_t>(i - 1)];
      repeat = 3 + in.bits(2);
    } else if (sym == 17) {
      repeat = 3 + in.bits(3);
    } else {
      repeat = 11 + in.bits(7);
    }
    if (i + repeat > nlen + ndist) png_fail("code lengths overflow a dynamic block");
    while (repeat-- > 0) len[static_cast<std::size_t>(i++)] = value;
  }
  if (len[256] == 0) png_fail("a dynamic block without an end code");
  InflateHuffman lengths, distances;
  if (!inflate_build(lengths, len.data(), nlen) ||
      !inflate_build(distances, len.data() + nlen, ndist))
    png_fail("an invalid literal or distance code");
  inflate_codes(in, out, limit, lengths, distances);
}

std::uint32_t png_be32(const std::uint8_t* p) {
  return (static_cast<std::uint32_t>(p[0]) << 24) | (static_cast<std::uint32_t>(p[1]) << 16) |
         (static_cast<std::uint32_t>(p[2]) << 8) | p[3];
}

int png_paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

}  // namespace

std::string png_inflate_zlib(std::string_view stream, std::size_t limit) {
  if (stream.size() < 6) png_fail("the compressed data ends early");
  const auto* d = reinterpret_cast<const std::uint8_t*>(stream.data());
  if ((d[0] & 0x0f) != 8 || ((d[0] << 8) | d[1]) % 31 != 0 || (d[1] & 0x20) != 0)
    png_fail("the compressed data has no zlib header");
  InflateInput in{d + 2, stream.size() - 2};
  std::string out;
  for (bool last = false; !last;) {
    last = in.bits(1) == 1;
    const int type = in.bits(2);
    if (type == 0) {
      in.bit_buffer = 0, in.bit_count = 0;
      if (in.pos + 4 > in.size) png_fail("the compressed data ends early");
      const std::size_t n = in.data[in.pos] | (static_cast<std::size_t>(in.data[in.pos + 1]) << 8);
      const std::size_t check =
          in.data[in.pos + 2] | (static_cast<std::size_t>(in.data[in.pos + 3]) << 8);
      if (n != (~check & 0xffffu)) png_fail("a stored block with a corrupt length");
      in.pos += 4;
      if (in.pos + n > in.size) png_fail("the compressed data ends early");
      if (out.size() + n > limit) png_fail("the data inflates past its expected size");
      out.append(reinterpret_cast<const char*>(in.data + in.pos), n);
      in.pos += n;
    } else if (type == 1) {
      inflate_fixed(in, out, limit);
    } else if (type == 2) {
      inflate_dynamic(in, out, limit);
    } else {
      png_fail("an invalid block type in the compressed data");
    }
  }
  if (in.pos + 4 > in.size) png_fail("the compressed data has no checksum");
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : out) {
    a = (a + c) % 65521u;
    b = (b + a) % 65521u;
  }
  if (png_be32(in.data + in.pos) != ((b << 16) | a)) png_fail("the checksum does not match");
  return out;
}

RgbaImage decode_png(std::string_view bytes) {
  static constexpr unsigned char kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  const auto* d = reinterpret_cast<const std::uint8_t*>(bytes.data());
  if (bytes.size() < 8 || !std::equal(kSignature, kSignature + 8, d)) png_fail("not a PNG file");
  std::size_t pos = 8;
  int width = 0, height = 0, depth = 0, colour = -1;
  std::string idat;
  std::vector<std::uint8_t> palette;        // RGB triples
  std::vector<std::uint8_t> palette_alpha;  // tRNS of a palette image
  bool ended = false;
  while (!ended) {
    if (pos + 8 > bytes.size()) png_fail("the file ends early (no IEND chunk)");
    const std::uint32_t n = png_be32(d + pos);
    const std::string type(bytes.substr(pos + 4, 4));
    if (n > bytes.size() || pos + 12 + n > bytes.size())
      png_fail("chunk " + type + " runs past the end of the file");
    const std::uint8_t* c = d + pos + 8;
    if (type == "IHDR") {
      if (n != 13) png_fail("an IHDR chunk of the wrong size");
      const std::uint32_t w = png_be32(c), h = png_be32(c + 4);
      if (w == 0 || h == 0 || w > static_cast<std::uint32_t>(PngLimits::max_side) ||
          h > static_cast<std::uint32_t>(PngLimits::max_side) ||
          static_cast<std::int64_t>(w) * h > PngLimits::max_pixels)
        png_fail("a picture of " + std::to_string(w) + " x " + std::to_string(h) +
                 " pixels (the limit is " + std::to_string(PngLimits::max_side) + " per side, " +
                 std::to_string(PngLimits::max_pixels) + " in all)");
      width = static_cast<int>(w), height = static_cast<int>(h), depth = c[8], colour = c[9];
      if (c[10] != 0 || c[11] != 0) png_fail("an unknown compression or filter method");
      if (c[12] != 0) png_fail("interlaced pictures are not supported");
      const bool ok =
          (colour == 0 && (depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16)) ||
          (colour == 3 && (depth == 1 || depth == 2 || depth == 4 || depth == 8)) ||
          ((colour == 2 || colour == 4 || colour == 6) && (depth == 8 || depth == 16));
      if (!ok)
        png_fail("colour type " + std::to_string(colour) + " with bit depth " +
                 std::to_string(depth) + " is not a PNG format");
    } else if (type == "PLTE") {
      palette.assign(c, c + n);
    } else if (type == "tRNS") {
      if (colour == 3) palette_alpha.assign(c, c + n);
    } else if (type == "IDAT") {
      idat.append(reinterpret_cast<const char*>(c), n);
    } else if (type == "IEND") {
      ended = true;
    }
    pos += 12 + n;
  }
  if (colour < 0) png_fail("no IHDR chunk");
  if (colour == 3 && palette.empty()) png_fail("a palette picture without a PLTE chunk");
  const int channels = colour == 0 ? 1 : colour == 2 ? 3 : colour == 3 ? 1 : colour == 4 ? 2 : 4;
  const std::size_t bits_per_pixel = static_cast<std::size_t>(channels * depth);
  const std::size_t stride = (static_cast<std::size_t>(width) * bits_per_pixel + 7) / 8;
  const std::size_t step = std::max<std::size_t>(1, bits_per_pixel / 8);  // filter distance
  const std::size_t expected = (stride + 1) * static_cast<std::size_t>(height);
  std::string raw = png_inflate_zlib(idat, expected);
  if (raw.size() != expected) png_fail("the pixel data is shorter than the picture");

  auto* px = reinterpret_cast<std::uint8_t*>(raw.data());
  for (int y = 0; y < height; ++y) {
    std::uint8_t* row = px + static_cast<std::size_t>(y) * (stride + 1);
    const std::uint8_t* prev = y > 0 ? row - (stride + 1) + 1 : nullptr;
    const int filter = row[0];
    std::uint8_t* s = row + 1;
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= step ? s[i - step] : 0;
      const int b = prev ? prev[i] : 0;
      const int cc = prev && i >= step ? prev[i - step] : 0;
      int add = 0;
      switch (filter) {
        case 0:
          break;
        case 1:
          add = a;
          break;
        case 2:
          add = b;
          break;
        case 3:
          add = (a + b) / 2;
          break;
        case 4:
          add = png_paeth(a, b, cc);
          break;
        default:
          png_fail("row " + std::to_string(y) + " has an unknown filter " + std::to_string(filter));
      }
      s[i] = static_cast<std::uint8_t>(s[i] + add);
    }
  }

  RgbaImage img;
  img.width = width, img.height = height;
  img.rgba.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  const int bytes_per_sample = depth == 16 ? 2 : 1;
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* s = px + static_cast<std::size_t>(y) * (stride + 1) + 1;
    std::uint8_t* o = img.rgba.data() + static_cast<std::size_t>(y) * width * 4;
    for (int x = 0; x < width; ++x, o += 4) {
      if (depth < 8) {  // grey or palette index packed several to a byte, high bits first
        const std::size_t bit = static_cast<std::size_t>(x) * depth;
        const int v = (s[bit / 8] >> (8 - depth - static_cast<int>(bit % 8))) & ((1 << depth) - 1);
        if (colour == 3) {
          if (static_cast<std::size_t>(v) * 3 + 2 >= palette.size())
            png_fail("a palette index past the palette");
          o[0] = palette[v * 3], o[1] = palette[v * 3 + 1], o[2] = palette[v * 3 + 2];
          o[3] = static_cast<std::size_t>(v) < palette_alpha.size() ? palette_alpha[v] : 255;
        } else {
          const auto g = static_cast<std::uint8_t>(v * 255 / ((1 << depth) - 1));
          o[0] = o[1] = o[2] = g, o[3] = 255;
        }
        continue;
      }
      const std::uint8_t* p = s + static_cast<std::size_t>(x) * channels * bytes_per_sample;
      auto sample = [&](int k) { return p[k * bytes_per_sample]; };  // 16-bit: the high byte
      switch (colour) {
        case 0:
          o[0] = o[1] = o[2] = sample(0), o[3] = 255;
          break;
        case 2:
          o[0] = sample(0), o[1] = sample(1), o[2] = sample(2), o[3] = 255;
          break;
        case 3: {
          const std::size_t v = sample(0);
          if (v * 3 + 2 >= palette.size()) png_fail("a palette index past the palette");
          o[0] = palette[v * 3], o[1] = palette[v * 3 + 1], o[2] = palette[v * 3 + 2];
          o[3] = v < palette_alpha.size() ? palette_alpha[v] : 255;
          break;
        }
        case 4:
          o[0] = o[1] = o[2] = sample(0), o[3] = sample(1);
          break;
        default:
          o[0] = sample(0), o[1] = sample(1), o[2] = sample(2), o[3] = sample(3);
          break;
      }
    }
  }
  return img;
}

RgbaImage shrink_image(const RgbaImage& image, int max_width) {
  if (max_width <= 0 || image.width <= max_width) return image;
  const int k = (image.width + max_width - 1) / max_width;
  RgbaImage out;
  out.width = image.width / k, out.height = std::max(1, image.height / k);
  out.rgba.resize(static_cast<std::size_t>(out.width) * out.height * 4);
  const int rows = std::min(k, image.height);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x)
      for (int ch = 0; ch < 4; ++ch) {
        int sum = 0;
        for (int dy = 0; dy < rows; ++dy)
          for (int dx = 0; dx < k; ++dx)
            sum +=
                image.rgba[(static_cast<std::size_t>(y * k + dy) * image.width + x * k + dx) * 4 +
                           ch];
        out.rgba[(static_cast<std::size_t>(y) * out.width + x) * 4 + ch] =
            static_cast<std::uint8_t>((sum + rows * k / 2) / (rows * k));
      }
  return out;
}

}  // namespace loadlab::app
