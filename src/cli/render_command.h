// `loadlab render SCENARIO --view gantt|network|plot [--algorithm A] -o FILE.svg|.png`: runs the
// scenario and writes a picture of one result's view (app/widgets/svg_views.h and the kinds'
// pictures.cpp). SVG is written directly; PNG is the same picture rasterised in software
// (app/widgets/export_png.h), so no GPU or display is needed.
#pragma once

#include <ostream>
#include <string>

namespace loadlab::cli {

struct RenderOptions {
  std::string scenario;   ///< file; "-" = stdin
  std::string view;       ///< gantt | network | plot
  std::string algorithm;  ///< empty = the first result that ran
  std::string out;        ///< .svg or .png
  double scale = 1;       ///< PNG pixels per SVG unit
};

/// Throws io::ScenarioError (bad scenario, view, algorithm or output name). Notes such as text
/// left out of a PNG go to `warn`.
void render_command(const RenderOptions& opts, std::ostream& warn);

}  // namespace loadlab::cli
