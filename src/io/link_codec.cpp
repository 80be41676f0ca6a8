#include "io/link_codec.h"

#include <zlib.h>

#include <array>

#include "io/scenario.h"

namespace loadlab::io {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int decode_char(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-' || c == '+') return 62;  // '+' and '/' accepted from standard base64 too
  if (c == '_' || c == '/') return 63;
  return -1;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (unsigned char)bytes[i] << 16 | (unsigned char)bytes[i + 1] << 8 |
                       (unsigned char)bytes[i + 2];
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (i + 1 == bytes.size()) {
    const unsigned v = (unsigned char)bytes[i] << 16;
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
  } else if (i + 2 == bytes.size()) {
    const unsigned v = (unsigned char)bytes[i] << 16 | (unsigned char)bytes[i + 1] << 8;
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
  }
  return out;  // no '=' padding: it would need escaping in URLs
}

std::string base64url_decode(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) throw ScenarioError("", "bad link: truncated base64url payload");
  std::string out;
  out.reserve(text.size() * 3 / 4);
  unsigned acc = 0;
  int bits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int d = decode_char(text[i]);
    if (d < 0)
      throw ScenarioError("", "bad link: character '" + std::string(1, text[i]) + "' at position " +
                                  std::to_string(i) + " is not base64url");
    acc = (acc << 6) | static_cast<unsigned>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  return out;
}

std::string deflate_raw(std::string_view bytes) {
  z_stream zs{};
  // windowBits -15 = raw deflate, the format of CompressionStream('deflate-raw').
  if (deflateInit2(&zs, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&zs, static_cast<uLong>(bytes.size())), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  zs.avail_in = static_cast<uInt>(bytes.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) throw std::runtime_error("deflate failed");
  return out;
}

std::string inflate_raw(std::string_view bytes, std::size_t limit) {
  z_stream zs{};
  if (inflateInit2(&zs, -15) != Z_OK) throw std::runtime_error("inflateInit2 failed");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  zs.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  std::array<char, 16384> buf{};
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    zs.next_out = reinterpret_cast<Bytef*>(buf.data());
    zs.avail_out = static_cast<uInt>(buf.size());
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      inflateEnd(&zs);
      throw ScenarioError("", "bad link: the payload is not valid deflate data");
    }
    out.append(buf.data(), buf.size() - zs.avail_out);
    if (out.size() > limit) {
      inflateEnd(&zs);
      throw ScenarioError(
          "", "bad link: the scenario inflates beyond " + std::to_string(limit) + " bytes");
    }
    if (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0) {
      inflateEnd(&zs);
      throw ScenarioError("", "bad link: the payload is truncated");
    }
  }
  inflateEnd(&zs);
  return out;
}

std::string encode_link(const Json& scenario) {
  return "s=" + base64url_encode(deflate_raw(scenario.dump()));
}

Json decode_link(std::string_view link) {
  if (link.size() > LinkLimits::max_link_chars)
    throw ScenarioError(
        "", "bad link: longer than " + std::to_string(LinkLimits::max_link_chars) + " characters");
  if (auto hash = link.find('#'); hash != std::string_view::npos) link.remove_prefix(hash + 1);
  if (link.starts_with("s=")) link.remove_prefix(2);
  while (!link.empty() && (link.back() == '\n' || link.back() == '\r' || link.back() == ' '))
    link.remove_suffix(1);
  if (link.empty()) throw ScenarioError("", "bad link: no scenario in it (expected #s=...)");
  const std::string json = inflate_raw(base64url_decode(link), LinkLimits::max_inflated_bytes);
  return parse_json_text(json, ScenarioLimits::max_document_bytes);
}

}  // namespace loadlab::io
