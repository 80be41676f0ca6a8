// The results table as text for the clipboard and files: TSV (what spreadsheets paste) and CSV
// (RFC 4180). Cells are the table's own text, so a copy reads exactly as the panel does (the
// numbers went through widgets/format.h once, for the screen and the file alike).
#pragma once

#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::app {

struct TextTable {
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;
};

/// The panel's table document {"headers": [...], "rows": [[...], ...]} (HelpState::results_table);
/// null or anything else gives an empty table. Cells that are not strings are dumped as JSON.
TextTable text_table_from_json(const io::Json& table);

/// Tab-separated: a header line and one line per row, each ending in '\n'. Tabs and line breaks
/// inside a cell become spaces (TSV has no quoting that spreadsheets agree on).
std::string table_to_tsv(const TextTable& t);

/// RFC 4180: a cell holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
/// Lines end in '\n' rather than the RFC's CRLF: every reader accepts it and diffs stay clean.
std::string table_to_csv(const TextTable& t);

/// "tsv" or "csv"; anything else throws std::invalid_argument naming the format.
std::string export_text_table(const TextTable& t, const std::string& format);

}  // namespace loadlab::app
