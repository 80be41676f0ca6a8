// SVG line plots (svg_plot.h), written by hand so the CLI needs no plotting library.
#include "experiments/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "core/util/number_text.h"

namespace loadlab::experiments {

namespace {

std::string svg_escape(const std::string& s) {
  std::string t;
  for (char ch : s) {
    if (ch == '<')
      t += "&lt;";
    else if (ch == '>')
      t += "&gt;";
    else if (ch == '&')
      t += "&amp;";
    else if (ch == '"')
      t += "&quot;";
    else
      t += ch;
  }
  return t;
}

std::string svg_num(double x) {
  return util::number_text(x, 4);
}

const char* svg_colour(std::size_t i) {
  static const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return colours[i % 10];
}

}  // namespace

std::string plot_svg(const Plot& plot) {
  const double width = 640, height = 400, left = 70, right = 160, top = 40, bottom = 50;
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
  auto fx = [&](double x) { return plot.log2_x ? std::log2(x) : x; };
  for (const auto& s : plot.series) {
    if (s.x.size() != s.y.size())
      throw std::invalid_argument("plot series '" + s.name + "': x and y differ in length");
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (plot.log2_x && !(s.x[i] > 0))
        throw std::invalid_argument("plot series '" + s.name + "': x must be > 0 on a log axis");
      x_lo = std::min(x_lo, fx(s.x[i]));
      x_hi = std::max(x_hi, fx(s.x[i]));
      if (std::isnan(s.y[i])) continue;
      y_lo = std::min(y_lo, s.y[i]);
      y_hi = std::max(y_hi, s.y[i]);
    }
  }
  if (!(x_lo <= x_hi)) x_lo = 0, x_hi = 1;
  if (!(y_lo <= y_hi)) y_lo = 0, y_hi = 1;
  y_lo = std::min(y_lo, 0.0);
  if (x_hi == x_lo) x_hi = x_lo + 1;
  if (y_hi == y_lo) y_hi = y_lo + 1;
  y_hi += 0.05 * (y_hi - y_lo);
  const double pw = width - left - right, ph = height - top - bottom;
  auto px = [&](double x) { return left + (fx(x) - x_lo) / (x_hi - x_lo) * pw; };
  auto py = [&](double y) { return top + ph - (y - y_lo) / (y_hi - y_lo) * ph; };
  const double total_h = height + 18.0 * double(plot.captions.size());
  std::string t = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + svg_num(width) +
                  "\" height=\"" + svg_num(total_h) + "\" font-family=\"sans-serif\" " +
                  "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  t += "<text x=\"" + svg_num(width / 2) + "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">" +
       svg_escape(plot.title) + "</text>\n";
  t += "<rect x=\"" + svg_num(left) + "\" y=\"" + svg_num(top) + "\" width=\"" + svg_num(pw) +
       "\" height=\"" + svg_num(ph) + "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int k = 0; k <= 5; ++k) {
    const double y = y_lo + (y_hi - y_lo) * k / 5;
    t += "<text x=\"" + svg_num(left - 6) + "\" y=\"" + svg_num(py(y) + 4) +
         "\" text-anchor=\"end\">" + svg_num(y) + "</text>\n";
    t += "<line x1=\"" + svg_num(left) + "\" x2=\"" + svg_num(left + pw) + "\" y1=\"" +
         svg_num(py(y)) + "\" y2=\"" + svg_num(py(y)) + "\" stroke=\"#ddd\"/>\n";
  }
  std::vector<double> ticks;
  for (const auto& s : plot.series)
    for (double x : s.x)
      if (std::find(ticks.begin(), ticks.end(), x) == ticks.end()) ticks.push_back(x);
  if (ticks.size() <= 16)
    for (double x : ticks)
      t += "<text x=\"" + svg_num(px(x)) + "\" y=\"" + svg_num(top + ph + 16) +
           "\" text-anchor=\"middle\">" + svg_num(x) + "</text>\n";
  t += "<text x=\"" + svg_num(left + pw / 2) + "\" y=\"" + svg_num(top + ph + 36) +
       "\" text-anchor=\"middle\">" + svg_escape(plot.x_label) + "</text>\n";
  t += "<text transform=\"translate(16," + svg_num(top + ph / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + svg_escape(plot.y_label) + "</text>\n";
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const auto& s = plot.series[i];
    std::string path;
    bool pen = false;
    for (std::size_t k = 0; k < s.x.size(); ++k) {
      if (std::isnan(s.y[k])) {
        pen = false;
        continue;
      }
      path += (pen ? " L" : " M") + svg_num(px(s.x[k])) + "," + svg_num(py(s.y[k]));
      pen = true;
      t += "<circle cx=\"" + svg_num(px(s.x[k])) + "\" cy=\"" + svg_num(py(s.y[k])) +
           "\" r=\"2.5\" fill=\"" + svg_colour(i) + "\"/>\n";
    }
    if (!path.empty())
      t += "<path d=\"" + path.substr(1) + "\" fill=\"none\" stroke=\"" + svg_colour(i) +
           "\" stroke-width=\"1.5\"/>\n";
    const double ly = top + 10 + 16.0 * double(i);
    t += "<line x1=\"" + svg_num(left + pw + 10) + "\" x2=\"" + svg_num(left + pw + 30) +
         "\" y1=\"" + svg_num(ly) + "\" y2=\"" + svg_num(ly) + "\" stroke=\"" + svg_colour(i) +
         "\" stroke-width=\"2\"/>\n<text x=\"" + svg_num(left + pw + 34) + "\" y=\"" +
         svg_num(ly + 4) + "\">" + svg_escape(s.name) + "</text>\n";
  }
  for (std::size_t i = 0; i < plot.captions.size(); ++i)
    t += "<text x=\"10\" y=\"" + svg_num(height + 18.0 * double(i)) + "\" font-size=\"11\">" +
         svg_escape(plot.captions[i]) + "</text>\n";
  return t + "</svg>\n";
}

}  // namespace loadlab::experiments
