#include "app/widgets/gantt_chart.h"
#include "app/widgets/format.h"
#include "app/widgets/view_colours.h"
#include "app/widgets/view_transform.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace loadlab::app {

namespace {

// A run of sub-pixel bars of one band, merged into one rectangle with their average colour.
struct PendingRun {
  float y0, y1;  // band (fractions), the run's key
  float x0, x1;  // pixels
  float r = 0, g = 0, b = 0;
  int count = 0;
};

void add_colour(PendingRun& p, ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  p.r += v.x, p.g += v.y, p.b += v.z;
  p.count++;
}

std::string format_tick(double v, double step) {
  char buf[32];
  const double a = std::fabs(v);
  if (a >= 1e6) return format_real(v, 3);  // grouped digits, never "1e+06"
  if (a != 0 && a < 1e-3) return format_real(v, 3);
  if (step >= 1)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else {
    const int digits = std::min(6, static_cast<int>(std::ceil(-std::log10(step))));
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  }
  return buf;
}

// The first index >= from whose start is >= t (starts ascending). Galloping from `from`: the next
// pixel column's first bar is usually a few dozen entries ahead, so this touches a few nearby cache
// lines where a binary search over the whole row (10^5 entries) would miss the cache at every step.
std::size_t first_start_at_or_after(const std::vector<double>& starts, std::size_t from, double t) {
  const std::size_t n = starts.size();
  std::size_t lo = from, hi = from, step = 1;
  while (hi < n && starts[hi] < t) {  // everything before hi + 1 starts before t
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  hi = std::min(hi, n);
  return static_cast<std::size_t>(std::lower_bound(starts.begin() + static_cast<std::ptrdiff_t>(lo),
                                                   starts.begin() + static_cast<std::ptrdiff_t>(hi),
                                                   t) -
                                  starts.begin());
}

}  // namespace

double nice_step(double span, int target) {
  if (!(span > 0) || target < 1) return 1;
  const double raw = span / target;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

ImU32 palette_colour(int i, float v) {
  const float h = std::fmod(0.58f + 0.618034f * static_cast<float>(i), 1.0f);
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(h, 0.55f, v, r, g, b);
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}

void GanttChart::clear(bool reset_view) {
  rows_.clear();
  bars_.clear();
  markers_.clear();
  prepared_ = false;
  has_domain_ = false;
  if (reset_view) {
    fitted_ = false;
    row_scroll_ = 0;
  }
}

int GanttChart::add_row(std::string label) {
  rows_.push_back(Row{std::move(label), {}, {}});
  prepared_ = false;
  return static_cast<int>(rows_.size()) - 1;
}

void GanttChart::add_bar(const GanttBar& bar) {
  if (bar.row < 0 || bar.row >= static_cast<int>(rows_.size())) return;
  GanttBar b = bar;
  if (!(b.finish >= b.start)) b.finish = b.start;  // also catches NaN
  bars_.push_back(b);
  prepared_ = false;
}

void GanttChart::set_domain(double t0, double t1) {
  dom_t0_ = t0;
  dom_t1_ = t1 > t0 ? t1 : t0 + 1;
  has_domain_ = true;
}

void GanttChart::set_window(double t0, double t1) {
  if (!(t1 > t0)) return;
  prepare();
  view_t0_ = t0;
  view_t1_ = t1;
  fitted_ = true;
}

void GanttChart::prepare() {
  if (prepared_) return;
  for (auto& r : rows_) r.order.clear();
  for (std::size_t i = 0; i < bars_.size(); ++i)
    rows_[static_cast<std::size_t>(bars_[i].row)].order.push_back(static_cast<std::uint32_t>(i));
  for (auto& r : rows_) {
    std::stable_sort(r.order.begin(), r.order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return bars_[a].start < bars_[b].start;
    });
    r.max_finish.resize(r.order.size());
    r.starts.resize(r.order.size());
    r.disjoint = true;
    double m = -INFINITY;
    for (std::size_t j = 0; j < r.order.size(); ++j) {
      const GanttBar& b = bars_[r.order[j]];
      if (b.start < m) r.disjoint = false;
      r.starts[j] = b.start;
      r.max_finish[j] = m = std::max(m, b.finish);
    }
  }
  if (!has_domain_) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& b : bars_) lo = std::min(lo, b.start), hi = std::max(hi, b.finish);
    for (const auto& m : markers_) lo = std::min(lo, m.time), hi = std::max(hi, m.time);
    if (!(lo <= hi)) lo = 0, hi = 1;
    dom_t0_ = std::min(lo, 0.0);
    dom_t1_ = hi > dom_t0_ ? hi : dom_t0_ + 1;
  }
  prepared_ = true;
}

