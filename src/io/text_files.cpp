#include "io/text_files.h"

#include <fstream>
#include <iostream>

#include "io/scenario.h"

namespace loadlab::io {

namespace {

// Reads at most limit + 1 bytes, so an oversized input (a pipe, /dev/stdin, a FIFO or a regular
// file) is refused without holding more than the limit in memory. Pipes have no size to ask for
// up front, which is why this reads rather than seeks.
std::string read_bounded_stream(std::istream& in, const std::string& what) {
  const auto limit = ScenarioLimits::max_document_bytes;
  std::string text;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > limit)
      throw ScenarioError("",
                          what + " holds more than " + std::to_string(limit) + " bytes, the limit");
  }
  return text;
}

}  // namespace

std::string read_document(const std::string& path) {
  if (path == "-") return read_bounded_stream(std::cin, "standard input");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioError("", "cannot open '" + path + "'");
  return read_bounded_stream(in, "'" + path + "'");
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw ScenarioError("", "cannot write '" + path + "'");
  out << text;
}

}  // namespace loadlab::io
