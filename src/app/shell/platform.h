// What the playground needs from its host, implemented once per platform:
// platform_desktop.cpp (GLFW + files + zlib links) and platform_web.cpp (browser APIs via EM_JS).
// Nothing else in src/app includes emscripten.h or touches the file system directly.
#pragma once

#include <string>

namespace loadlab::app {

/// "desktop" or "web".
const char* platform_name();

/// Writes the scenario into a share link: the URL fragment (web) and the clipboard (both).
/// Returns the link text (or the fragment) for the status line.
std::string platform_copy_link(const std::string& scenario_json);

/// Offers the text as a file: a download (web) or a file written at `name` (desktop).
/// Returns a status message.
std::string platform_export_file(const std::string& name, const std::string& text);

/// Starts an import: the browser's file picker (the text arrives later through app_import_text);
/// on the desktop the caller reads the path itself. Returns false when the UI must ask for a path.
bool platform_request_import();

/// Reads a file (desktop); throws std::runtime_error on failure. Not available on the web.
std::string platform_read_file(const std::string& path);

/// Whether the page may use SharedArrayBuffer (COOP/COEP set); always true on the desktop.
bool platform_cross_origin_isolated();

/// Hardware threads available to the worker pool.
int platform_hardware_threads();

}  // namespace loadlab::app
