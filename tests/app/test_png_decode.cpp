// The guide's PNG decoder (src/app/model/png_decode.h) on pictures whose pixels are known: our own
// encoder's output, hand-built palette files, and the guide's welcome screenshot, whose pixels were
// read with an independent decoder (Python's zlib and the specification's filters).
#include <doctest/doctest.h>

#include <array>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "app/model/png_decode.h"
#include "app/widgets/export_png.h"

using namespace loadlab::app;

namespace {

std::string png_test_be32(std::uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
          static_cast<char>(v)};
}

// A chunk with a zero CRC: the decoder does not check CRCs (the file came from our own site).
std::string png_test_chunk(const std::string& type, const std::string& data) {
  return png_test_be32(static_cast<std::uint32_t>(data.size())) + type + data + png_test_be32(0);
}

std::string png_test_ihdr(std::uint32_t w, std::uint32_t h, int depth, int colour,
                          int interlace = 0) {
  return png_test_chunk("IHDR", png_test_be32(w) + png_test_be32(h) +
                                    std::string{static_cast<char>(depth), static_cast<char>(colour),
                                                0, 0, static_cast<char>(interlace)});
}

// A zlib stream of stored blocks (RFC 1950/1951 by hand) with its Adler-32.
std::string png_test_zlib_stored(const std::string& data) {
  std::string z = "\x78\x01";
  z += '\x01';  // final stored block
  const auto n = static_cast<std::uint16_t>(data.size());
  z += static_cast<char>(n & 0xff), z += static_cast<char>(n >> 8);
  z += static_cast<char>(~n & 0xff), z += static_cast<char>((~n >> 8) & 0xff);
  z += data;
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : data) a = (a + c) % 65521, b = (b + a) % 65521;
  return z + png_test_be32((b << 16) | a);
}

const std::string kPngTestSignature = "\x89PNG\r\n\x1a\n";

}  // namespace

TEST_CASE("PngDecode.RoundTripOfOurEncoder") {
  RgbImage img;
  img.width = 5, img.height = 3;
  for (int i = 0; i < 15; ++i)
    for (int c = 0; c < 3; ++c) img.rgb.push_back(static_cast<std::uint8_t>(i * 17 + c * 80));
  const RgbaImage back = decode_png(encode_png(img));
  REQUIRE(back.width == 5);
  REQUIRE(back.height == 3);
  for (int i = 0; i < 15; ++i) {
    CAPTURE(i);
    for (int c = 0; c < 3; ++c) CHECK(back.rgba[i * 4 + c] == img.rgb[i * 3 + c]);
    CHECK(back.rgba[i * 4 + 3] == 255);
  }
}

TEST_CASE("PngDecode.PaletteFourBitsWithTransparency") {
  // 3 x 2 pixels, palette indices 0 1 2 / 2 1 0 packed two per byte, high nibble first.
  const std::string palette = std::string("\xff\x00\x00\x00\xff\x00\x00\x00\xff", 9);
  const std::string rows = std::string("\x00\x01\x20", 3) + std::string("\x00\x21\x00", 3);
  const std::string file =
      kPngTestSignature + png_test_ihdr(3, 2, 4, 3) + png_test_chunk("PLTE", palette) +
      png_test_chunk("tRNS", std::string("\x80", 1)) +
      png_test_chunk("IDAT", png_test_zlib_stored(rows)) + png_test_chunk("IEND", "");
  const RgbaImage img = decode_png(file);
  REQUIRE(img.width == 3);
  REQUIRE(img.height == 2);
  const std::uint8_t want[6][4] = {{255, 0, 0, 128}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                   {0, 0, 255, 255}, {0, 255, 0, 255}, {255, 0, 0, 128}};
  for (int p = 0; p < 6; ++p)
    for (int c = 0; c < 4; ++c) CHECK(img.rgba[p * 4 + c] == want[p][c]);
}

