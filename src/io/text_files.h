// Reading a scenario document from a file (or "-" for standard input) with the document size
// limit checked before the file is read into memory, and writing a text output file: shared by
// the CLI, its WebAssembly build and loadlab-mpi, so they refuse the same inputs the same way.
#pragma once

#include <string>

namespace loadlab::io {

/// The whole file at `path` ("-" = standard input). Throws ScenarioError when it cannot be opened
/// or exceeds ScenarioLimits::max_document_bytes (checked before reading a file).
std::string read_document(const std::string& path);

/// Writes `text` to `path`; throws ScenarioError when it cannot be written.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace loadlab::io
