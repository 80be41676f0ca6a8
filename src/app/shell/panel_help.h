// Help for newcomers: the welcome panel with the example gallery (panel_welcome.cpp),
// the per-algorithm help window and the tooltips on algorithm names and metric columns
// (panel_help.cpp). Text comes from the core descriptor tables (core::AlgorithmInfo), so the
// browser and the desktop app show the same words.
#pragma once

#include <string>
#include <vector>

#include "io/json_reader.h"

namespace loadlab::io {
struct Preset;
}

namespace loadlab::app {

struct App;

/// What the help panels remember between frames (a member of App).
struct HelpUi {
  bool welcome_open = false;
  bool welcome_decided = false;  ///< the first frame asked the platform whether to show it
  bool help_open = false;
  bool guide_open = false;      ///< Help > User guide: docs/playground.md inside the app
  bool guide_focus = false;     ///< bring the guide to the front on the next frame
  std::string guide_scroll_to;  ///< an anchor of the guide to scroll to ("" = none)
  int guide_images_drawn = 0;   ///< pictures the guide drew as textures last frame (test hook)
  bool help_focus = false;      ///< bring the help window to the front on the next frame
  std::string help_kind;        ///< the kind whose algorithm the help window shows
  std::string help_topic;       ///< the algorithm name ("" = none yet)
  /// Results pane height chosen by dragging its top edge, in units of the UI scale (0 = as tall
  /// as its rows need, capped); remembered as the setting "results_height".
  float results_height = 0;
  bool narration_code_open = true;  ///< the caption strip's "Pseudo-code" panel is expanded
  /// The caption strip shows the whole caption and the pseudo-code (else one line); remembered
  /// as the setting "caption_strip" ("open" / "folded").
  bool caption_open = false;
  bool layout_settings_loaded = false;  ///< the two settings above were read
  /// Algorithms whose results rows were on screen in the last frame (test hook).
  std::vector<std::string> results_visible;
  /// The results table as drawn last frame: {"headers", "keys", "rows" (formatted text)} (test
  /// hook).
  io::Json results_table;
  /// The JSON editor's last error and its line (0 = none / unknown).
  std::string json_error;
  int json_error_line = 0;
  bool json_editor_large = false;             ///< the editor in its own big window
  const void* json_error_scenario = nullptr;  ///< the scenario installed when the error was set
  /// Where the editor was drawn (screen x0, y0, x1, y1) and in which ImGui frame (test hook).
  float json_editor_box[4] = {0, 0, 0, 0};
  int json_editor_frame = -1;
  /// The Run (or, while running, Cancel) button's box (screen x0, y0, x1, y1), its label and the
  /// ImGui frame it was drawn in (test hook: it stays in view, pinned under the form).
  float run_button_box[4] = {0, 0, 0, 0};
  const char* run_button_label = "";
  int run_button_frame = -1;
  /// The main view window's box in the last frame (screen x0, y0, x1, y1): what a PNG export reads.
  float view_box[4] = {0, 0, 0, 0};
  /// The results pane's box in the last frame (screen x0, y0, x1, y1; test hook).
  float results_box[4] = {0, 0, 0, 0};
  /// A PNG of the view asked for (shell/export_actions.h): read after the next frame is rendered.
  enum class PngRequest { none, save, hook } png_request = PngRequest::none;
  std::string png_data_url;  ///< the last PNG read for the test hook ("" until it is ready)
};

/// The label a preset has in File > Examples and the gallery: exactly the name it loads with.
std::string example_label(const io::Preset& preset);
/// One line about a preset for the gallery.
std::string example_blurb(const io::Preset& preset);
/// Opens preset `name` as the menu and the gallery do; false if unknown.
bool open_example(App& app, const std::string& name);

void open_welcome(App& app);
/// Closes the welcome panel and remembers that (localStorage / settings file).
void dismiss_welcome(App& app);
void draw_welcome_window(App& app);

/// Opens the help window on `algorithm` of `kind` (F1, Help menu, "?" buttons).
void open_algorithm_help(App& app, const std::string& kind, const std::string& algorithm);
/// F1: help for the selected result's algorithm (or the kind's first algorithm).
void open_help_for_selection(App& app);
void draw_help_window(App& app);
/// Help > Algorithms: one submenu per kind.
void draw_help_menu_algorithms(App& app);
/// Help > User guide: opens the guide (docs/playground.md, built into the app) in its own window.
void open_user_guide(App& app);
void draw_user_guide_window(App& app);
/// The guide's first heading as the window shows it (test hook).
std::string user_guide_title();

/// Human header for a results column key ("metrics.task_hops" -> "task-hops").
std::string metric_header(const std::string& kind, const std::string& key);
/// Tooltip for the last item when hovered: what the metric measures, its unit, better lower/higher
/// and the JSON key.
void metric_tooltip(const std::string& kind, const std::string& key);

}  // namespace loadlab::app