TEST_CASE("PngDecode.FiltersUndoneByHand") {
  // Grey 8-bit, 3 x 2. Row 0 "sub" (each byte adds its left neighbour): 10, +5, +5 -> 10 15 20.
  // Row 1 "Paeth" over row 0: x0: a=0,b=10,c=0 -> b: 1+10 = 11; x1: a=11,b=15,c=10, p=16 -> b
  // (|16-15| smallest): 2+15 = 17; x2: a=17,b=20,c=15, p=22 -> b: 3+20 = 23.
  const std::string rows = std::string("\x01\x0a\x05\x05", 4) + std::string("\x04\x01\x02\x03", 4);
  const std::string file = kPngTestSignature + png_test_ihdr(3, 2, 8, 0) +
                           png_test_chunk("IDAT", png_test_zlib_stored(rows)) +
                           png_test_chunk("IEND", "");
  const RgbaImage img = decode_png(file);
  const int want[6] = {10, 15, 20, 11, 17, 23};
  for (int p = 0; p < 6; ++p) {
    CAPTURE(p);
    CHECK(img.rgba[p * 4] == want[p]);
    CHECK(img.rgba[p * 4 + 2] == want[p]);
  }
}

TEST_CASE("PngDecode.BadFilesAreNamed") {
  auto error_of = [](const std::string& bytes) {
    try {
      decode_png(bytes);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_of("GIF89a").find("not a PNG") != std::string::npos);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(3, 2, 8, 0)).find("ends early") !=
        std::string::npos);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(3, 2, 8, 0, 1) + png_test_chunk("IEND", ""))
            .find("interlaced") != std::string::npos);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(9000, 2, 8, 0) + png_test_chunk("IEND", ""))
            .find("9000 x 2") != std::string::npos);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(3, 2, 8, 5) + png_test_chunk("IEND", ""))
            .find("colour type 5") != std::string::npos);
  // Pixel data one row short.
  const std::string short_rows = std::string("\x00\x01\x02\x03", 4);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(3, 2, 8, 0) +
                 png_test_chunk("IDAT", png_test_zlib_stored(short_rows)) +
                 png_test_chunk("IEND", ""))
            .find("shorter") != std::string::npos);
  // A corrupt checksum.
  std::string z = png_test_zlib_stored(std::string("\x00\x01\x02\x03\x00\x04\x05\x06", 8));
  z.back() = static_cast<char>(z.back() ^ 1);
  CHECK(error_of(kPngTestSignature + png_test_ihdr(3, 2, 8, 0) + png_test_chunk("IDAT", z) +
                 png_test_chunk("IEND", ""))
            .find("checksum") != std::string::npos);
}

TEST_CASE("PngDecode.ShrinkAveragesBlocks") {
  RgbaImage img;
  img.width = 4, img.height = 2;
  // Grey values by column 0, 10, 20, 30 on row 0 and 40, 50, 60, 70 on row 1.
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x)
      for (int c = 0; c < 4; ++c)
        img.rgba.push_back(static_cast<std::uint8_t>(c == 3 ? 255 : 40 * y + 10 * x));
  const RgbaImage s = shrink_image(img, 2);
  REQUIRE(s.width == 2);
  REQUIRE(s.height == 1);
  CHECK(s.rgba[0] == 25);  // (0 + 10 + 40 + 50) / 4
  CHECK(s.rgba[4] == 45);  // (20 + 30 + 60 + 70) / 4
  CHECK(s.rgba[3] == 255);
  CHECK(shrink_image(img, 4).width == 4);
}

TEST_CASE("PngDecode.AChromiumScreenshot") {
  // A copy of an earlier welcome screenshot (Chromium's encoder, palette, every filter): kept
  // under tests/ so regenerating the guide's pictures does not change the expected pixels.
  std::ifstream in(std::string(LOADLAB_SOURCE_DIR) + "/tests/app/data/chromium_screenshot.png",
                   std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  const RgbaImage img = decode_png(ss.str());
  REQUIRE(img.width == 1280);
  REQUIRE(img.height == 800);
  auto px = [&](int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * 1280 + x) * 4;
    return std::array<int, 4>{img.rgba[i], img.rgba[i + 1], img.rgba[i + 2], img.rgba[i + 3]};
  };
  // Read with an independent decoder (Python: zlib.decompress, the five filters, the palette).
  CHECK(px(0, 0) == std::array<int, 4>{192, 192, 208, 255});
  CHECK(px(44, 154) == std::array<int, 4>{32, 96, 208, 255});
  CHECK(px(396, 154) == std::array<int, 4>{144, 160, 176, 255});
  CHECK(px(198, 210) == std::array<int, 4>{192, 208, 240, 255});
  CHECK(px(11, 98) == std::array<int, 4>{208, 224, 240, 255});
  CHECK(px(1279, 799) == std::array<int, 4>{192, 192, 208, 255});
}
