#include "app/shell/app_setup.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app/shell/model_theme.h"
#include "app/shell/platform.h"
#include "app/shell/theme.h"
#include "io/presets.h"

namespace loadlab::app {

namespace {
ImFont* g_monospace = nullptr;
const char* g_ui_font_name = "ProggyClean";

// Latin, Latin Extended-A, Greek, phonetic superscripts (ᵀ), punctuation (– — …), super- and
// subscripts, arrows, mathematical operators, ⌈ ⌉ ⌊ ⌋, shapes: what the algorithm descriptions and
// views write (λ, α, ≤, ×, →, ·).
const ImWchar kTextRanges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x0370, 0x03FF, 0x1D00,
                               0x1D7F, 0x2000, 0x206F, 0x2070, 0x209F, 0x2190, 0x21FF,
                               0x2200, 0x22FF, 0x2300, 0x23FF, 0x25A0, 0x25FF, 0};

// Adds `file` (copied at build time, platform_font_path) to the atlas; with `merge`, only the
// glyphs the fonts added before it lack (ImGui never overwrites a glyph). Null when missing.
ImFont* add_font_file(const char* file, float size_pixels, bool merge, const char* name) {
  const std::string path = platform_font_path(file);
  if (path.empty()) return nullptr;
  ImFontConfig cfg;
  cfg.MergeMode = merge;
  cfg.OversampleH = 2;  // sub-pixel positions for a proportional font: even spacing
  cfg.OversampleV = 1;
  cfg.PixelSnapH = false;
  std::snprintf(cfg.Name, sizeof cfg.Name, "%s", name);
  return ImGui::GetIO().Fonts->AddFontFromFileTTF(path.c_str(), size_pixels, &cfg, kTextRanges);
}
}  // namespace

ImFont* monospace_font() {
  return g_monospace;
}

const char* ui_font_name() {
  return g_ui_font_name;
}

void setup_style(float scale) {
  static bool theme_loaded = false;
  if (!theme_loaded) {  // the saved View > Theme, else the system's preference
    theme_loaded = true;
    load_theme();
  }
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();  // from the defaults: ScaleAllSizes on a scaled style would compound
  apply_theme_colours(style);
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  style.FramePadding = {6, 4};
  style.ItemSpacing = {8, 5};
  style.ScaleAllSizes(scale);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // Rasterised at the final size (device pixel ratio x window factor x the user's scale): crisp,
  // never a stretched texture.
  const float px = std::round(kBaseFontPixels * scale);
  // The UI font: Inter (Debian fonts-inter), with DejaVu Sans Mono filling the math signs it
  // lacks (⌈ ⌉ ⌊ ⌋ ...; the monospace font is embedded anyway, DejaVu Sans would add 750 kB).
  if (add_font_file("Inter-Regular.otf", px, false, "Inter")) {
    add_font_file("DejaVuSansMono.ttf", px, true, "DejaVu Sans Mono");
    g_ui_font_name = "Inter";
  } else {  // no font files at all: ImGui's built-in bitmap font, Latin-1 only
    ImFontConfig cfg;
    cfg.SizePixels = std::round(13.0f * scale);
    io.Fonts->AddFontDefault(&cfg);
    g_ui_font_name = "ProggyClean";
  }
  // Numbers and code (the JSON editor): DejaVu Sans Mono, which has Greek and math too.
  g_monospace = add_font_file("DejaVuSansMono.ttf", px, false, "DejaVu Sans Mono");
  if (g_monospace == nullptr) {
    ImFontConfig mono;
    mono.SizePixels = std::round(13.0f * scale);
    std::snprintf(mono.Name, sizeof mono.Name, "monospace");
    g_monospace = io.Fonts->AddFontDefault(&mono);
  }
}

io::Json default_scenario() {
  return io::find_preset("wu_example3").scenario;
}

}  // namespace loadlab::app
