#include "app/widgets/plot_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "app/widgets/gantt_chart.h"
#include "app/widgets/view_colours.h"

#include "app/widgets/format.h"

namespace loadlab::app {

namespace {

// One axis: data range (log10 of it when log) mapped onto [p0, p1] pixels.
struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  float p0 = 0, p1 = 1;
  double tr(double v) const { return log ? std::log10(std::max(v, 1e-300)) : v; }
  float map(double v) const {
    const double t = (tr(v) - lo) / (hi - lo);
    return static_cast<float>(p0 + t * (p1 - p0));
  }
  double unmap(float px) const {
    const double t = lo + (px - p0) / (p1 - p0) * (hi - lo);
    return log ? std::pow(10.0, t) : t;
  }
  std::vector<double> ticks(float pixels, float spacing) const {
    std::vector<double> out;
    if (log) {
      const int a = static_cast<int>(std::floor(lo)), b = static_cast<int>(std::ceil(hi));
      const bool fine = (b - a) <= 3;
      for (int e = a; e <= b; ++e)
        for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
          const double v = m * std::pow(10.0, e);
          if (tr(v) >= lo - 1e-9 && tr(v) <= hi + 1e-9) out.push_back(v);
        }
    } else {
      const double step = nice_step(hi - lo, std::max(2, static_cast<int>(pixels / spacing)));
      for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
        out.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
    }
    return out;
  }
};

Axis make_axis(double mn, double mx, bool log, bool from_zero) {
  Axis a;
  a.log = log;
  if (log) {
    if (!(mn > 0)) mn = mx > 0 ? mx / 1000 : 1;
    if (!(mx > 0)) mx = 1;
    a.lo = std::floor(std::log10(mn) * 4) / 4;
    a.hi = std::ceil(std::log10(mx) * 4) / 4;
    if (a.hi - a.lo < 0.5) a.lo -= 0.25, a.hi += 0.25;
  } else {
    if (from_zero) mn = std::min(mn, 0.0);
    if (!(mx > mn)) mx = mn + 1;
    a.lo = mn;
    a.hi = mx + (mx - mn) * 0.06;
  }
  return a;
}

// Legend: colour swatches and names, wrapped to the width; returns its height.
float plot_util_draw_legend(ImDrawList* dl, ImVec2 at, float width,
                            const std::vector<PlotSeries>& series, float s, bool measure_only) {
  const float fh = ImGui::GetFontSize(), sw = 10 * s, gap = 12 * s;
  float x = at.x, y = at.y;
  for (const auto& ser : series) {
    const float w = sw + 4 * s + ImGui::CalcTextSize(ser.name.c_str()).x;
    if (x > at.x && x + w > at.x + width) x = at.x, y += fh + 2 * s;
    if (!measure_only) {
      dl->AddRectFilled({x, y + fh * 0.25f}, {x + sw, y + fh * 0.75f}, ser.colour);
      dl->AddText({x + sw + 4 * s, y},
                  ser.emphasis ? ImGui::GetColorU32(ImGuiCol_Text)
                               : ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  ser.name.c_str());
    }
    x += w + gap;
  }
  return series.empty() ? 0 : y - at.y + fh + 4 * s;
}

ImU32 faded(ImU32 c, float alpha) {
  ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  v.w *= alpha;
  return ImGui::ColorConvertFloat4ToU32(v);
}

struct PlotUtilFrame {
  ImVec2 origin, size;
  float x0, x1, y0, y1;  // plot rectangle
  bool hovered;
};

// Reserves the widget, draws the legend and the frame; leaves room for tick labels.
PlotUtilFrame begin_plot(const char* id, ImVec2 size, const std::vector<PlotSeries>& series,
                         const PlotAxes& axes, float s) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0) size.x = avail.x;
  if (size.y <= 0) size.y = avail.y;
  size.x = std::max(size.x, 60 * s);
  size.y = std::max(size.y, 60 * s);
  PlotUtilFrame f{ImGui::GetCursorScreenPos(), size, 0, 0, 0, 0, false};
  ImGui::InvisibleButton(id, size);
  f.hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float fh = ImGui::GetFontSize();
  const float left = 54 * s, bottom = fh * (axes.x_label.empty() ? 1.3f : 2.4f);
  float top = 4 * s;
  if (axes.legend)
    top += plot_util_draw_legend(dl, {f.origin.x + left, f.origin.y + top}, size.x - left, series,
                                 s, false);
  if (!axes.y_label.empty()) {
    dl->AddText({f.origin.x + 2 * s, f.origin.y + top}, ImGui::GetColorU32(ImGuiCol_TextDisabled),
                axes.y_label.c_str());
    top += fh * 1.5f + 2 * s;  // half a line more: the top tick label is centred on the edge
  }
  f.x0 = f.origin.x + left;
  f.x1 = f.origin.x + size.x - 8 * s;
  f.y0 = f.origin.y + top;
  f.y1 = f.origin.y + size.y - bottom;
  if (f.y1 < f.y0 + 10 * s) f.y1 = f.y0 + 10 * s;
  dl->AddRectFilled({f.x0, f.y0}, {f.x1, f.y1}, view_colours().canvas_bg);
  if (!axes.x_label.empty()) {
    const float w = ImGui::CalcTextSize(axes.x_label.c_str()).x;
    dl->AddText({(f.x0 + f.x1 - w) / 2, f.origin.y + size.y - fh - 1 * s},
                ImGui::GetColorU32(ImGuiCol_TextDisabled), axes.x_label.c_str());
  }
  return f;
}

