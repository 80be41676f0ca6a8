// The results table's number text and the JSON editor's error lines (app/widgets/format.h).
// Expected strings are written by hand from the rules in format.h.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

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

TEST_CASE("Format.RoundingNoiseIsZero") {
  // Values the issue reported as shown: a CoV of 2.733e-16, an imbalance of 4.042e-14, a
  // predicted rate of 4.807e-17 are floating-point noise around 0.
  CHECK(format_real(2.733e-16) == "0");
  CHECK(format_real(-4.042e-14) == "0");
  CHECK(format_real(4.807e-17, 6) == "0");
  CHECK(format_json_value(Json(2.733e-16)) == "0");
  CHECK(format_real(-0.0) == "0");
  // Just above the floor is a value, printed as such.
  CHECK(format_real(2e-12) == "2e-12");
  CHECK(format_real(-1e-5) == "-1e-05");
}

TEST_CASE("Format.SignificantDigitsByColumn") {
  CHECK(format_real(3.14159265, 2) == "3.1");
  CHECK(format_real(3.14159265, 6) == "3.14159");
  CHECK(format_real(1234.5678, 6) == "1,234.57");
  CHECK(format_real(0.123456, 3) == "0.123");
  CHECK(format_real(42.0, 2) == "42");  // integral: never "4.2e+01"
  CHECK(format_real(-0.004, 2) == "-0.004");
  CHECK(format_with_unit(12.5, 4, "s") == "12.5 s");
  CHECK(format_with_unit(1e-13, 4, "ms") == "0 ms");
  CHECK(format_with_unit(7.0, 4, "") == "7");
  CHECK(format_count(1048576) == "1,048,576");
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

TEST_CASE("Format.LiteralsForImGuiFormatsPrintTheFormattersText") {
  // Printed through printf, the literal gives back format_real's text (it has no "%").
  const std::string grouped = format_literal(35220.5, 6);
  CHECK(grouped == "35,220.5");
  const std::string typed = format_literal(35220.5, 6, false);
  CHECK(typed == "35220.5");
  CHECK(std::strtod(typed.c_str(), nullptr) == 35220.5);  // a typed field reads it back
  CHECK(format_literal(2.733e-16, 4) == "0");             // noise is not shown as a value
  CHECK(format_literal(0.125, 3) == "0.125");
}

TEST_CASE("Format.SliderSnapsAndFormatDigits") {
  CHECK(round_significant(0.123456, 3) == 0.123);
  CHECK(round_significant(98765.0, 2) == 99000.0);
  CHECK(round_significant(0.0, 3) == 0.0);
  CHECK(g_format_digits("%.3g") == 3);
  CHECK(g_format_digits("x %.12g s") == 12);
  CHECK(g_format_digits("%.2f") == 0);
  CHECK(g_format_digits("%d") == 0);
  CHECK(g_format_digits(nullptr) == 0);
}