int GanttChart::hit_test(double t, int row, float frac, double tol) const {
  const Row& r = rows_[static_cast<std::size_t>(row)];
  auto it = std::lower_bound(r.max_finish.begin(), r.max_finish.end(), t - tol);
  int best = -1;
  double best_d = INFINITY;
  int budget = 20000;  // a hover never costs more than this, whatever the data
  for (std::size_t j = static_cast<std::size_t>(it - r.max_finish.begin());
       j < r.order.size() && budget-- > 0; ++j) {
    const GanttBar& b = bars_[r.order[j]];
    if (b.start > t + tol) break;
    if (b.finish < t - tol || frac < b.y0 || frac > b.y1) continue;
    const double d = t < b.start ? b.start - t : t > b.finish ? t - b.finish : 0;
    if (d < best_d) best_d = d, best = static_cast<int>(r.order[j]);
    if (d == 0) break;
  }
  return best;
}

int GanttChart::draw(const char* id, ImVec2 size, float s) {
  prepare();
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0) size.x = avail.x;
  if (size.y <= 0) size.y = avail.y;
  size.x = std::max(size.x, 80.0f * s);
  size.y = std::max(size.y, 50.0f * s);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();

  // Geometry: row labels on the left, the time axis on top.
  float label_w = 0;
  for (const auto& r : rows_) label_w = std::max(label_w, ImGui::CalcTextSize(r.label.c_str()).x);
  label_w = std::min(label_w + 10 * s, size.x * 0.3f);
  const float axis_h = ImGui::GetFontSize() + 6 * s;
  const float px0 = origin.x + label_w, px1 = origin.x + size.x - 4 * s;
  const float py0 = origin.y + axis_h, py1 = origin.y + size.y;
  const float pw = std::max(px1 - px0, 1.0f), ph = std::max(py1 - py0, 1.0f);
  const int nrows = static_cast<int>(rows_.size());
  const float rh = nrows > 0 ? std::clamp(ph / nrows, row_min_ * s, row_pref_ * s) : row_pref_ * s;
  const float rows_fit = ph / rh;
  const float max_scroll = std::max(0.0f, nrows - rows_fit);

  // Time window: fit on first use, then zoom/pan.
  const double dom_span = dom_t1_ - dom_t0_;
  if (!fitted_) {
    view_t0_ = dom_t0_;
    view_t1_ = dom_t1_ + dom_span * 0.01;
    fitted_ = true;
  }
  double span = view_t1_ - view_t0_;
  if (hovered && io.MouseWheel != 0) {
    if (io.KeyShift || io.MousePos.x < px0) {
      row_scroll_ -= io.MouseWheel * 3;
    } else {
      const double t_mouse = view_t0_ + (io.MousePos.x - px0) / pw * span;
      const double min_span = std::max(dom_span * 1e-9, 1e-12);
      // One notch = the network view's factor (view_transform.h), around the cursor, bounded.
      const double new_span =
          std::clamp(span / wheel_zoom_factor(io.MouseWheel), min_span, dom_span * 20);
      view_t0_ = t_mouse - (t_mouse - view_t0_) * (new_span / span);
      view_t1_ = view_t0_ + new_span;
      span = new_span;
    }
  }
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f)) {
    const double dt = -io.MouseDelta.x / pw * span;
    view_t0_ += dt;
    view_t1_ += dt;
    row_scroll_ -= io.MouseDelta.y / rh;
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    fitted_ = false;
    row_scroll_ = 0;
  }
  row_scroll_ = std::clamp(row_scroll_, 0.0f, max_scroll);
  const double v0 = view_t0_, v1 = view_t1_;
  auto tx = [&](double t) { return static_cast<float>(px0 + (t - v0) / span * pw); };
  const float pad = rh >= 8 * s ? std::max(1.0f, rh * 0.1f) : 0.0f;
  layout_ = Layout{px0, px0 + pw, py0, py1, rh, pad, row_scroll_, v0, v1};

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ViewColours& vc = view_colours();
  const ImU32 text_col = vc.text;
  const ImU32 dim_col = vc.text_dim;
  dl->AddRectFilled({px0, py0}, {px1, py1}, vc.canvas_bg);

  // Rows: stripes and labels.
  const int first_row = std::max(0, static_cast<int>(std::floor(row_scroll_)));
  const int last_row = std::min(nrows - 1, static_cast<int>(std::ceil(row_scroll_ + rows_fit)));
  auto row_y = [&](int r) { return py0 + (static_cast<float>(r) - row_scroll_) * rh; };
  dl->PushClipRect({origin.x, py0}, {px1, py1}, true);
  const bool row_labels = rh >= ImGui::GetFontSize() * 0.8f;
  for (int r = first_row; r <= last_row; ++r) {
    const float y = row_y(r);
    if (r % 2) dl->AddRectFilled({px0, y}, {px1, y + rh}, view_ink(vc.light ? 14 : 10));
    const float label_top = y + (rh - ImGui::GetFontSize()) / 2;
    // A label the chart's top or bottom edge would cut is left out (the row still shows).
    const bool label_fits = label_top >= py0 && label_top + ImGui::GetFontSize() <= py1;
    if (label_fits &&
        (row_labels || r % std::max(1, static_cast<int>(ImGui::GetFontSize() / rh) + 1) == 0)) {
      dl->PushClipRect({origin.x, py0}, {px0 - 4 * s, py1}, true);
      dl->AddText({origin.x + 2 * s, label_top}, text_col,
                  rows_[static_cast<std::size_t>(r)].label.c_str());
      dl->PopClipRect();
    }
  }
  dl->PopClipRect();

  // Time axis: ticks and grid lines.
  dl->PushClipRect({px0 - 30 * s, origin.y}, {px1 + 30 * s, py1}, true);
  const double step = nice_step(span, std::max(2, static_cast<int>(pw / (90 * s))));
  for (double t = std::ceil(v0 / step) * step; t <= v1; t += step) {
    const float x = tx(t);
    dl->AddLine({x, py0}, {x, py1}, vc.grid);
    dl->AddLine({x, py0 - 4 * s}, {x, py0}, dim_col);
    const std::string lab = format_tick(std::fabs(t) < step * 1e-9 ? 0.0 : t, step) + unit_;
    const float w = ImGui::CalcTextSize(lab.c_str()).x;
    dl->AddText({x - w / 2, origin.y + 1 * s}, dim_col, lab.c_str());
  }
  dl->PopClipRect();

  // Bars, culled per row by binary search; sub-pixel bars merged into runs.
  dl->PushClipRect({px0, py0}, {px1, py1}, true);
  const float font = ImGui::GetFontSize();
  std::vector<PendingRun> pend;
  auto band_y = [&](float row_top, float f) { return row_top + pad + f * (rh - 2 * pad); };
  auto flush = [&](PendingRun& p, float row_top) {
    const float n = static_cast<float>(p.count);
    const ImU32 c = ImGui::ColorConvertFloat4ToU32({p.r / n, p.g / n, p.b / n, 1.0f});
    dl->AddRectFilled({p.x0, band_y(row_top, p.y0)},
                      {std::max(p.x1, p.x0 + 1.0f), band_y(row_top, p.y1)}, c);
  };
  for (int r = first_row; r <= last_row; ++r) {
    const Row& row = rows_[static_cast<std::size_t>(r)];
    const float top = row_y(r);
    pend.clear();
    auto it = std::lower_bound(row.max_finish.begin(), row.max_finish.end(), v0);
    for (std::size_t j = static_cast<std::size_t>(it - row.max_finish.begin());
         j < row.order.size(); ++j) {
      const GanttBar& b = bars_[row.order[j]];
      if (b.start > v1) break;
      if (b.finish < v0) continue;
      const float x0 = std::max(tx(b.start), px0 - 2), x1 = std::min(tx(b.finish), px1 + 2);
      if (x1 - x0 < 1.0f) {
        auto p = std::find_if(pend.begin(), pend.end(),
                              [&](const PendingRun& q) { return q.y0 == b.y0 && q.y1 == b.y1; });
        // Runs stay a few pixels wide so colour changes along a row (e.g. by iteration) survive.
        if (p != pend.end() && x0 <= p->x1 + 1.0f && p->x1 - p->x0 < 4.0f) {
          p->x1 = std::max(p->x1, x1);
        } else {
          // A run cut for width continues exactly where the last one ended: tiny idle gaps (e.g.
          // the overhead h) would otherwise leave an uncovered pixel column now and then.
          float start = x0;
          if (p != pend.end()) {
            if (x0 <= p->x1 + 1.0f) start = std::min(x0, p->x1);
            flush(*p, top);
            pend.erase(p);
          }
          if (pend.size() >= 64) {
            for (auto& q : pend) flush(q, top);
            pend.clear();
          }
          pend.push_back(PendingRun{b.y0, b.y1, start, x1});
          p = pend.end() - 1;
        }
        add_colour(*p, b.colour);
        // Bars after this one that start in the same pixel column are hidden inside the run:
        // jump over them to the last one (it may reach farther), so a row costs about its
        // pixel width, not its bar count (1,000,000 tasks stay interactive).
        if (row.disjoint) {
          const double t_next = v0 + (std::floor(x0 - px0) + 1.0) / pw * span;
          const std::size_t k = first_start_at_or_after(row.starts, j + 1, t_next);
          if (k > j + 2) j = k - 2;  // ++j lands on the last bar starting in this column
        }
        continue;
      }
      const float y0 = band_y(top, b.y0), y1 = band_y(top, b.y1);
      dl->AddRectFilled({x0, y0}, {x1, y1}, b.colour);
      if (b.hatched)
        draw_gantt_hatch(dl, {x0, y0}, {x1, y1}, s);
      else if (x1 - x0 >= 4 && y1 - y0 >= 4)
        dl->AddRect({x0, y0}, {x1, y1}, IM_COL32(0, 0, 0, 90));
      if (label_fn_ && x1 - x0 > 24 * s && y1 - y0 >= font) {
        const std::string lab = label_fn_(b);
        const ImVec2 ts = ImGui::CalcTextSize(lab.c_str());
        if (!lab.empty() && ts.x + 6 * s < x1 - x0) {
          const float cx = (std::max(x0, px0) + std::min(x1, px1)) / 2;
          const float lx = std::clamp(cx - ts.x / 2, x0 + 3 * s, x1 - ts.x - 3 * s);
          dl->AddText({lx, (y0 + y1 - ts.y) / 2}, IM_COL32(15, 15, 20, 255), lab.c_str());
        }
      }
    }
    for (auto& p : pend) flush(p, top);
  }

  // Markers (e.g. T*, predicted finish); a label that would overlap an earlier one moves down.
  std::vector<ImVec4> placed;
  for (const auto& m : markers_) {
    if (m.time < v0 || m.time > v1) continue;
    const float x = tx(m.time);
    const ImU32 mc = view_contrast(m.colour, 3.0f);
    dl->AddLine({x, py0}, {x, py1}, mc, 1.5f * s);
    if (m.label.empty()) continue;
    const ImVec2 ts = ImGui::CalcTextSize(m.label.c_str());
    const float lx = std::min(x + 3 * s, px1 - ts.x - 2 * s);
    float ly = py0 + 2 * s;
    for (bool moved = true; moved;) {
      moved = false;
      for (const auto& r : placed)
        if (lx < r.z && lx + ts.x > r.x && ly < r.w && ly + ts.y > r.y)
          ly = r.w + 1 * s, moved = true;
    }
    placed.push_back({lx - 2 * s, ly, lx + ts.x + 2 * s, ly + ts.y});
    dl->AddRectFilled({lx - 2 * s, ly}, {lx + ts.x + 2 * s, ly + ts.y}, view_label_bg(220));
    dl->AddText({lx, ly}, view_contrast(m.colour), m.label.c_str());
  }
  dl->PopClipRect();

  // Scroll indicator when the rows do not fit.
  if (max_scroll > 0) {
    const float frac = rows_fit / nrows;
    const float y = py0 + ph * (row_scroll_ / nrows);
    dl->AddRectFilled({px1, y}, {px1 + 4 * s, y + std::max(ph * frac, 8 * s)},
                      with_alpha(vc.edge, 160));
  }
  dl->AddRect({px0, py0}, {px1, py1}, with_alpha(vc.edge, 110));

  // Hover: the bar under the cursor (within 2 px) and its tooltip.
  int hit = -1;
  if (hovered && !ImGui::IsMouseDragging(ImGuiMouseButton_Left) && io.MousePos.x >= px0 &&
      io.MousePos.y >= py0 && nrows > 0) {
    const float rowf = (io.MousePos.y - py0) / rh + row_scroll_;
    const int r = static_cast<int>(std::floor(rowf));
    if (r >= 0 && r < nrows) {
      const float in_row = (rowf - r) * rh;
      const float frac = rh > 2 * pad ? (in_row - pad) / (rh - 2 * pad) : 0.5f;
      const double t = v0 + (io.MousePos.x - px0) / pw * span;
      hit = hit_test(t, r, std::clamp(frac, 0.0f, 1.0f), 2.0 * span / pw);
    }
    if (hit >= 0 && tooltip_fn_) {
      ImGui::BeginTooltip();
      tooltip_fn_(bars_[static_cast<std::size_t>(hit)]);
      ImGui::EndTooltip();
    }
  }
  return hit;
}

void draw_gantt_hatch(ImDrawList* dl, ImVec2 a, ImVec2 b, float ui_scale) {
  const float w = b.x - a.x, h = b.y - a.y;
  if (w < 1 || h < 1) return;
  // Stripes only where they are visible: the plot clips the rest, and the count stays about the
  // bar's pixel width (a bar wider than the plot is clipped to it by the caller's rectangle).
  const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  const float x_lo = std::max(a.x, clip_min.x) - h, x_hi = std::min(b.x, clip_max.x);
  dl->PushClipRect(a, b, true);
  const float gap = std::max(4.0f, 6.0f * ui_scale);
  const ImU32 stripe = IM_COL32(20, 22, 27, 200);
  for (float x = a.x + std::floor((x_lo - a.x) / gap) * gap; x < x_hi; x += gap)
    dl->AddLine({x, b.y}, {x + h, a.y}, stripe, std::max(1.0f, 1.5f * ui_scale));
  dl->PopClipRect();
  dl->AddRect(a, b, IM_COL32(255, 255, 255, 220), 0, 0, std::max(1.0f, ui_scale));
}

}  // namespace loadlab::app
