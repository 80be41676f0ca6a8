#include "app/shell/app_setup.h"

#include <imgui.h>

#include <cstdio>

#include "io/presets.h"

namespace loadlab::app {

namespace {
ImFont* g_monospace = nullptr;

// Adds the symbol font's glyphs for what ProggyClean lacks to the font added last (merge mode
// keeps every glyph ProggyClean has): Latin Extended-A, Greek, phonetic superscripts (ᵀ),
// punctuation (– — …), super- and subscripts, arrows, mathematical operators, ⌊ ⌋, shapes.
void merge_symbols(float size_pixels) {
#ifdef LOADLAB_SYMBOL_FONT
  static const ImWchar ranges[] = {0x0100, 0x017F, 0x0370, 0x03FF, 0x1D00, 0x1D7F, 0x2000,
                                   0x206F, 0x2070, 0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                   0x2300, 0x23FF, 0x25A0, 0x25FF, 0};
  std::FILE* f = std::fopen(LOADLAB_SYMBOL_FONT, "rb");
  if (f == nullptr) return;  // not installed: those characters show as '?'
  std::fclose(f);
  ImFontConfig sym;
  sym.MergeMode = true;
  sym.OversampleH = sym.OversampleV = 1;
  sym.PixelSnapH = true;
  ImGui::GetIO().Fonts->AddFontFromFileTTF(LOADLAB_SYMBOL_FONT, size_pixels, &sym, ranges);
#else
  (void)size_pixels;
#endif
}
}  // namespace

ImFont* monospace_font() {
  return g_monospace;
}

void setup_style(float scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();  // from the defaults: ScaleAllSizes on a scaled style would compound
  ImGui::StyleColorsDark();
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  style.ScaleAllSizes(scale);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig cfg;
  cfg.SizePixels = 13.0f * scale;
  cfg.OversampleH = cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  io.Fonts->AddFontDefault(&cfg);
  merge_symbols(cfg.SizePixels);
  // The JSON editor's font: ProggyClean (monospace) even if the UI font above changes.
  ImFontConfig mono = cfg;
  std::snprintf(mono.Name, sizeof mono.Name, "monospace");
  g_monospace = io.Fonts->AddFontDefault(&mono);
  merge_symbols(cfg.SizePixels);
}

io::Json default_scenario() {
  return io::find_preset("wu_example3").scenario;
}

}  // namespace loadlab::app
