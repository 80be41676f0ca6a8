// The themes' text contrast (WCAG 2.1) and the UI size that follows the window
// (shell/model_theme.h).
#include <doctest/doctest.h>

#include <string>

#include "app/shell/model_theme.h"

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
    CHECK(pairs.size() >= 60);  // 6 text colours x 10 surfaces + the primary text on 6 controls
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
