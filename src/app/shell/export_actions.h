// Getting data out of the playground: the results table as TSV (clipboard) / CSV / JSON files, and
// pictures of the view: SVG from the headless views (widgets/svg_views.h, the same result data the
// view draws) and PNG read from the framebuffer, exactly the pixels of the view window.
#pragma once

#include <string>

#include "app/widgets/svg_doc.h"

namespace loadlab::app {

struct App;

/// "tsv" | "csv": the results table as drawn in the last frame (header + one line per result);
/// "json": the results document. Throws std::invalid_argument for another format.
std::string results_export_text(const App& app, const std::string& format);

/// The selected result's picture: the first of gantt, network, plot that the kind has. Throws
/// io::ScenarioError when there are no results or the kind has no headless picture.
SvgDoc view_export_svg(const App& app);

/// Copy (TSV), CSV, JSON, SVG and PNG buttons on one line (the results panel); Ctrl+C copies TSV
/// while the results window is focused and no text field has the keyboard.
void draw_results_export_bar(App& app);

/// File menu items: Export results as CSV / TSV / JSON, Export view as PNG / SVG.
void draw_export_menu_items(App& app);

/// After the frame's draw data is rendered (still in the back buffer): a requested PNG of the
/// view box, read with glReadPixels. Returns the PNG file bytes, or "" when none was requested.
/// `fb_scale` = framebuffer pixels per ImGui unit.
std::string read_requested_view_png(App& app, float fb_scale);

/// "data:image/png;base64,..." of a PNG file.
std::string png_data_url(const std::string& png);

}  // namespace loadlab::app
