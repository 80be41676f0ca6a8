// Browser host: every call into the page goes through the EM_JS functions here (and web/*.js).
// Share links are compressed by the browser's CompressionStream('deflate-raw'), so the WebAssembly
// build needs no zlib; the format matches the native codec in io/link_codec.cpp.
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

#include "app/model/autosave.h"
#include "app/shell/export_actions.h"
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
EM_JS(void, js_request_load_file, (), { window.loadlabShare.pickLoadFile(); });
EM_JS(int, js_cross_origin_isolated, (), { return self.crossOriginIsolated ? 1 : 0; });
EM_JS(int, js_prefers_dark, (), {
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: light)").matches ? 0 : 1;
});
EM_JS(void, js_set_title, (const char* title), { document.title = UTF8ToString(title); });
EM_JS(int, js_hardware_threads, (), { return navigator.hardwareConcurrency || 1; });
EM_JS(char*, js_load_setting, (const char* key), {
  let v = "";
  try { v = localStorage.getItem("loadlab." + UTF8ToString(key)) || ""; } catch (e) { v = ""; }
  const n = lengthBytesUTF8(v) + 1;
  const p = _malloc(n);
  stringToUTF8(v, p, n);
  return p;
});
EM_JS(void, js_save_setting, (const char* key, const char* value), {
  try { localStorage.setItem("loadlab." + UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
});
// The autosave: 1 when stored, 0 when the browser refused it (quota, private mode).
EM_JS(int, js_save_autosave, (const char* slot, const char* text), {
  try { localStorage.setItem("loadlab." + UTF8ToString(slot), UTF8ToString(text)); return 1; } catch (e) { return 0; }
});
// A share link opens on its scenario. Automated browsers (navigator.webdriver: the test suite)
// skip the welcome panel too, so tests that click the views are not covered by it, unless the page
// asks for it with ?welcome (tests/web/e2e_help.mjs).
EM_JS(int, js_opened_with_link, (), {
  if (location.hash.startsWith("#s=")) return 1;
  return navigator.webdriver && location.search.indexOf("welcome") < 0 ? 1 : 0;
});
EM_JS(void, js_open_doc, (const char* path), { window.open(UTF8ToString(path), "_blank"); });
// Files beside the page (the guide's pictures): fetched once, kept until the app takes them.
// -2: still loading, -1: missing, else the size in bytes.
EM_JS(int, js_doc_file_poll, (const char* path), {
  const p = UTF8ToString(path);
  const files = Module.loadlabDocFiles || (Module.loadlabDocFiles = {});
  if (!(p in files)) {
    files[p] = "pending";
    fetch(p).then((r) => r.ok ? r.arrayBuffer() : null)
      .then((b) => { files[p] = b ? new Uint8Array(b) : null; })
      .catch(() => { files[p] = null; });
    return -2;
  }
  const f = files[p];
  return f === "pending" ? -2 : f === null ? -1 : f.length;
});
EM_JS(void, js_doc_file_take, (const char* path, char* dest), {
  const p = UTF8ToString(path);
  HEAPU8.set(Module.loadlabDocFiles[p], dest);
  delete Module.loadlabDocFiles[p];
});
// clang-format on

namespace loadlab::app {

const char* platform_name() {
  return "web";
}

std::string platform_copy_link(const std::string& scenario_json) {
  js_copy_link(scenario_json.c_str());
  return "the address bar now holds the scenario (#s=...)";
}

std::string platform_export_file(const std::string& name, const std::string& text) {
  // Binary files (a PNG) cross into JavaScript as a data URL; text as itself.
  const bool png = name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0;
  js_download(name.c_str(), png ? png_data_url(text).c_str() : text.c_str());
  return "Downloaded " + name;
}

bool platform_request_import() {
  js_request_import();
  return true;
}

bool platform_request_load_file() {
  js_request_load_file();
  return true;
}

std::string platform_read_file(const std::string& path) {
  throw std::runtime_error("files are imported through the browser's file picker, not '" + path +
                           "'");
}

bool platform_cross_origin_isolated() {
  return js_cross_origin_isolated() != 0;
}

int platform_hardware_threads() {
  return js_hardware_threads();
}

std::string platform_load_setting(const std::string& key) {
  char* p = js_load_setting(key.c_str());
  std::string v = p;
  free(p);
  return v;
}

void platform_save_setting(const std::string& key, const std::string& value) {
  js_save_setting(key.c_str(), value.c_str());
}

std::string platform_load_autosave(const std::string& slot) {
  return platform_load_setting(slot);
}

bool platform_save_autosave(const std::string& slot, const std::string& text) {
  return js_save_autosave(slot.c_str(), text.c_str()) != 0;
}

std::size_t platform_autosave_limit() {
  return AutosaveLimits::browser_bytes;
}

bool platform_opened_with_scenario() {
  return js_opened_with_link() != 0;
}

void platform_note_opened_with_scenario() {}

std::string platform_open_doc(const std::string& relative_path) {
  js_open_doc(relative_path.c_str());
  return "Opened " + relative_path + " in a new tab";
}

bool platform_prefers_dark() {
  return js_prefers_dark() != 0;
}

void platform_set_title(const std::string& title) {
  js_set_title(title.c_str());
}

std::string platform_font_path(const std::string& file_name) {
  const std::string path = "/fonts/" + file_name;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return "";
  std::fclose(f);
  return path;
}

DocFile platform_read_doc_file(const std::string& relative_path, std::string& bytes) {
  const int n = js_doc_file_poll(relative_path.c_str());
  if (n == -2) return DocFile::pending;
  if (n < 0) return DocFile::missing;
  bytes.resize(static_cast<std::size_t>(n));
  js_doc_file_take(relative_path.c_str(), bytes.data());
  return DocFile::ready;
}

}  // namespace loadlab::app
