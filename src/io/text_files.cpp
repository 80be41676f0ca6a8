#include "io/text_files.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "io/scenario.h"

namespace loadlab::io {

std::string read_document(const std::string& path) {
  const auto limit = ScenarioLimits::max_document_bytes;
  std::ostringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    if (ss.tellp() > static_cast<std::streamoff>(limit))
      throw ScenarioError("", "standard input holds " +
                                  std::to_string(static_cast<long long>(ss.tellp())) +
                                  " bytes, limit is " + std::to_string(limit));
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ScenarioError("", "cannot open '" + path + "'");
    // Refuse before reading a huge file into memory.
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::size_t>(in.tellg());
    if (size > limit)
      throw ScenarioError("", "'" + path + "' is " + std::to_string(size) + " bytes, limit is " +
                                  std::to_string(limit));
    in.seekg(0);
    ss << in.rdbuf();
  }
  return ss.str();
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw ScenarioError("", "cannot write '" + path + "'");
  out << text;
}

}  // namespace loadlab::io
