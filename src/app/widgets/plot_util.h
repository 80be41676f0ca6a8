// Small ImDrawList plots for the views (ImPlot is not available): a line plot (series over x, with
// per-pixel-column decimation so 100,000 points cost a few hundred segments) and a grouped bar
// chart (categories along x, one bar per series), both with axes, optional log scale, a legend
// and a hover readout.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

namespace loadlab::app {

struct PlotSeries {
  std::string name;
  ImU32 colour = IM_COL32(90, 140, 220, 255);
  std::vector<double> x;  ///< ascending (line plot); ignored by the bar chart
  std::vector<double> y;
  bool emphasis = false;  ///< drawn thicker and on top
};

struct PlotAxes {
  std::string x_label;
  std::string y_label;
  bool log_x = false;
  bool log_y = false;
  bool legend = true;
  bool step = false;  ///< line plot: draw as a staircase (value holds until the next x)
};

/// A horizontal reference line (e.g. the buffer size B) with a label.
struct PlotRule {
  double y = 0;
  ImU32 colour = IM_COL32(255, 255, 255, 160);
  std::string label;
};

/// `text` shortened with "..." to fit `width` pixels in the current font ("" if nothing fits).
std::string plot_fit_text(const std::string& text, float width);

/// Line plot filling `size` (0 = available). Returns true while hovered.
bool draw_line_plot(const char* id, ImVec2 size, const std::vector<PlotSeries>& series,
                    const PlotAxes& axes, float ui_scale);

/// Grouped bar chart: series[s].y[c] is the bar of series s in category c. Returns the hovered
/// category or -1.
int draw_bar_chart(const char* id, ImVec2 size, const std::vector<std::string>& categories,
                   const std::vector<PlotSeries>& series, const PlotAxes& axes,
                   const std::vector<PlotRule>& rules, float ui_scale);

/// Short number text: 3-4 significant digits, no exponent for ordinary magnitudes.
std::string short_number(double v);

}  // namespace loadlab::app
