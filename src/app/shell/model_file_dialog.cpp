#include "app/shell/model_file_dialog.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace loadlab::app {

namespace fs = std::filesystem;

namespace {

std::string file_dialog_lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<FileDialogEntry> file_dialog_list(const std::string& dir,
                                              const std::vector<std::string>& extensions,
                                              std::size_t limit) {
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw std::runtime_error("Cannot read the folder " + dir + ": " + ec.message());
  std::vector<FileDialogEntry> out;
  for (; it != fs::directory_iterator() && out.size() < limit; it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code e2;
    const bool is_dir = it->is_directory(e2);
    if (!is_dir) {
      if (!it->is_regular_file(e2)) continue;
      if (!extensions.empty()) {
        const std::string ext = file_dialog_lower(it->path().extension().string());
        if (std::none_of(extensions.begin(), extensions.end(),
                         [&](const std::string& x) { return file_dialog_lower(x) == ext; }))
          continue;
      }
    }
    FileDialogEntry e{name, is_dir, 0};
    if (!is_dir) e.bytes = it->file_size(e2);
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const FileDialogEntry& a, const FileDialogEntry& b) {
    if (a.directory != b.directory) return a.directory;
    const std::string la = file_dialog_lower(a.name), lb = file_dialog_lower(b.name);
    return la != lb ? la < lb : a.name < b.name;
  });
  return out;
}

std::string file_dialog_name_problem(const std::string& name) {
  if (name.empty()) return "type a file name";
  if (name == "." || name == "..") return "\"" + name + "\" is a folder, not a file name";
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos)
    return "a file name cannot hold / or \\ (pick the folder in the list)";
  if (name.size() > 255) return "the name is longer than 255 bytes";
  return "";
}

std::string file_dialog_join(const std::string& dir, const std::string& name) {
  return (fs::path(dir) / name).string();
}

std::string file_dialog_parent(const std::string& dir) {
  const fs::path p = fs::path(dir).lexically_normal();
  const fs::path up = (p.has_filename() ? p : p.parent_path()).parent_path();
  return up.empty() ? p.string() : up.string();
}

std::string file_dialog_with_extension(const std::string& name, const std::string& extension) {
  if (extension.empty()) return name;
  const bool has = name.size() >= extension.size() &&
                   file_dialog_lower(name.substr(name.size() - extension.size())) ==
                       file_dialog_lower(extension);
  return has ? name : name + extension;
}

bool file_dialog_is_dir(const std::string& dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_directory(dir, ec);
}

bool file_dialog_exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

}  // namespace loadlab::app
