// Text for numbers and JSON errors, shared by the results table and the JSON editor. Pure (no
// ImGui), so tests/app checks it natively and as WebAssembly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "io/json_reader.h"

namespace loadlab::app {

/// 35220 -> "35,220"; -1234567 -> "-1,234,567".
std::string format_int(long long value);
/// A real for people: integral values as integers with separators (35220.0 -> "35,220", never
/// "3.522e+04"), others with about four significant digits ("273.8", "1,234.6", "0.00123");
/// only magnitudes beyond 1e15 or below 1e-4 use exponents. NaN/inf as "nan"/"inf"/"-inf".
std::string format_real(double value);
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
