#include "io/load_file.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::io {

namespace {

using core::LoadLimits;

std::string load_file_trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

// Cells of one line: split at commas, semicolons and tabs; a line with none of them at spaces.
std::vector<std::string> load_file_cells(std::string_view line) {
  const bool delimited = line.find_first_of(",;\t") != std::string_view::npos;
  std::vector<std::string> out;
  std::string cur;
  for (const char c : line) {
    const bool split = delimited ? (c == ',' || c == ';' || c == '\t') : c == ' ';
    if (split) {
      if (delimited || !cur.empty()) out.push_back(load_file_trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (delimited || !cur.empty()) out.push_back(load_file_trim(cur));
  return out;
}

// A whole number in [0, max_load_per_node], else the reason it is not ("" when it is).
std::string load_file_value(const std::string& cell, std::int64_t& out) {
  if (cell.empty()) return "an empty cell where a task count was expected";
  std::size_t i = 0;
  if (cell[0] == '+') i = 1;
  if (cell[0] == '-') return "'" + cell + "' is negative: a load counts tasks (0 or more)";
  if (i == cell.size()) return "'" + cell + "' is not a whole number";
  std::int64_t v = 0;
  for (; i < cell.size(); ++i) {
    const char c = cell[i];
    if (c == '.' && cell.find_first_not_of('0', i + 1) == std::string::npos) break;  // "12.0"
    if (!std::isdigit(static_cast<unsigned char>(c))) return "'" + cell + "' is not a whole number";
    if (v > LoadLimits::max_load_per_node) break;
    v = v * 10 + (c - '0');
  }
  if (v > LoadLimits::max_load_per_node)
    return "'" + cell + "' is over the limit of " + std::to_string(LoadLimits::max_load_per_node) +
           " tasks per node";
  out = v;
  return "";
}

bool load_file_is_header_word(const std::string& cell) {
  if (cell.empty()) return false;
  std::int64_t ignored = 0;
  return !load_file_value(cell, ignored).empty() &&
         std::isalpha(static_cast<unsigned char>(cell[0]));
}

std::string load_file_lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

void load_file_push(core::LoadVector& out, std::int64_t v, std::int64_t& total,
                    const std::string& field, const std::string& where) {
  if (out.size() >= LoadFileLimits::max_values)
    throw ScenarioError(field, where + ": more than " + std::to_string(LoadFileLimits::max_values) +
                                   " values (the largest topology has that many nodes)");
  total += v;
  if (total > LoadLimits::max_total)
    throw ScenarioError(field, where + ": the total passes the limit of " +
                                   std::to_string(LoadLimits::max_total) + " tasks");
  out.push_back(v);
}

core::LoadVector load_file_from_json(const Json& doc, const std::string& name,
                                     const std::string& field) {
  const Json* list = &doc;
  std::string where = name;
  if (doc.is_object()) {
    if (doc.contains("loads")) {
      list = &doc["loads"];
      where += " /loads";
    } else if (doc.contains("workload") && doc["workload"].is_object() &&
               doc["workload"].contains("initial")) {
      list = &doc["workload"]["initial"];
      where += " /workload/initial";
    } else if (doc.contains("initial")) {
      list = &doc["initial"];
      where += " /initial";
    } else {
      throw ScenarioError(field, name +
                                     ": a JSON object needs a \"loads\" list (or "
                                     "\"workload\": {\"initial\": [...]})");
    }
  }
  if (!list->is_array())
    throw ScenarioError(field, where + ": expected a list of task counts, e.g. [4, 0, 7]");
  if (list->empty()) throw ScenarioError(field, where + ": the list is empty");
  core::LoadVector out;
  std::int64_t total = 0;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const Json& x = (*list)[i];
    const std::string at = where + "[" + std::to_string(i) + "]";
    if (!x.is_number() || x.get<double>() != std::floor(x.get<double>()))
      throw ScenarioError(field, at + ": " + x.dump() + " is not a whole number");
    const double d = x.get<double>();
    if (d < 0) throw ScenarioError(field, at + ": " + x.dump() + " is negative");
    if (d > static_cast<double>(LoadLimits::max_load_per_node))
      throw ScenarioError(field, at + ": " + x.dump() + " is over the limit of " +
                                     std::to_string(LoadLimits::max_load_per_node));
    load_file_push(out, static_cast<std::int64_t>(d), total, field, at);
  }
  return out;
}

}  // namespace

core::LoadVector parse_load_file(std::string_view text, const std::string& file_name,
                                 const std::string& field) {
  const std::string name = file_name.empty() ? std::string("the file") : file_name;
  if (text.size() > LoadFileLimits::max_bytes)
    throw ScenarioError(field, name + " is " + std::to_string(text.size() >> 20) +
                                   " MiB; the limit is " +
                                   std::to_string(LoadFileLimits::max_bytes >> 20) + " MiB");
  const std::string trimmed =
      load_file_trim(text.substr(0, std::min<std::size_t>(text.size(), 64)));
  if (!trimmed.empty() && (trimmed[0] == '[' || trimmed[0] == '{')) {
    Json doc;
    try {
      doc = Json::parse(text);
    } catch (const Json::parse_error& e) {
      throw ScenarioError(field,
                          name + " is not valid JSON (at byte " + std::to_string(e.byte) + ")");
    }
    return load_file_from_json(doc, name, field);
  }
  core::LoadVector out;
  std::int64_t total = 0;
  int column = -1;  // the header's load column; -1 (no header): every cell is a load
  bool first = true;
  std::size_t line_no = 0, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    if (load_file_trim(line).empty()) {
      if (end == text.size()) break;
      continue;
    }
    const auto cells = load_file_cells(line);
    const std::string where = "line " + std::to_string(line_no) + " of " + name;
    if (first) {
      first = false;
      if (std::any_of(cells.begin(), cells.end(), load_file_is_header_word)) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
          const std::string w = load_file_lower(cells[c]);
          if (w == "load" || w == "loads" || w == "tasks" || w == "initial")
            column = static_cast<int>(c);
        }
        if (column < 0 && cells.size() == 1) column = 0;
        if (column < 0)
          throw ScenarioError(field, where +
                                         ": the header names no load column (call it \"load\", "
                                         "\"loads\", \"tasks\" or \"initial\")");
        continue;
      }
    }
    if (column >= 0) {
      if (static_cast<std::size_t>(column) >= cells.size())
        throw ScenarioError(field, where + ": no cell in the load column (column " +
                                       std::to_string(column + 1) + ")");
      std::int64_t v = 0;
      if (const auto why = load_file_value(cells[static_cast<std::size_t>(column)], v);
          !why.empty())
        throw ScenarioError(field, where + ": " + why);
      load_file_push(out, v, total, field, where);
    } else {
      for (std::size_t c = 0; c < cells.size(); ++c) {
        std::int64_t v = 0;
        if (const auto why = load_file_value(cells[c], v); !why.empty())
          throw ScenarioError(field, where + ", value " + std::to_string(c + 1) + ": " + why);
        load_file_push(out, v, total, field, where);
      }
    }
    if (end == text.size()) break;
  }
  if (out.empty()) throw ScenarioError(field, name + " holds no task counts");
  return out;
}

}  // namespace loadlab::io
