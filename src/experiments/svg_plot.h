// A line plot as standalone SVG text (no library): the `reproduce` commands draw the papers'
// figures with it, with the claim under the plot. The series are data, so the playground can plot
// the same ones itself.
#pragma once

#include <string>
#include <vector>

namespace loadlab::experiments {

struct PlotSeries {
  std::string name;
  std::vector<double> x, y;  ///< same length; NaN y = a gap
};

struct Plot {
  std::string title;
  std::string x_label, y_label;
  bool log2_x = false;  ///< processors / nodes 2, 4, ..., 256 are spaced evenly
  std::vector<PlotSeries> series;
  std::vector<std::string> captions;  ///< lines under the plot (the claims it checks)
};

/// The plot as an SVG document (640 x 400 plus one line per caption). Throws
/// std::invalid_argument when a series' x and y differ in length or log2_x meets x <= 0.
std::string plot_svg(const Plot& plot);

}  // namespace loadlab::experiments
