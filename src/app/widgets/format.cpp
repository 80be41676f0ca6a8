#include "app/widgets/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace loadlab::app {

namespace {

// Inserts a comma every three digits of the integer part of an already printed number.
std::string group_thousands(const std::string& digits) {
  std::size_t start = (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) ? 1 : 0;
  std::size_t end = digits.find('.');
  if (end == std::string::npos) end = digits.size();
  std::string out = digits.substr(0, start);
  for (std::size_t i = start; i < end; ++i) {
    out += digits[i];
    const std::size_t left = end - i - 1;
    if (left > 0 && left % 3 == 0) out += ',';
  }
  return out + digits.substr(end);
}

}  // namespace

std::string format_int(long long value) {
  return group_thousands(std::to_string(value));
}

std::string format_real(double value) {
  return format_real(value, 4);
}

std::string format_real(double value, int digits) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  digits = std::clamp(digits, 1, 12);
  const double mag = std::fabs(value);
  if (mag < kNoiseFloor) return "0";
  char buf[64];
  if (mag >= 1e15 || mag < 1e-4) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
  }
  if (value == std::floor(value)) return format_int(static_cast<long long>(value));
  if (mag < 1) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
  }
  // `digits` significant digits, at least one decimal, at most digits - 1.
  int int_digits = static_cast<int>(std::floor(std::log10(mag))) + 1;
  const int decimals = std::min(std::max(1, digits - 1), std::max(1, digits - int_digits));
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") return "0";
  return group_thousands(s);
}

std::string format_literal(double value, int digits, bool grouped) {
  std::string out;
  for (const char c : format_real(value, digits)) {
    if (c == ',' && !grouped) continue;
    if (c == '%') out += '%';
    out += c;
  }
  return out;
}

double round_significant(double value, int digits) {
  if (!std::isfinite(value) || value == 0) return value;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", std::clamp(digits, 1, 17), value);
  return std::strtod(buf, nullptr);
}

int g_format_digits(const char* fmt) {
  if (fmt == nullptr) return 0;
  const char* p = std::strchr(fmt, '%');
  if (p == nullptr || p[1] != '.') return 0;
  char* end = nullptr;
  const long n = std::strtol(p + 2, &end, 10);
  return end != p + 2 && (*end == 'g' || *end == 'G') && n > 0 && n < 18 ? static_cast<int>(n) : 0;
}

std::string format_with_unit(double value, int digits, const char* unit) {
  std::string s = format_real(value, digits);
  if (unit != nullptr && *unit != '\0') s += std::string(" ") + unit;
  return s;
}

std::string format_json_value(const io::Json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<unsigned long long>();
    if (u > static_cast<unsigned long long>(9223372036854775807LL)) return v.dump();
    return format_int(static_cast<long long>(u));
  }
  if (v.is_number_integer()) return format_int(v.get<long long>());
  if (v.is_number_float()) return format_real(v.get<double>());
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

int line_of_offset(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  int line = 1;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') ++line;
  return line;
}

namespace {

// A forgiving scanner over JSON text: just enough to find where a pointer's value starts.
struct Scanner {
  std::string_view t;
  std::size_t p = 0;
  bool ok = true;

  void ws() {
    while (p < t.size() && (t[p] == ' ' || t[p] == '\n' || t[p] == '\r' || t[p] == '\t')) ++p;
  }
  bool eat(char c) {
    ws();
    if (p < t.size() && t[p] == c) {
      ++p;
      return true;
    }
    return false;
  }
  // Reads a string starting at '"'; escapes other than \uXXXX are decoded.
  std::string str() {
    std::string out;
    if (p >= t.size() || t[p] != '"') {
      ok = false;
      return out;
    }
    ++p;
    while (p < t.size() && t[p] != '"') {
      if (t[p] == '\\' && p + 1 < t.size()) {
        const char e = t[p + 1];
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        p += 2;
      } else {
        out += t[p++];
      }
    }
    if (p >= t.size()) ok = false;
    ++p;
    return out;
  }
  void skip_value() {
    ws();
    if (p >= t.size()) {
      ok = false;
      return;
    }
    const char c = t[p];
    if (c == '"') {
      str();
    } else if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++p;
      if (eat(close)) return;
      do {
        if (c == '{') {
          ws();
          str();
          if (!eat(':')) ok = false;
        }
        skip_value();
      } while (ok && eat(','));
      if (!eat(close)) ok = false;
    } else {
      while (p < t.size() && t[p] != ',' && t[p] != '}' && t[p] != ']' && t[p] != ' ' &&
             t[p] != '\n' && t[p] != '\r' && t[p] != '\t')
        ++p;
    }
  }
};

std::vector<std::string> pointer_tokens(std::string_view pointer) {
  std::vector<std::string> out;
  if (pointer.empty() || pointer == "/") return out;
  std::size_t i = pointer[0] == '/' ? 1 : 0;
  std::string cur;
  for (; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      out.push_back(cur);
      cur.clear();
    } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
      cur += pointer[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      cur += pointer[i];
    }
  }
  return out;
}

}  // namespace

std::optional<std::size_t> json_pointer_offset(std::string_view text, std::string_view pointer) {
  Scanner s{text};
  s.ws();
  if (s.p >= text.size()) return std::nullopt;
  std::size_t found = s.p;
  for (const auto& token : pointer_tokens(pointer)) {
    s.ws();
    found = s.p;
    const char c = s.p < text.size() ? text[s.p] : '\0';
    bool hit = false;
    if (c == '{') {
      ++s.p;
      if (s.eat('}')) return found;
      do {
        s.ws();
        const std::string key = s.str();
        if (!s.eat(':')) return s.ok ? found : std::optional<std::size_t>(found);
        if (key == token) {
          hit = true;
          break;
        }
        s.skip_value();
      } while (s.ok && s.eat(','));
    } else if (c == '[') {
      char* end = nullptr;
      const long index = std::strtol(token.c_str(), &end, 10);
      if (token.empty() || *end != '\0' || index < 0) return found;
      ++s.p;
      if (s.eat(']')) return found;
      long i = 0;
      do {
        if (i == index) {
          hit = true;
          break;
        }
        s.skip_value();
        ++i;
      } while (s.ok && s.eat(','));
    }
    if (!hit || !s.ok) return found;
  }
  s.ws();
  return s.p;
}

std::string error_pointer(std::string_view message) {
  if (message.empty() || message[0] != '/') return "";
  const std::size_t colon = message.find(": ");
  return std::string(message.substr(0, colon == std::string_view::npos ? message.size() : colon));
}

std::optional<EditorError> json_syntax_error(const std::string& text) {
  try {
    const io::Json parsed = io::Json::parse(text);
    (void)parsed;
    return std::nullopt;
  } catch (const io::Json::parse_error& e) {
    std::string msg = e.what();
    // "[json.exception.parse_error.101] parse error at line 3, column 5: ..." -> after "] ".
    if (const auto b = msg.find("] ");
        msg.rfind("[json.exception", 0) == 0 && b != std::string::npos)
      msg = msg.substr(b + 2);
    return EditorError{line_of_offset(text, e.byte > 0 ? e.byte - 1 : 0), msg};
  } catch (const io::Json::exception& e) {
    return EditorError{0, e.what()};
  }
}

int validation_error_line(const std::string& text, std::string_view message) {
  const std::string ptr = error_pointer(message);
  if (ptr.empty()) return 0;
  const auto off = json_pointer_offset(text, ptr);
  return off ? line_of_offset(text, *off) : 0;
}

}  // namespace loadlab::app
