// The guide's inflate (src/app/model/png_decode.h) against zlib's deflate at every strategy:
// stored, fixed and dynamic Huffman blocks, long matches and runs. Native only (the web build has
// no zlib).
#include <doctest/doctest.h>
#include <zlib.h>

#include <stdexcept>
#include <string>

#include "app/model/png_decode.h"

namespace {

std::string png_test_deflate(const std::string& data, int level, int strategy) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, level, Z_DEFLATED, 15, 8, strategy) == Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 16, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace

TEST_CASE("PngInflate.AgreesWithZlib") {
  // Text with repeats, a long run, and pseudo-random bytes (a 32-bit LCG) that defeat matching.
  std::string data;
  for (int i = 0; i < 400; ++i) data += "load balancing step " + std::to_string(i % 37) + "; ";
  data += std::string(70000, 'x');
  std::uint32_t s = 12345;
  for (int i = 0; i < 50000; ++i) {
    s = s * 1664525u + 1013904223u;
    data += static_cast<char>(s >> 24);
  }
  for (int level : {0, 1, 6, 9})
    for (int strategy : {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE}) {
      CAPTURE(level);
      CAPTURE(strategy);
      const std::string z = png_test_deflate(data, level, strategy);
      CHECK(loadlab::app::png_inflate_zlib(z, data.size()) == data);
    }
  // The limit is enforced: one byte less than the data is refused.
  const std::string z = png_test_deflate(data, 6, Z_DEFAULT_STRATEGY);
  CHECK_THROWS_AS(loadlab::app::png_inflate_zlib(z, data.size() - 1), std::runtime_error);
  // Truncated data is refused, never read past its end.
  CHECK_THROWS_AS(loadlab::app::png_inflate_zlib(z.substr(0, z.size() / 2), data.size()),
                  std::runtime_error);
}
