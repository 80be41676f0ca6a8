// The desktop's file dialog without ImGui: listing a folder, checking a typed file name, paths.
// shell/file_dialog.cpp draws it (a popup of our own: no toolkit dependency). Pure (std::filesystem
// only), so tests/app checks it on a temporary folder.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loadlab::app {

struct FileDialogEntry {
  std::string name;
  bool directory = false;
  std::uintmax_t bytes = 0;  ///< files only
};

/// What `dir` holds: directories first, then files, each in case-insensitive name order; names
/// starting with '.' are left out; files only when their extension (with the dot, e.g. ".csv") is
/// in `extensions` (empty = every file). At most `limit` entries (a huge folder stays usable).
/// Throws std::runtime_error naming the folder when it cannot be read.
std::vector<FileDialogEntry> file_dialog_list(const std::string& dir,
                                              const std::vector<std::string>& extensions,
                                              std::size_t limit = 5000);

/// Why a typed file name cannot be used ("" when it can): empty, a path separator in it, "." or
/// "..", or longer than 255 bytes.
std::string file_dialog_name_problem(const std::string& name);

/// `dir`/`name`.
std::string file_dialog_join(const std::string& dir, const std::string& name);
/// The folder above `dir` (`dir` itself at the root).
std::string file_dialog_parent(const std::string& dir);
/// `name` with `extension` appended unless it already ends in it (case-insensitive).
std::string file_dialog_with_extension(const std::string& name, const std::string& extension);
/// Whether `dir` is a folder that exists.
bool file_dialog_is_dir(const std::string& dir);
/// Whether `path` exists (the save dialog asks before replacing it).
bool file_dialog_exists(const std::string& path);

}  // namespace loadlab::app
