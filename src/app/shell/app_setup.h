// Start-up pieces both platforms share: style, fonts at the display's scale, the first scenario.
#pragma once

#include "io/json_reader.h"

struct ImFont;

namespace loadlab::app {

/// Styles ImGui for the given UI scale (device pixel ratio on the web, monitor scale on desktop)
/// and rebuilds the font atlas at that size so text stays crisp on high-DPI screens.
void setup_style(float scale);

/// The UI font's family name ("Inter"; a fallback's when the font files are missing).
const char* ui_font_name();

/// The monospace font setup_style loads next to the UI font (the JSON editor); null before it.
ImFont* monospace_font();

/// The scenario the playground opens with: the preset "wu_example3" (Wu's 3-cube with CWA, DEM
/// and the optimum).
io::Json default_scenario();

}  // namespace loadlab::app
