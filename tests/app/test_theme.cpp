// The themes' text contrast (WCAG 2.1) and the UI size that follows the window
// (shell/model_theme.h).
#include <doctest/doctest.h>

#include <cstdint>
#include <ios>
#include <string>

#include "app/shell/model_theme.h"
#include "app/widgets/model_view_colours.h"

using namespace loadlab::app;

TEST_CASE("Theme.ContrastRatioMatchesTheWcagDefinition") {
  // Reference values from WCAG 2.1's definition: black on white is 21:1, a colour on itself 1:1,
  // and #777777 on white is just below AA (4.48:1), the classic failing grey.
  CHECK(contrast_ratio(0x000000, 0xFFFFFF) == doctest::Approx(21.0));
  CHECK(contrast_ratio(0x3A5C85, 0x3A5C85) == doctest::Approx(1.0));
  CHECK(contrast_ratio(0x777777, 0xFFFFFF) == doctest::Approx(4.478).epsilon(0.001));
  CHECK(contrast_ratio(0xFFFFFF, 0x777777) == doctest::Approx(contrast_ratio(0x777777, 0xFFFFFF)));
  CHECK(relative_luminance(0xFFFFFF) == doctest::Approx(1.0));
  CHECK(relative_luminance(0xFF0000) == doctest::Approx(0.2126));
}

TEST_CASE("Theme.EveryTextColourIsReadableOnEveryBackgroundItIsDrawnOn") {
  for (Theme theme : {Theme::dark, Theme::light}) {
    const auto pairs = theme_text_pairs(theme_palette(theme));
    // 6 text colours x 10 surfaces + the primary text on 6 controls + 4 on the views' canvas
    CHECK(pairs.size() >= 70);
    for (const auto& pair : pairs) {
      const auto& name = pair.first;
      const auto& colours = pair.second;
      INFO(theme_name(theme) << ": " << name);
      CHECK(contrast_ratio(colours.first, colours.second) >= 4.5);
    }
  }
}

TEST_CASE("Theme.NamesRoundTrip") {
  CHECK(parse_theme("light", Theme::dark) == Theme::light);
  CHECK(parse_theme("dark", Theme::light) == Theme::dark);
  CHECK(parse_theme("", Theme::light) == Theme::light);
  CHECK(parse_theme(theme_name(Theme::dark), Theme::light) == Theme::dark);
}

TEST_CASE("Theme.UiGrowsWithTheWindow") {
  CHECK(window_ui_factor(1280, 800) == doctest::Approx(1.0));
  CHECK(window_ui_factor(1024, 700) == doctest::Approx(1.0));  // never smaller than the base
  // 1920 x 1080: the smaller ratio is 1080 / 800 = 1.35, half its growth is 1.175.
  CHECK(window_ui_factor(1920, 1080) == doctest::Approx(1.175));
  CHECK(window_ui_factor(3840, 2160) == doctest::Approx(1.85));
  CHECK(window_ui_factor(10000, 10000) == doctest::Approx(2.0));
  CHECK(window_ui_factor(0, 800) == doctest::Approx(1.0));
  CHECK(kBaseFontPixels * window_ui_factor(1920, 1080) > 17.0f);
}

TEST_CASE("Theme.ViewCanvasesFollowTheTheme") {
  // The views' canvas is dark under the dark theme and light under the light one (the light
  // theme's views were dark before), and its grid and edges are visible on it without being
  // mistaken for text (WCAG's 3:1 for graphics for edges, a faint grid).
  const Palette& dark = theme_palette(Theme::dark);
  const Palette& light = theme_palette(Theme::light);
  CHECK(relative_luminance(dark.canvas_bg) < 0.05);
  CHECK(relative_luminance(light.canvas_bg) > 0.8);
  for (const Palette* p : {&dark, &light}) {
    CHECK(contrast_ratio(p->canvas_edge, p->canvas_bg) >= 3.0);
    CHECK(contrast_ratio(p->canvas_grid, p->canvas_bg) > 1.1);
    CHECK(contrast_ratio(p->canvas_grid, p->canvas_bg) < 3.0);
    CHECK(contrast_ratio(p->canvas_text, p->canvas_bg) >= 7.0);  // labels over drawings
  }
}

TEST_CASE("Theme.ViewAccentsAreMadeLegibleOnTheCanvas") {
  // The bright accents drawn for the dark canvas (a yellow step marker, an orange label) are
  // darkened on the light canvas until they reach the contrast asked for, and left alone where
  // they already have it.
  const Palette& light = theme_palette(Theme::light);
  const Palette& dark = theme_palette(Theme::dark);
  for (std::uint32_t accent : {0xFFE63Cu, 0xFFC85Au, 0xFFFFFFu, 0x78D2FFu, 0x8CEB8Cu}) {
    INFO(std::hex << accent);
    CHECK(contrast_ratio(accent, light.canvas_bg) < 3.0);  // illegible as it is
    const std::uint32_t text = rgb_with_contrast(accent, light.canvas_bg, true, 4.5);
    const std::uint32_t line = rgb_with_contrast(accent, light.canvas_bg, true, 3.0);
    CHECK(contrast_ratio(text, light.canvas_bg) >= 4.5);
    CHECK(contrast_ratio(line, light.canvas_bg) >= 3.0);
    CHECK(rgb_contrast_ratio(text, light.canvas_bg) ==
          doctest::Approx(contrast_ratio(text, light.canvas_bg)));
    // Darkened, not replaced: the hue's strongest channel stays the strongest.
    const auto channel = [](std::uint32_t c, int k) { return (c >> (16 - 8 * k)) & 0xFF; };
    int strongest = 0;
    for (int k = 1; k < 3; ++k)
      if (channel(accent, k) > channel(accent, strongest)) strongest = k;
    for (int k = 0; k < 3; ++k) CHECK(channel(text, strongest) >= channel(text, k));
    // Already legible on the dark canvas: unchanged.
    CHECK(rgb_with_contrast(accent, dark.canvas_bg, false, 4.5) == accent);
  }
  // A dark colour on the dark canvas is lightened; black on white needs nothing.
  CHECK(contrast_ratio(rgb_with_contrast(0x202020, dark.canvas_bg, false, 4.5), dark.canvas_bg) >=
        4.5);
  CHECK(rgb_with_contrast(0x000000, 0xFFFFFF, true, 4.5) == 0x000000u);
}
