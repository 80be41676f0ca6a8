// The results table's number text and the JSON editor's error lines (app/widgets/format.h).
// Expected strings are written by hand from the rules in format.h.
#include <doctest/doctest.h>

#include "app/widgets/format.h"

using namespace loadlab::app;
using loadlab::io::Json;

TEST_CASE("Format.IntegersGetThousandsSeparators") {
  CHECK(format_int(0) == "0");
  CHECK(format_int(999) == "999");
  CHECK(format_int(1000) == "1,000");
  CHECK(format_int(35220) == "35,220");
  CHECK(format_int(-1234567) == "-1,234,567");
  CHECK(format_json_value(Json(35220)) == "35,220");
  CHECK(format_json_value(Json(1048576u)) == "1,048,576");
}

TEST_CASE("Format.IntegralRealsNeverUseExponents") {
  // 35220 stored as a double used to print as 3.522e+04 (%.4g).
  CHECK(format_real(35220.0) == "35,220");
  CHECK(format_json_value(Json(35220.0)) == "35,220");
  CHECK(format_real(-7500.0) == "-7,500");
  CHECK(format_real(1e12) == "1,000,000,000,000");
}

TEST_CASE("Format.RealsKeepAboutFourSignificantDigits") {
  CHECK(format_real(273.8) == "273.8");
  CHECK(format_real(273.84) == "273.8");
  CHECK(format_real(1234.5678) == "1,234.6");
  CHECK(format_real(12.5) == "12.5");
  CHECK(format_real(0.5) == "0.5");
  CHECK(format_real(0.00123) == "0.00123");
  CHECK(format_real(2.5e-7) == "2.5e-07");
  CHECK(format_json_value(Json(true)) == "yes");
  CHECK(format_json_value(Json("exact")) == "exact");
}

TEST_CASE("Format.SyntaxErrorGivesItsLine") {
  const std::string text = "{\n  \"kind\": \"balance\",\n  \"loads\": [1, 2,, 3]\n}\n";
  const auto err = json_syntax_error(text);
  REQUIRE(err.has_value());
  CHECK(err->line == 3);
  CHECK(err->message.find("parse error") != std::string::npos);
  CHECK_FALSE(json_syntax_error("{\"a\": 1}").has_value());
  // A document cut short: the error is on the last line.
  const auto cut = json_syntax_error("{\n\"a\": [1,\n2");
  REQUIRE(cut.has_value());
  CHECK(cut->line == 3);
}

TEST_CASE("Format.PointerErrorGivesTheLineOfItsValue") {
  const std::string text =
      "{\n"                                    // 1
      "  \"kind\": \"balance\",\n"             // 2
      "  \"topology\": {\n"                    // 3
      "    \"type\": \"torus\",\n"             // 4
      "    \"rows\": 4\n"                      // 5
      "  },\n"                                 // 6
      "  \"algorithms\": [\"cwa\",\n"          // 7
      "     \"dem\"],\n"                       // 8
      "  \"a/b\": {\"x\": [1, {\"y\": 2}]}\n"  // 9
      "}\n";
  CHECK(validation_error_line(text, "/topology/rows: must be at least 1") == 5);
  CHECK(validation_error_line(text, "/algorithms/1: dem needs a hypercube") == 8);
  CHECK(validation_error_line(text, "/algorithms/0: cwa needs a hypercube") == 7);
  // A missing member points at its parent.
  CHECK(validation_error_line(text, "/topology/cols: missing") == 3);
  CHECK(validation_error_line(text, "/loads: missing") == 1);
  // Escaped keys (~1 is '/') and nested arrays.
  CHECK(validation_error_line(text, "/a~1b/x/1/y: bad") == 9);
  CHECK(validation_error_line(text, "scenario: no pointer") == 0);
  CHECK(error_pointer("/loads: has 8 entries but the topology has 16 nodes") == "/loads");
  CHECK(error_pointer("Bad link") == "");
}