void draw_y_ticks(ImDrawList* dl, const PlotUtilFrame& f, const Axis& ay, float s) {
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  // A squeezed plot (a short view, a tall caption) still gets its grid lines, but a label is
  // drawn only where it clears the previous one and stays inside the plot's height.
  float last_top = std::numeric_limits<float>::infinity();
  for (double v : ay.ticks(f.y1 - f.y0, 28 * s)) {
    const float y = ay.map(v);
    dl->AddLine({f.x0, y}, {f.x1, y}, view_colours().grid);
    const std::string t = short_number(v);
    const ImVec2 ts = ImGui::CalcTextSize(t.c_str());
    const float top = y - ts.y / 2;
    if (top < f.origin.y || top + ts.y > std::min(last_top, f.origin.y + f.size.y)) continue;
    dl->AddText({f.x0 - ts.x - 4 * s, top}, dim, t.c_str());
    last_top = top;
  }
}

}  // namespace

std::string plot_fit_text(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string out = text;
  while (!out.empty() && ImGui::CalcTextSize((out + "...").c_str()).x > width) out.pop_back();
  return out.empty() ? std::string() : out + "...";
}

std::string short_number(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (a < kNoiseFloor) return "0";         // rounding noise is not a value (format.h)
  if (a >= 1e6) return format_real(v, 3);  // grouped digits, never "1.23e+06"
  if (a < 1e-3) return format_real(v, 3);
  if (a >= 1000)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else if (a >= 100)
    std::snprintf(buf, sizeof buf, "%.1f", v);
  else if (a >= 10)
    std::snprintf(buf, sizeof buf, "%.2f", v);
  else
    return format_real(v, 3);
  std::string out = buf;
  // "2.50" -> "2.5", "4.00" -> "4" for ticks; keeps precision for data values that need it.
  if (out.find('.') != std::string::npos && out.find('e') == std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  return out;
}

bool draw_line_plot(const char* id, ImVec2 size, const std::vector<PlotSeries>& series,
                    const PlotAxes& axes, float s) {
  const PlotUtilFrame f = begin_plot(id, size, series, axes, s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  double xmn = INFINITY, xmx = -INFINITY, ymn = INFINITY, ymx = -INFINITY;
  for (const auto& ser : series)
    for (std::size_t i = 0; i < ser.x.size() && i < ser.y.size(); ++i) {
      if (axes.log_x && !(ser.x[i] > 0)) continue;
      xmn = std::min(xmn, ser.x[i]), xmx = std::max(xmx, ser.x[i]);
      if (axes.log_y && !(ser.y[i] > 0)) continue;
      ymn = std::min(ymn, ser.y[i]), ymx = std::max(ymx, ser.y[i]);
    }
  if (!(xmn <= xmx)) xmn = 0, xmx = 1;
  if (!(ymn <= ymx)) ymn = 0, ymx = 1;
  Axis ax = make_axis(xmn, xmx, axes.log_x, false);
  if (!axes.log_x) ax.hi = xmx > xmn ? xmx : xmn + 1;
  Axis ay = make_axis(ymn, ymx, axes.log_y, true);
  ax.p0 = f.x0 + 4 * s, ax.p1 = f.x1 - 4 * s;
  ay.p0 = f.y1, ay.p1 = f.y0;

  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  draw_y_ticks(dl, f, ay, s);
  for (double v : ax.ticks(f.x1 - f.x0, 70 * s)) {
    const float x = ax.map(v);
    dl->AddLine({x, f.y0}, {x, f.y1}, view_colours().grid);
    const std::string t = short_number(v);
    // Centred on its tick, but kept inside the plot's width: the last label ("1000" at the right
    // end) is never cut by the window's edge.
    const float tw = ImGui::CalcTextSize(t.c_str()).x;
    const float tx = std::clamp(x - tw / 2, f.x0, std::max(f.x0, f.x1 - tw));
    dl->AddText({tx, f.y1 + 2 * s}, dim, t.c_str());
  }

  dl->PushClipRect({f.x0, f.y0}, {f.x1, f.y1}, true);
  const bool any_emph =
      std::any_of(series.begin(), series.end(), [](const PlotSeries& p) { return p.emphasis; });
  std::vector<ImVec2> pts;
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& ser : series) {
      if (ser.emphasis != (pass == 1)) continue;
      const ImU32 line = view_contrast(ser.colour, 3.0f);
      const ImU32 col = any_emph && !ser.emphasis ? faded(line, 0.55f) : line;
      const float thick = (ser.emphasis ? 2.5f : 1.3f) * s;
      const std::size_t n = std::min(ser.x.size(), ser.y.size());
      pts.clear();
      // Per pixel column keep first, min, max and last: the decimated line looks like the full one.
      float col_x = -1e9f, lo = 0, hi = 0, last = 0;
      auto flush = [&] {
        if (col_x < -1e8f) return;
        pts.push_back({col_x, lo});
        if (hi != lo) pts.push_back({col_x, hi});
        if (last != hi) pts.push_back({col_x, last});
      };
      float prev_y = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if ((axes.log_x && !(ser.x[i] > 0)) || (axes.log_y && !(ser.y[i] > 0))) continue;
        const float x = std::floor(ax.map(ser.x[i])), y = ay.map(ser.y[i]);
        if (axes.step && i > 0 && x != col_x) {
          flush();
          col_x = -1e9f;
          pts.push_back({x, prev_y});
        }
        if (x != col_x) {
          flush();
          col_x = x, lo = hi = last = y;
        } else {
          lo = std::max(lo, y), hi = std::min(hi, y), last = y;
        }
        prev_y = y;
      }
      flush();
      if (pts.size() == 1)
        dl->AddCircleFilled(pts[0], 2.5f * s, col);
      else
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, thick);
      if (n <= 40 && ser.emphasis)
        for (const auto& p : pts) dl->AddCircleFilled(p, 2.5f * s, col);
    }

  // Hover: a cursor line and each series' value at the nearest x.
  const ImGuiIO& io = ImGui::GetIO();
  const bool inside =
      f.hovered && io.MousePos.x >= f.x0 && io.MousePos.x <= f.x1 && io.MousePos.y >= f.y0;
  if (inside) {
    dl->AddLine({io.MousePos.x, f.y0}, {io.MousePos.x, f.y1}, view_ink(70));
    const double xv = ax.unmap(io.MousePos.x);
    // The x the values below are read at: a line plot's nearest sample (rounding the cursor's x
    // printed "offered load 1" over the samples at 0.9), a staircase's step.
    double shown_x = axes.step ? std::floor(xv) : std::round(xv);
    if (!axes.step)
      for (const auto& ser : series) {
        if (ser.x.empty()) continue;
        shown_x = ser.x.front();
        for (double x : ser.x)
          if (std::abs(x - xv) < std::abs(shown_x - xv)) shown_x = x;
        break;
      }
    ImGui::BeginTooltip();
    ImGui::Text("%s %s", axes.x_label.c_str(), short_number(shown_x).c_str());
    int shown = 0;
    for (const auto& ser : series) {
      const auto it = std::upper_bound(ser.x.begin(), ser.x.end(), xv);
      std::size_t i = static_cast<std::size_t>(it - ser.x.begin());
      if (!axes.step && i < ser.x.size() && i > 0 && xv - ser.x[i - 1] < ser.x[i] - xv)
        --i;
      else if (axes.step || i == ser.x.size())
        i = i > 0 ? i - 1 : 0;
      if (ser.x.empty() || i >= ser.y.size() || shown++ >= 16) continue;
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ser.colour), "%s: %s", ser.name.c_str(),
                         short_number(ser.y[i]).c_str());
    }
    ImGui::EndTooltip();
  }
  dl->PopClipRect();
  dl->AddRect({f.x0, f.y0}, {f.x1, f.y1}, with_alpha(view_colours().edge, 110));
  return f.hovered;
}

