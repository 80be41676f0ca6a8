// Share-link codec. The reference link below was produced independently with Python's zlib
// (raw deflate, wbits=-15) and base64.urlsafe_b64encode, padding stripped — the same format the
// browser's CompressionStream('deflate-raw') produces.
#include <doctest/doctest.h>

#include "io/link_codec.h"
#include "io/scenario.h"

using namespace loadlab::io;

namespace {
const char* kPythonLink =
    "HYw7CoAwFATvsvUWPrXxXUUsEhNUjEb8FCK5u9FiGRiGfRCiccFYqBDztDoorAlm7T2Iw_ss6pI44xZDHG7og_"
    "PefM7GjL2_"
    "7Be6aYFWif_dAW2loQhLNizypGDdpRc";
}

TEST_CASE("Link.Base64Url.KnownVectors") {
  CHECK(base64url_encode("\xfb\xff\xfe") == "-__-");
  CHECK(base64url_encode("ab") == "YWI");
  CHECK(base64url_decode("YWI") == "ab");
  CHECK(base64url_decode("YWI=") == "ab");
  CHECK(base64url_decode("-__-") == "\xfb\xff\xfe");
}

TEST_CASE("Link.DecodesALinkMadeByAnotherImplementation") {
  Json s = decode_link(std::string("https://example.org/#s=") + kPythonLink);
  CHECK(s["kind"] == "balance");
  CHECK(s["topology"]["dim"] == 3);
  CHECK(s["loads"] == Json::array({19, 11, 2, 9, 0, 9, 10, 4}));
}

TEST_CASE("Link.RoundTripIsExact") {
  Json s = Json::parse(R"({"loadlab":1,"kind":"balance","seed":7,"name":"ünïcode ✓",
    "topology":{"type":"tree","parents":[-1,0,1,1,0,4,0,6,6]},"loads":[1,4,5,11,7,2,3,3,5]})");
  const std::string link = encode_link(s);
  CHECK(link.rfind("s=", 0) == 0);
  CHECK(link.substr(2).find_first_of("+/=") == std::string::npos);
  CHECK(decode_link("#" + link) == s);
}

TEST_CASE("Link.BadLinksGiveClearErrors") {
  CHECK_THROWS_WITH_AS(decode_link("#s="), doctest::Contains("no scenario"), ScenarioError);
  CHECK_THROWS_WITH_AS(decode_link("#s=ab$c"), doctest::Contains("not base64url"), ScenarioError);
  CHECK_THROWS_WITH_AS(decode_link("#s=AAAAAAAA"), doctest::Contains("bad link"), ScenarioError);
  // Valid deflate of text that is not JSON.
  CHECK_THROWS_WITH_AS(decode_link(base64url_encode(deflate_raw("{not json"))),
                       doctest::Contains("malformed JSON"), ScenarioError);
}

TEST_CASE("Link.ZipBombIsRefused") {
  // 64 MiB of spaces deflates to a few KiB; inflating must stop at the document limit.
  const std::string huge(64u << 20, ' ');
  const std::string payload = base64url_encode(deflate_raw(huge));
  CHECK(payload.size() < LinkLimits::max_link_chars);
  CHECK_THROWS_WITH_AS(decode_link(payload), doctest::Contains("inflates beyond"), ScenarioError);
}
