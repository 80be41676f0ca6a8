// What the playground needs from its host, implemented once per platform:
// platform_desktop.cpp (GLFW + files + zlib links) and platform_web.cpp (browser APIs via EM_JS).
// Nothing else in src/app includes emscripten.h or touches the file system directly.
#pragma once

#include <cstddef>
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

/// Starts picking a load file (the forms' "Loads from file..."): the browser's file input, whose
/// text arrives through load_file_deliver; false on the desktop, which shows its Open dialog.
bool platform_request_load_file();

/// Reads a file (desktop); throws std::runtime_error on failure. Not available on the web.
std::string platform_read_file(const std::string& path);

/// Whether the page may use SharedArrayBuffer (COOP/COEP set); always true on the desktop.
bool platform_cross_origin_isolated();

/// Hardware threads available to the worker pool.
int platform_hardware_threads();

/// A small persistent setting: localStorage in the browser, ~/.config/loadlab/settings on the
/// desktop (XDG_CONFIG_HOME respected). "" when unset or unreadable.
std::string platform_load_setting(const std::string& key);
/// Stores a setting (best effort: a read-only home only loses the memory).
void platform_save_setting(const std::string& key, const std::string& value);
/// The autosave store, one text per slot ("autosave", "autosave_previous"): localStorage
/// "loadlab.<slot>" in the browser, its own file ~/.config/loadlab/<slot>.json on the desktop (the
/// settings file is line-based and re-read per key: no place for a big scenario). "" when unset.
std::string platform_load_autosave(const std::string& slot);
/// Stores it (the desktop writes a temporary file and renames it: never half a file). False when
/// the store refused it (quota exceeded, read-only home).
bool platform_save_autosave(const std::string& slot, const std::string& text);
/// The largest autosave text the platform keeps (AutosaveLimits in app/model/autosave.h).
std::size_t platform_autosave_limit();
/// Whether the app opened on a given scenario (a #s= link, --scenario, --link): the welcome panel
/// then stays closed so the scenario is seen first.
bool platform_opened_with_scenario();
/// Desktop: main_desktop.cpp notes a --scenario/--link argument here.
void platform_note_opened_with_scenario();
/// Opens a page next to the playground (web: a new tab, relative to the site, e.g. the user guide
/// docs/playground.md); the desktop says where the file is. Returns a status message.
std::string platform_open_doc(const std::string& relative_path);

/// A file shipped beside the playground (a picture of the user guide, "docs/img/welcome.png"),
/// read without blocking the frame: the web fetches it from the site, the desktop reads it from
/// share/doc/loadlab beside an installed app or from the source checkout. Ask every frame while
/// `pending`; `ready` hands the bytes over once (the platform keeps no copy).
enum class DocFile { pending, ready, missing };
DocFile platform_read_doc_file(const std::string& relative_path, std::string& bytes);

/// Whether the system asks for dark colours (the browser's prefers-color-scheme; true on the
/// desktop, whose window manager gives no portable answer).
bool platform_prefers_dark();
/// Shows the scenario's title as the page's (document.title) or the window's title.
void platform_set_title(const std::string& title);
/// Where a font copied at build time lives: the web build's embedded /fonts/<name>, the
/// desktop's fonts/ next to the executable. "" when it is not there.
std::string platform_font_path(const std::string& file_name);

}  // namespace loadlab::app