int draw_bar_chart(const char* id, ImVec2 size, const std::vector<std::string>& categories,
                   const std::vector<PlotSeries>& series, const PlotAxes& axes,
                   const std::vector<PlotRule>& rules, float s) {
  const PlotUtilFrame f = begin_plot(id, size, series, axes, s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int nc = static_cast<int>(categories.size()), ns = static_cast<int>(series.size());
  double ymn = INFINITY, ymx = -INFINITY;
  for (const auto& ser : series)
    for (double v : ser.y)
      if (!axes.log_y || v > 0) ymn = std::min(ymn, v), ymx = std::max(ymx, v);
  for (const auto& r : rules)
    if (!axes.log_y || r.y > 0) ymx = std::max(ymx, r.y), ymn = std::min(ymn, r.y);
  if (!(ymn <= ymx)) ymn = 0, ymx = 1;
  Axis ay = make_axis(ymn, ymx, axes.log_y, true);
  ay.p0 = f.y1, ay.p1 = f.y0;
  draw_y_ticks(dl, f, ay, s);

  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const float group = (f.x1 - f.x0) / std::max(1, nc);
  const float bw = group * 0.8f / std::max(1, ns);
  const ImGuiIO& io = ImGui::GetIO();
  int hovered = -1;
  if (f.hovered && io.MousePos.x >= f.x0 && io.MousePos.x < f.x1 && nc > 0)
    hovered = std::clamp(static_cast<int>((io.MousePos.x - f.x0) / group), 0, nc - 1);
  const float base = axes.log_y ? f.y1 : ay.map(0);
  // Category labels never run together: every label when the widest fits its group with a gap;
  // a few wide ones (strategy names) are shortened with "..." (the tooltip has them whole); many
  // narrow groups (numbered processors) label every k-th.
  const float label_gap = ImGui::GetFontSize() * 0.5f;
  float widest = ImGui::CalcTextSize("000").x;
  for (const auto& cat : categories) widest = std::max(widest, ImGui::CalcTextSize(cat.c_str()).x);
  const bool shorten = widest + label_gap > group && nc <= 12;
  const int label_every =
      shorten ? 1 : std::max(1, static_cast<int>(std::ceil((widest + label_gap) / group)));
  for (int c = 0; c < nc; ++c) {
    const float gx = f.x0 + group * c;
    if (c == hovered) dl->AddRectFilled({gx, f.y0}, {gx + group, f.y1}, view_ink(18));
    for (int k = 0; k < ns; ++k) {
      const auto& ser = series[static_cast<std::size_t>(k)];
      if (c >= static_cast<int>(ser.y.size())) continue;
      const double v = ser.y[static_cast<std::size_t>(c)];
      if (axes.log_y && !(v > 0)) continue;
      const float x = gx + group * 0.1f + bw * k;
      const float y = std::clamp(ay.map(v), f.y0, f.y1);
      dl->AddRectFilled({x, std::min(y, base)}, {x + std::max(bw - 1, 1.0f), std::max(y, base)},
                        ser.colour);
    }
    if (c % label_every == 0) {
      std::string label = categories[static_cast<std::size_t>(c)];
      if (shorten) label = plot_fit_text(label, group - label_gap);
      const float w = ImGui::CalcTextSize(label.c_str()).x;
      const float lx = std::clamp(gx + (group - w) / 2, f.x0, std::max(f.x0, f.x1 - w));
      dl->AddText({lx, f.y1 + 2 * s}, dim, label.c_str());
    }
  }
  for (const auto& r : rules) {
    if (axes.log_y && !(r.y > 0)) continue;
    const float y = ay.map(r.y);
    const ImU32 rc = view_contrast(r.colour);
    dl->AddLine({f.x0, y}, {f.x1, y}, rc, 1.5f * s);
    const ImVec2 ts = ImGui::CalcTextSize(r.label.c_str());
    dl->AddText({f.x1 - ts.x - 4 * s, y - ts.y - 1 * s}, rc, r.label.c_str());
  }
  dl->AddRect({f.x0, f.y0}, {f.x1, f.y1}, with_alpha(view_colours().edge, 110));
  if (hovered >= 0) {
    ImGui::BeginTooltip();
    ImGui::Text("%s %s", axes.x_label.c_str(),
                categories[static_cast<std::size_t>(hovered)].c_str());
    for (const auto& ser : series)
      if (hovered < static_cast<int>(ser.y.size()))
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ser.colour), "%s: %s", ser.name.c_str(),
                           short_number(ser.y[static_cast<std::size_t>(hovered)]).c_str());
    ImGui::EndTooltip();
  }
  return hovered;
}

}  // namespace loadlab::app
