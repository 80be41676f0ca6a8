// Text for numbers and JSON errors, shared by the results table and the JSON editor. Pure (no
// ImGui), so tests/app checks it natively and as WebAssembly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "io/json_reader.h"

namespace loadlab::app {

/// The one number formatter of the playground: every view, table and export prints numbers
/// through these. Thousands are grouped with a comma (ASCII, so copied text pastes into
/// spreadsheets and shells alike; a thin space would not survive every terminal font), and
/// values within kNoiseFloor of zero print as "0": rounding noise such as a CoV of 2.7e-16 is
/// not a value.
constexpr double kNoiseFloor = 1e-12;

/// 35220 -> "35,220"; -1234567 -> "-1,234,567".
std::string format_int(long long value);
/// A count: format_int, named for what it prints.
inline std::string format_count(long long value) {
  return format_int(value);
}
/// A real for people: integral values as integers with separators (35220.0 -> "35,220", never
/// "3.522e+04"), others with about four significant digits ("273.8", "1,234.6", "0.00123");
/// only magnitudes beyond 1e15 or below 1e-4 use exponents; |value| < kNoiseFloor is "0".
/// NaN/inf as "nan"/"inf"/"-inf".
std::string format_real(double value);
/// The same with `digits` significant digits (1..12): a column's precision (a time "12.35" at 4,
/// a ratio "1.2346" at 5). Integral values still print as grouped integers.
std::string format_real(double value, int digits);
/// A real and its unit, separated by a space ("12.5 s"); the unit is omitted when empty.
std::string format_with_unit(double value, int digits, const char* unit);
/// format_real's text as a printf format that prints exactly that text ("%" doubled), for ImGui
/// widgets that take a format instead of a string. `grouped` = false leaves out the thousands
/// commas: a field the user types into must read its own text back.
std::string format_literal(double value, int digits, bool grouped = true);
/// `value` rounded to `digits` significant digits (1..17): where a slider's drag snaps.
double round_significant(double value, int digits);
/// The significant digits of a "%.<n>g" format (ImGui's slider formats), or 0 for any other.
int g_format_digits(const char* fmt);
/// A JSON scalar as the results table shows it: numbers as above, booleans "yes"/"no", strings
/// unquoted; arrays/objects as compact JSON.
std::string format_json_value(const io::Json& value);

/// The 1-based line holding byte `offset` of `text` (offsets past the end give the last line).
int line_of_offset(std::string_view text, std::size_t offset);

/// The byte offset where the value at JSON pointer `pointer` starts in `text` (any formatting),
/// or, when that value does not exist, where its nearest existing parent starts. nullopt when
/// `text` is not JSON. "" or "/" is the document itself.
std::optional<std::size_t> json_pointer_offset(std::string_view text, std::string_view pointer);

/// The JSON pointer an error message starts with ("/loads: has 8 entries" -> "/loads"), or "" .
std::string error_pointer(std::string_view message);

/// Where an editor error belongs: the line of a parse error (nlohmann's byte position) or of the
/// failing pointer. 0 when unknown.
struct EditorError {
  int line = 0;
  std::string message;
};
/// Parses `text`; on a syntax error returns its line and message, otherwise nullopt.
std::optional<EditorError> json_syntax_error(const std::string& text);
/// The line of the value a validation error names ("/algorithms/0: ..."), 0 if not found.
int validation_error_line(const std::string& text, std::string_view message);

}  // namespace loadlab::app
