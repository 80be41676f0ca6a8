// Desktop host: files on disk, the GLFW clipboard, zlib-made share links.
#include <GLFW/glfw3.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "app/shell/platform.h"
#include "io/link_codec.h"

namespace loadlab::app {

const char* platform_name() { return "desktop"; }

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

bool platform_request_import() { return false; }

std::string platform_read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("Could not open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool platform_cross_origin_isolated() { return true; }

int platform_hardware_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace loadlab::app
