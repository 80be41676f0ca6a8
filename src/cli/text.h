// Text helpers the reproduce commands share.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "experiments/verdict.h"

namespace loadlab::cli {

/// One number through a printf format ("%8.3f"): the reproduce tables are printf-style columns.
inline std::string printf_number(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

/// Writes a reproduce table's CSV as `dir/name` (creating dir) and says where, or says why not;
/// false when the file could not be written (the command then exits 1).
inline bool write_csv_file(const std::string& dir, const char* name, const std::string& text,
                           std::ostream& out) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const auto path = std::filesystem::path(dir) / name;
  std::ofstream file(path);
  file << text;
  if (!file) {
    out << "cannot write " << path.string() << "\n";
    return false;
  }
  out << "CSV: " << path.string() << "\n";
  return true;
}

/// Writes a reproduce figure's SVG plot as `dir/name` (creating dir) and says where; false when
/// the file could not be written.
inline bool write_svg_file(const std::string& dir, const char* name, const std::string& text,
                           std::ostream& out) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const auto path = std::filesystem::path(dir) / name;
  std::ofstream file(path);
  file << text;
  if (!file) {
    out << "cannot write " << path.string() << "\n";
    return false;
  }
  out << "SVG: " << path.string() << "\n";
  return true;
}

/// Prints judged claims under a heading, then the count that hold.
inline void print_claims(const std::vector<experiments::ClaimResult>& claims, std::ostream& out) {
  for (const auto& c : claims) out << experiments::claim_text(c) << "\n";
  out << experiments::claims_summary(claims) << "\n";
}

}  // namespace loadlab::cli
