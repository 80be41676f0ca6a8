// The contrast rule behind widgets/view_colours.h's view_contrast, without ImGui, so tests/app
// checks it natively: a colour moved toward black (light canvas) or white (dark canvas) until its
// WCAG 2.1 contrast with the canvas reaches a minimum.
#pragma once

#include <cstdint>

namespace loadlab::app {

/// WCAG 2.1 contrast ratio of two 0xRRGGBB colours.
double rgb_contrast_ratio(std::uint32_t a, std::uint32_t b);
/// `rgb` (0xRRGGBB) moved in steps of 8% toward black (`darken`) or white until its contrast with
/// `background` is at least `min_ratio` (unchanged when it already is; black or white at most).
std::uint32_t rgb_with_contrast(std::uint32_t rgb, std::uint32_t background, bool darken,
                                double min_ratio);

}  // namespace loadlab::app
