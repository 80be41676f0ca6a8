#include "app/widgets/model_hypercube.h"

#include <bit>

namespace loadlab::app {

int cube_link_dimension(int a, int b) {
  if (a < 0 || b < 0) return -1;
  const auto x = static_cast<unsigned>(a ^ b);
  if (std::popcount(x) != 1) return -1;
  return std::countr_zero(x);
}

void dimension_rgb(int d, float rgb[3]) {
  // Six hues far apart on a dark background (Okabe-Ito-like, distinguishable with colour blindness
  // as far as six colours can be).
  static constexpr float kHues[6][3] = {
      {0.90f, 0.62f, 0.00f},  // orange
      {0.34f, 0.71f, 0.91f},  // sky blue
      {0.00f, 0.72f, 0.52f},  // bluish green
      {0.94f, 0.89f, 0.26f},  // yellow
      {0.84f, 0.37f, 0.80f},  // purple
      {0.96f, 0.45f, 0.45f},  // rose
  };
  const int k = ((d % 6) + 6) % 6;
  for (int i = 0; i < 3; ++i) rgb[i] = kHues[k][i];
}

std::uint32_t step_dimension_mask(const std::vector<core::Transfer>& ts, std::size_t begin,
                                  std::size_t end) {
  std::uint32_t mask = 0;
  for (std::size_t i = begin; i < end && i < ts.size(); ++i) {
    const int d = cube_link_dimension(ts[i].from, ts[i].to);
    if (d >= 0 && d < 32) mask |= 1u << d;
  }
  return mask;
}

DimensionFlows dimension_flows(const std::vector<core::Transfer>& ts, int dim, std::size_t begin,
                               std::size_t end) {
  DimensionFlows f;
  const auto n = static_cast<std::size_t>(dim > 0 ? dim : 0);
  f.step.assign(n, 0);
  f.total.assign(n, 0);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const int d = cube_link_dimension(ts[i].from, ts[i].to);
    if (d < 0 || static_cast<std::size_t>(d) >= n) continue;
    f.total[static_cast<std::size_t>(d)] += ts[i].count;
    if (i >= begin && i < end) f.step[static_cast<std::size_t>(d)] += ts[i].count;
  }
  return f;
}

}  // namespace loadlab::app
