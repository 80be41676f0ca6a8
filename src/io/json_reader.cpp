#include "io/json_reader.h"

#include <cmath>

namespace loadlab::io {

namespace {

const char* type_name(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a number";
    default:
      return "an unsupported value";
  }
}

std::string range_text(std::int64_t lo, std::int64_t hi) {
  return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
}

std::string number_text(double x) {
  std::string s = std::to_string(x);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

std::string pointer_escape(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

JsonReader::JsonReader(const Json& value, std::string pointer)
    : value_(value), pointer_(std::move(pointer)) {
  if (!value_.is_object())
    throw ScenarioError(pointer_, std::string("must be an object, got ") + type_name(value_));
}

bool JsonReader::has(std::string_view key) const {
  return value_.contains(key);
}

const Json& JsonReader::at(std::string_view key) const {
  auto it = value_.find(key);
  if (it == value_.end()) throw ScenarioError(pointer(key), "is required");
  return *it;
}

std::int64_t JsonReader::as_int(const Json& v, const std::string& ptr, std::int64_t lo,
                                std::int64_t hi) {
  std::int64_t x = 0;
  if (v.is_number_integer()) {
    x = v.get<std::int64_t>();
  } else if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi))
      throw ScenarioError(ptr, "must be in " + range_text(lo, hi) + ", got " + std::to_string(u));
    x = static_cast<std::int64_t>(u);
  } else if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!(std::floor(d) == d) || std::fabs(d) > 9e15)
      throw ScenarioError(ptr, "must be an integer, got " + v.dump());
    if (d < static_cast<double>(lo) || d > static_cast<double>(hi))
      throw ScenarioError(ptr, "must be in " + range_text(lo, hi) + ", got " + v.dump());
    x = static_cast<std::int64_t>(d);
  } else {
    throw ScenarioError(ptr, std::string("must be an integer, got ") + type_name(v));
  }
  if (x < lo || x > hi)
    throw ScenarioError(ptr, "must be in " + range_text(lo, hi) + ", got " + std::to_string(x));
  return x;
}

double JsonReader::as_number(const Json& v, const std::string& ptr, double lo, double hi) {
  if (!v.is_number())
    throw ScenarioError(ptr, std::string("must be a number, got ") + type_name(v));
  const double x = v.get<double>();
  if (!std::isfinite(x) || x < lo || x > hi)
    throw ScenarioError(
        ptr, "must be in [" + number_text(lo) + ", " + number_text(hi) + "], got " + v.dump());
  return x;
}

std::string JsonReader::as_string(const Json& v, const std::string& ptr) {
  if (!v.is_string())
    throw ScenarioError(ptr, std::string("must be a string, got ") + type_name(v));
  return v.get<std::string>();
}

JsonReader JsonReader::as_object(const Json& v, const std::string& ptr) {
  return JsonReader(v, ptr);
}

std::int64_t JsonReader::get_int(std::string_view key, std::int64_t lo, std::int64_t hi) const {
  return as_int(at(key), pointer(key), lo, hi);
}

std::int64_t JsonReader::get_int_or(std::string_view key, std::int64_t fallback, std::int64_t lo,
                                    std::int64_t hi) const {
  return has(key) ? get_int(key, lo, hi) : fallback;
}

double JsonReader::get_number(std::string_view key, double lo, double hi) const {
  return as_number(at(key), pointer(key), lo, hi);
}

double JsonReader::get_number_or(std::string_view key, double fallback, double lo,
                                 double hi) const {
  return has(key) ? get_number(key, lo, hi) : fallback;
}

bool JsonReader::get_bool_or(std::string_view key, bool fallback) const {
  if (!has(key)) return fallback;
  const Json& v = at(key);
  if (!v.is_boolean())
    throw ScenarioError(pointer(key), std::string("must be a boolean, got ") + type_name(v));
  return v.get<bool>();
}

std::string JsonReader::get_string(std::string_view key) const {
  return as_string(at(key), pointer(key));
}

std::string JsonReader::get_enum(std::string_view key,
                                 const std::vector<std::string>& allowed) const {
  std::string s = get_string(key);
  for (const auto& a : allowed)
    if (a == s) return s;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  throw ScenarioError(pointer(key), "unknown value '" + s + "' (expected one of: " + list + ")");
}

std::string JsonReader::get_enum_or(std::string_view key, std::string fallback,
                                    const std::vector<std::string>& allowed) const {
  return has(key) ? get_enum(key, allowed) : fallback;
}

JsonReader JsonReader::object(std::string_view key) const {
  return JsonReader(at(key), pointer(key));
}

const Json& JsonReader::array(std::string_view key, std::size_t max_len) const {
  const Json& v = at(key);
  if (!v.is_array())
    throw ScenarioError(pointer(key), std::string("must be an array, got ") + type_name(v));
  if (v.size() > max_len)
    throw ScenarioError(pointer(key), "has " + std::to_string(v.size()) + " elements, limit is " +
                                          std::to_string(max_len));
  return v;
}

std::vector<std::int64_t> JsonReader::get_int_array(std::string_view key, std::size_t max_len,
                                                    std::int64_t lo, std::int64_t hi) const {
  const Json& arr = array(key, max_len);
  std::vector<std::int64_t> out;
  out.reserve(arr.size());
  const std::string base = pointer(key);
  for (std::size_t i = 0; i < arr.size(); ++i)
    out.push_back(as_int(arr[i], base + "/" + std::to_string(i), lo, hi));
  return out;
}

void JsonReader::reject_unknown(std::initializer_list<std::string_view> allowed) const {
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    bool ok = false;
    for (auto a : allowed) ok = ok || it.key() == a;
    if (!ok) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      throw ScenarioError(pointer(it.key()), "unknown field (allowed here: " + list + ")");
    }
  }
}

Json parse_json_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    throw ScenarioError("", "document is " + std::to_string(text.size()) + " bytes, limit is " +
                                std::to_string(max_bytes));
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    // parse_error, and out_of_range for numbers beyond double (e.g. 1e999).
    throw ScenarioError("", std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace loadlab::io
