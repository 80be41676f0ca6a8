#include "app/widgets/export_table.h"

#include <stdexcept>

namespace loadlab::app {

namespace {

std::string export_cell_text(const io::Json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string tsv_cell(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return out;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

template <class Cell>
std::string join_table(const TextTable& t, char sep, Cell cell) {
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) out += sep;
      out += cell(cells[i]);
    }
    out += '\n';
  };
  line(t.headers);
  for (const auto& r : t.rows) line(r);
  return out;
}

}  // namespace

TextTable text_table_from_json(const io::Json& table) {
  TextTable t;
  if (!table.is_object()) return t;
  if (table.contains("headers") && table["headers"].is_array())
    for (const auto& h : table["headers"]) t.headers.push_back(export_cell_text(h));
  if (table.contains("rows") && table["rows"].is_array())
    for (const auto& r : table["rows"]) {
      std::vector<std::string> row;
      if (r.is_array())
        for (const auto& c : r) row.push_back(export_cell_text(c));
      t.rows.push_back(std::move(row));
    }
  return t;
}

std::string table_to_tsv(const TextTable& t) {
  return join_table(t, '\t', tsv_cell);
}

std::string table_to_csv(const TextTable& t) {
  return join_table(t, ',', csv_cell);
}

std::string export_text_table(const TextTable& t, const std::string& format) {
  if (format == "tsv") return table_to_tsv(t);
  if (format == "csv") return table_to_csv(t);
  throw std::invalid_argument("export format: '" + format + "' is not one of tsv, csv");
}

}  // namespace loadlab::app
