// Browser host: every call into the page goes through the EM_JS functions here (and web/*.js).
// Share links are compressed by the browser's CompressionStream('deflate-raw'), so the WebAssembly
// build needs no zlib; the format matches the native codec in io/link_codec.cpp.
#include <emscripten.h>

#include <thread>

#include "app/shell/platform.h"

// clang-format off
EM_JS(void, js_copy_link, (const char* json), {
  const text = UTF8ToString(json);
  window.loadlabShare.copyLink(text);
});
EM_JS(void, js_download, (const char* name, const char* text), {
  window.loadlabShare.download(UTF8ToString(name), UTF8ToString(text));
});
EM_JS(void, js_request_import, (), { window.loadlabShare.pickFile(); });
EM_JS(int, js_cross_origin_isolated, (), { return self.crossOriginIsolated ? 1 : 0; });
EM_JS(int, js_hardware_threads, (), { return navigator.hardwareConcurrency || 1; });
// clang-format on

namespace loadlab::app {

const char* platform_name() { return "web"; }

std::string platform_copy_link(const std::string& scenario_json) {
  js_copy_link(scenario_json.c_str());
  return "the address bar now holds the scenario (#s=...)";
}

std::string platform_export_file(const std::string& name, const std::string& text) {
  js_download(name.c_str(), text.c_str());
  return "Downloaded " + name;
}

bool platform_request_import() {
  js_request_import();
  return true;
}

std::string platform_read_file(const std::string& path) {
  throw std::runtime_error("files are imported through the browser's file picker, not '" + path + "'");
}

bool platform_cross_origin_isolated() { return js_cross_origin_isolated() != 0; }

int platform_hardware_threads() { return js_hardware_threads(); }

}  // namespace loadlab::app
