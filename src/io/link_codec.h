// Share links: the scenario JSON, raw-deflated and base64url-encoded, in the URL fragment "#s=...".
//
// The browser produces the same format with CompressionStream('deflate-raw') (web/share.js), so a
// link made by the CLI opens in the playground and vice versa. The version travels inside the
// JSON ("loadlab": 1). Native builds only (zlib); the web build uses the browser's codec.
#pragma once

#include <string>
#include <string_view>

#include "io/json_reader.h"

namespace loadlab::io {

struct LinkLimits {
  static constexpr std::size_t max_link_chars = 1u << 20;       // 1 MiB of fragment text
  static constexpr std::size_t max_inflated_bytes = 16u << 20;  // = the scenario document limit
};

std::string base64url_encode(std::string_view bytes);
/// Throws ScenarioError on characters outside the base64url alphabet.
std::string base64url_decode(std::string_view text);

std::string deflate_raw(std::string_view bytes);
/// Throws ScenarioError if the data is corrupt or inflates beyond `limit` bytes (zip bombs).
std::string inflate_raw(std::string_view bytes, std::size_t limit);

/// The fragment for a scenario: "s=" + base64url(deflate-raw(compact JSON)).
std::string encode_link(const Json& scenario);
/// Accepts a full URL, a "#s=..." fragment, "s=..." or the bare payload; returns the parsed JSON
/// (not yet validated as a scenario). Throws ScenarioError with pointer "" on a bad link.
Json decode_link(std::string_view link);

}  // namespace loadlab::io
