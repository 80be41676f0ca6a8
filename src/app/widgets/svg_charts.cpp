#include "app/widgets/svg_charts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/widgets/format.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

// 45-degree stripes inside the rectangle (x, y, w, h), as line segments clipped to it.
void svg_hatch(SvgDoc& d, double x, double y, double w, double h, SvgColour colour) {
  constexpr double gap = 5;
  for (double c = x - h + gap / 2; c < x + w; c += gap) {
    const double u0 = std::max(c, x), u1 = std::min(c + h, x + w);
    if (u0 < u1) d.line(u0, y + h - (u0 - c), u1, y + h - (u1 - c), colour, 1);
  }
}

// A few round axis ticks over [0, end].
std::vector<double> svg_ticks(double end) {
  if (!(end > 0)) return {0};
  const double raw = end / 5;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * mag) {
      step = m * mag;
      break;
    }
  std::vector<double> t;
  for (double v = 0; v <= end * (1 + 1e-9); v += step) t.push_back(v);
  return t;
}

}  // namespace

std::string svg_title_of(const io::Json& scenario, const io::Json& r, const char* what) {
  return scenario.value("name", std::string("scenario")) + " | " + r.value("algorithm", "?") +
         " | " + what;
}

void svg_check_bars(std::size_t n) {
  if (n > kSvgMaxBars)
    throw io::ScenarioError("--view", "the Gantt chart has " +
                                          format_int(static_cast<long long>(n)) +
                                          " bars; pictures are limited to " +
                                          format_int(static_cast<long long>(kSvgMaxBars)));
}

std::vector<double> svg_numbers(const io::Json& a) {
  std::vector<double> v;
  if (a.is_array())
    for (const auto& x : a) v.push_back(x.is_number() ? x.get<double>() : 0.0);
  return v;
}

SvgDoc svg_gantt_chart(const std::string& title, const std::vector<SvgBar>& bars,
                       const std::string& lane_word) {
  int lanes = 1;
  double end = 0;
  for (const auto& b : bars) {
    if (b.lane < 0 || b.lane > 65535)
      throw io::ScenarioError("--view", "gantt: lane " + std::to_string(b.lane) + " out of range");
    lanes = std::max(lanes, b.lane + 1);
    end = std::max(end, b.end);
  }
  if (!(end > 0)) end = 1;
  const double plot_w = kSvgWidth - kGanttLeft - kGanttRight;
  const double scale = plot_w / end;
  const double height = kGanttTop + lanes * kGanttLane + 40;
  SvgDoc d(kSvgWidth, height);
  d.rect(0, 0, kSvgWidth, height, kSvgPaper);
  d.text(kGanttLeft, 22, title, kSvgInk, 14);
  const double bottom = kGanttTop + lanes * kGanttLane;
  for (double t : svg_ticks(end)) {
    const double x = kGanttLeft + t * scale;
    d.line(x, kGanttTop, x, bottom, kSvgGrid);
    d.text(x, bottom + 16, format_real(t), kSvgMuted, 11, 1);
  }
  const int label_every = std::max(1, lanes / 40);
  for (int p = 0; p < lanes; p += label_every)
    d.text(kGanttLeft - 6, kGanttTop + p * kGanttLane + kGanttLane * 0.7,
           lane_word + std::to_string(p), kSvgMuted, 11, 2);
  bool copies = false;
  for (const auto& b : bars) {
    char tip[160];
    std::snprintf(tip, sizeof tip, " on %s%d: %s to %s", lane_word.c_str(), b.lane,
                  format_real(b.start).c_str(), format_real(b.end).c_str());
    const double x = kGanttLeft + b.start * scale, y = kGanttTop + b.lane * kGanttLane + 2;
    const double w = (b.end - b.start) * scale, h = kGanttLane - 4;
    d.rect(x, y, w, h, kSvgPalette[b.lane % 8], b.duplicate ? kSvgInk : kSvgPaper,
           b.label + (b.duplicate ? " (duplicate)" : "") + tip);
    if (b.duplicate) svg_hatch(d, x, y, w, h, kSvgPaper), copies = true;
  }
  if (copies) {  // the legend of hatched bars
    d.rect(kGanttLeft, bottom + 22, 24, 12, kSvgPalette[0], kSvgInk);
    svg_hatch(d, kGanttLeft, bottom + 22, 24, 12, kSvgPaper);
    d.text(kGanttLeft + 30, bottom + 32, "duplicate (a task run again so a child need not wait)",
           kSvgMuted, 11);
  }
  d.text(kGanttLeft + plot_w, bottom + 32, "time", kSvgMuted, 11, 2);
  return d;
}

SvgDoc svg_series_plot(const std::string& title, const std::string& x_label,
                       const std::vector<std::pair<std::string, std::vector<double>>>& series,
                       bool bars) {
  constexpr double left = 70, right = 150, top = 40, h = 320;
  const double plot_w = kSvgWidth - left - right;
  SvgDoc d(kSvgWidth, top + h + 50);
  d.rect(0, 0, kSvgWidth, top + h + 50, kSvgPaper);
  d.text(left, 22, title, kSvgInk, 14);
  std::size_t n = 0;
  double hi = 0;
  for (const auto& s : series) {
    n = std::max(n, s.second.size());
    for (double v : s.second) hi = std::max(hi, v);
  }
  if (n == 0) throw io::ScenarioError("--view", "plot: the result has no values to plot");
  if (!(hi > 0)) hi = 1;
  const double bottom = top + h;
  for (double t : svg_ticks(hi)) {
    const double y = bottom - t / hi * h;
    d.line(left, y, left + plot_w, y, kSvgGrid);
    d.text(left - 6, y + 4, format_real(t), kSvgMuted, 11, 2);
  }
  const double dx = n > 1 ? plot_w / static_cast<double>(bars ? n : n - 1) : plot_w;
  const int label_every = std::max<int>(1, static_cast<int>(n / 20));
  for (std::size_t i = 0; i < n; i += label_every)
    d.text(left + (bars ? (i + 0.5) * dx : i * dx), bottom + 16, std::to_string(i), kSvgMuted, 11,
           1);
  d.text(left + plot_w / 2, bottom + 36, x_label, kSvgMuted, 11, 1);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto& v = series[k].second;
    const SvgColour c = kSvgPalette[k % 8];
    for (std::size_t i = 0; i < v.size(); ++i) {
      const double y = bottom - v[i] / hi * h;
      if (bars) {
        const double w = dx / static_cast<double>(series.size());
        d.rect(left + i * dx + k * w + w * 0.1, y, w * 0.8, bottom - y, c, kSvgNone,
               series[k].first + " " + std::to_string(i) + ": " + format_real(v[i]));
      } else if (i > 0) {
        d.line(left + (i - 1) * dx, bottom - v[i - 1] / hi * h, left + i * dx, y, c, 2);
      }
    }
    d.rect(left + plot_w + 16, top + 8 + k * 18.0, 12, 12, c);
    d.text(left + plot_w + 34, top + 18 + k * 18.0, series[k].first, kSvgInk, 12);
  }
  return d;
}

}  // namespace loadlab::app
