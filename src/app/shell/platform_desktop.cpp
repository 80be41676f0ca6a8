// Desktop host: files on disk, the GLFW clipboard, zlib-made share links.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "app/model/autosave.h"
#include "app/shell/platform.h"
#include "io/dag_formats/dag_formats.h"
#include "io/link_codec.h"
#include "io/mesh_formats/metis_graph.h"

namespace loadlab::app {

const char* platform_name() {
  return "desktop";
}

std::string platform_copy_link(const std::string& scenario_json) {
  // Links point at the playground URL (LOADLAB_URL, default: the local dev server).
  const char* base = std::getenv("LOADLAB_URL");
  const std::string link = std::string(base ? base : "http://127.0.0.1:8080/") + "#" +
                           io::encode_link(io::Json::parse(scenario_json));
  if (GLFWwindow* w = glfwGetCurrentContext()) glfwSetClipboardString(w, link.c_str());
  return link.size() > 80 ? link.substr(0, 77) + "..." : link;
}

std::string platform_export_file(const std::string& name, const std::string& text) {
  std::ofstream out(name, std::ios::binary);
  if (!out) return "Could not write " + name;
  out << text;
  return "Wrote " + name;
}

bool platform_request_import() {
  return false;
}

bool platform_request_load_file() {
  return false;
}

std::string platform_read_file(const std::string& path) {
  // The largest file any importer accepts (task graphs and meshes; scenario JSON is smaller):
  // anything bigger, say a video dropped by mistake, is refused before it is read into memory.
  // A folder would read as empty text and a FIFO would block the UI thread: named instead.
  constexpr std::uintmax_t max_bytes =
      std::max<std::uintmax_t>(io::DagFormatLimits::max_file_bytes, io::kMaxMeshFileBytes);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw std::runtime_error("Could not open " + path + ": not a regular file");
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > max_bytes)
    throw std::runtime_error("Could not open " + path + ": the file is " +
                             std::to_string(size >> 20) + " MiB, the limit is " +
                             std::to_string(max_bytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("Could not open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool platform_cross_origin_isolated() {
  return true;
}

int platform_hardware_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

std::string settings_path() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    return std::string(x) + "/loadlab/settings";
  if (const char* h = std::getenv("HOME"); h && *h)
    return std::string(h) + "/.config/loadlab/settings";
  return "";
}

// key=value lines.
std::map<std::string, std::string> read_settings() {
  std::map<std::string, std::string> out;
  const std::string path = settings_path();
  if (path.empty()) return out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (const auto eq = line.find('='); eq != std::string::npos)
      out[line.substr(0, eq)] = line.substr(eq + 1);
  return out;
}

bool g_opened_with_scenario = false;

}  // namespace

std::string platform_load_setting(const std::string& key) {
  const auto all = read_settings();
  const auto it = all.find(key);
  return it == all.end() ? "" : it->second;
}

void platform_save_setting(const std::string& key, const std::string& value) {
  const std::string path = settings_path();
  if (path.empty()) return;
  auto all = read_settings();
  all[key] = value;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path);
  for (const auto& [k, v] : all) out << k << '=' << v << '\n';
}

namespace {

std::string autosave_path(const std::string& slot) {
  const std::string settings = settings_path();
  if (settings.empty()) return "";
  return (std::filesystem::path(settings).parent_path() / (slot + ".json")).string();
}

}  // namespace

std::string platform_load_autosave(const std::string& slot) {
  const std::string path = autosave_path(slot);
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_regular_file(path, ec)) return "";
  // Bigger than the limit: read one byte more than it, so the reader reports the size and no
  // huge file is loaded into memory.
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return "";
  std::ifstream in(path, std::ios::binary);
  std::string text(
      static_cast<std::size_t>(std::min<std::uintmax_t>(size, AutosaveLimits::desktop_bytes + 1)),
      '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

bool platform_save_autosave(const std::string& slot, const std::string& text) {
  const std::string path = autosave_path(slot);
  if (path.empty()) return false;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text;
    if (!out.flush()) return false;
  }
  std::filesystem::rename(tmp, path, ec);
  return !ec;
}

std::size_t platform_autosave_limit() {
  return AutosaveLimits::desktop_bytes;
}

bool platform_opened_with_scenario() {
  return g_opened_with_scenario;
}

void platform_note_opened_with_scenario() {
  g_opened_with_scenario = true;
}

// The docs sit in share/doc/loadlab beside an installed app (bin/loadlab-app), or in docs/ of the
// source checkout found walking up from a build's executable; the first that exists is opened with
// the desktop's handler for Markdown, detached so the frame loop never waits for it.
std::string platform_open_doc(const std::string& relative_path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path name = fs::path(relative_path).filename();
  std::vector<fs::path> candidates;
  if (!ec) {
    const fs::path dir = exe.parent_path();
    candidates.push_back(dir / ".." / "share" / "doc" / "loadlab" / name);
    for (fs::path up = dir; !up.empty() && up != up.parent_path(); up = up.parent_path())
      candidates.push_back(up / relative_path);
  }
  for (const fs::path& c : candidates) {
    if (!fs::is_regular_file(c, ec)) continue;
    const std::string path = fs::weakly_canonical(c, ec).string();
    std::string quoted = "'";
    for (char ch : path) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    quoted += "'";
    const std::string cmd =
        "command -v xdg-open >/dev/null 2>&1 && { xdg-open " + quoted + " >/dev/null 2>&1 & }";
    if (std::system(cmd.c_str()) == 0) return "Opening the user guide: " + path;
    return "The user guide is " + path;
  }
  return "The user guide is " + relative_path +
         " in LoadLab's documentation (also on the web playground)";
}

// The same places as platform_open_doc: an install keeps docs/ as share/doc/loadlab.
DocFile platform_read_doc_file(const std::string& relative_path, std::string& bytes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return DocFile::missing;
  std::vector<fs::path> candidates;
  const std::string docs = "docs/";
  if (relative_path.rfind(docs, 0) == 0)
    candidates.push_back(exe.parent_path() / ".." / "share" / "doc" / "loadlab" /
                         relative_path.substr(docs.size()));
  for (fs::path up = exe.parent_path(); !up.empty() && up != up.parent_path();
       up = up.parent_path())
    candidates.push_back(up / relative_path);
  for (const fs::path& c : candidates) {
    if (!fs::is_regular_file(c, ec)) continue;
    try {
      bytes = platform_read_file(c.string());
      return DocFile::ready;
    } catch (const std::exception&) {
      return DocFile::missing;
    }
  }
  return DocFile::missing;
}

bool platform_prefers_dark() {
  return true;
}

void platform_set_title(const std::string& title) {
  if (GLFWwindow* w = glfwGetCurrentContext())
    glfwSetWindowTitle(w, (title + " - LoadLab").c_str());
}

// fonts/ next to the executable (the build copies them there, an install puts them beside
// bin/loadlab-app in share/loadlab/fonts), else the system's copy the build was configured with.
std::string platform_font_path(const std::string& file_name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) {
    candidates.push_back(exe.parent_path() / "fonts" / file_name);
    candidates.push_back(exe.parent_path().parent_path() / "share" / "loadlab" / "fonts" /
                         file_name);
  }
#ifdef LOADLAB_FONT_SYSTEM_DIRS
  for (const char* dir : {LOADLAB_FONT_SYSTEM_DIRS})
    candidates.push_back(fs::path(dir) / file_name);
#endif
  for (const auto& c : candidates)
    if (fs::exists(c, ec)) return c.string();
  return "";
}

}  // namespace loadlab::app
