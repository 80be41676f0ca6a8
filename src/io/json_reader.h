// Reading scenario JSON with errors that name the offending field.
//
// Every scenario field is read through JsonReader so that a bad value anywhere produces a
// ScenarioError carrying the field's JSON pointer (RFC 6901, e.g. "/topology/dim") and a reason.
// The CLI prints it and exits 2; the playground shows it in the status line.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace loadlab::io {

using Json = nlohmann::json;

/// A problem with user input, located by a JSON pointer ("" = the whole document).
class ScenarioError : public std::runtime_error {
 public:
  ScenarioError(std::string pointer, const std::string& reason)
      : std::runtime_error((pointer.empty() ? std::string("scenario") : pointer) + ": " + reason),
        pointer_(std::move(pointer)),
        reason_(reason) {}
  const std::string& pointer() const { return pointer_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string pointer_;
  std::string reason_;
};

/// Escapes a key for use in a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string pointer_escape(std::string_view key);

/// A view of one JSON object inside a scenario, with typed, range-checked accessors.
class JsonReader {
 public:
  JsonReader(const Json& value, std::string pointer);

  const std::string& pointer() const { return pointer_; }
  std::string pointer(std::string_view key) const { return pointer_ + "/" + pointer_escape(key); }
  const Json& json() const { return value_; }
  bool has(std::string_view key) const;

  /// The raw value of a required key.
  const Json& at(std::string_view key) const;

  std::int64_t get_int(std::string_view key, std::int64_t lo, std::int64_t hi) const;
  std::int64_t get_int_or(std::string_view key, std::int64_t fallback, std::int64_t lo,
                          std::int64_t hi) const;
  double get_number(std::string_view key, double lo, double hi) const;
  double get_number_or(std::string_view key, double fallback, double lo, double hi) const;
  bool get_bool_or(std::string_view key, bool fallback) const;
  std::string get_string(std::string_view key) const;
  /// A string that must be one of `allowed`; the error lists them.
  std::string get_enum(std::string_view key, const std::vector<std::string>& allowed) const;
  std::string get_enum_or(std::string_view key, std::string fallback,
                          const std::vector<std::string>& allowed) const;

  /// A nested object (required).
  JsonReader object(std::string_view key) const;
  /// A required array of at most max_len elements; returns the raw array.
  const Json& array(std::string_view key, std::size_t max_len) const;
  /// An array of integers in [lo, hi], at most max_len long.
  std::vector<std::int64_t> get_int_array(std::string_view key, std::size_t max_len,
                                          std::int64_t lo, std::int64_t hi) const;

  /// Rejects keys not listed (typos would otherwise be silently ignored).
  void reject_unknown(std::initializer_list<std::string_view> allowed) const;

  // Element-level checks for arrays read by hand: pointer is the element's pointer.
  static std::int64_t as_int(const Json& v, const std::string& pointer, std::int64_t lo,
                             std::int64_t hi);
  static double as_number(const Json& v, const std::string& pointer, double lo, double hi);
  static std::string as_string(const Json& v, const std::string& pointer);
  static JsonReader as_object(const Json& v, const std::string& pointer);

 private:
  const Json& value_;
  std::string pointer_;
};

/// Parses scenario text; malformed JSON becomes a ScenarioError with the byte offset.
Json parse_json_text(std::string_view text, std::size_t max_bytes);

}  // namespace loadlab::io
