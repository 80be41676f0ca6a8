#include "app/widgets/model_view_colours.h"

#include <algorithm>
#include <cmath>

namespace loadlab::app {

namespace {

double view_rgb_luminance(std::uint32_t c) {
  auto lin = [](std::uint32_t v) {
    const double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin((c >> 16) & 0xFF) + 0.7152 * lin((c >> 8) & 0xFF) + 0.0722 * lin(c & 0xFF);
}

}  // namespace

double rgb_contrast_ratio(std::uint32_t a, std::uint32_t b) {
  const double la = view_rgb_luminance(a), lb = view_rgb_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::uint32_t rgb_with_contrast(std::uint32_t rgb, std::uint32_t background, bool darken,
                                double min_ratio) {
  const double toward = darken ? 0.0 : 255.0;
  double ch[3] = {static_cast<double>((rgb >> 16) & 0xFF), static_cast<double>((rgb >> 8) & 0xFF),
                  static_cast<double>(rgb & 0xFF)};
  std::uint32_t c = rgb & 0xFFFFFF;
  // 8% of the way per step: 60 steps reach within 1% of black or white.
  for (int i = 0; i < 60 && rgb_contrast_ratio(c, background) < min_ratio; ++i) {
    for (double& v : ch) v += (toward - v) * 0.08;
    if (i == 59) ch[0] = ch[1] = ch[2] = toward;
    c = (static_cast<std::uint32_t>(std::lround(ch[0])) << 16) |
        (static_cast<std::uint32_t>(std::lround(ch[1])) << 8) |
        static_cast<std::uint32_t>(std::lround(ch[2]));
  }
  return c;
}

}  // namespace loadlab::app
