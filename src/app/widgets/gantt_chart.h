// A reusable Gantt chart widget: rows (processors, threads, layers, ...) with bars on a time axis.
//
// Build it once when the data changes (add_row/add_bar/add_marker), then call draw() every frame.
// Zoom with the mouse wheel (around the cursor), pan by dragging, double-click to fit; the wheel
// over the row labels (or Shift+wheel) scrolls rows when they do not fit. Drawing is culled to the
// visible time window (per-row binary search) and bars narrower than a pixel are merged into one
// run per row, so 100,000 bars stay readable and cheap: the cost per frame is about the number of
// visible pixels, not the number of bars.
//
// Bars may overlap within a row; a bar can occupy a horizontal band of its row ([y0, y1] as a
// fraction of the row height), e.g. receive/compute/forward lanes of a DLT layer or P thread lanes
// of one technique. Labels and tooltips are callbacks so a bar stays small.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace loadlab::app {

struct GanttBar {
  int row = 0;
  double start = 0;
  double finish = 0;
  ImU32 colour = IM_COL32(90, 140, 220, 255);
  float y0 = 0.0f;       ///< top of the bar's band, as a fraction of the row height
  float y1 = 1.0f;       ///< bottom of the band
  std::int64_t id = 0;   ///< caller's reference (e.g. chunk index), passed back to callbacks
  bool hatched = false;  ///< drawn with diagonal stripes and a light outline (e.g. a duplicate)
};

struct GanttMarker {
  double time = 0;
  ImU32 colour = IM_COL32(255, 255, 255, 200);
  std::string label;
};

class GanttChart {
 public:
  /// Called for bars wide enough to hold text; returns the label (empty = none).
  using LabelFn = std::function<std::string(const GanttBar&)>;
  /// Called between BeginTooltip/EndTooltip for the hovered bar.
  using TooltipFn = std::function<void(const GanttBar&)>;

  /// Removes rows, bars and markers; keeps the zoom unless reset_view.
  void clear(bool reset_view = true);
  /// Adds a row; returns its index.
  int add_row(std::string label);
  void add_bar(const GanttBar& bar);
  void add_marker(GanttMarker marker) { markers_.push_back(std::move(marker)); }
  /// Sets the time range a fit shows (default: [min start, max finish] of the bars).
  void set_domain(double t0, double t1);
  /// Shows exactly [t0, t1] (e.g. to keep several charts in step).
  void set_window(double t0, double t1);
  double window_begin() const { return view_t0_; }
  double window_end() const { return view_t1_; }
  /// Back to the whole domain.
  void fit() { fitted_ = false; }

  void set_label_fn(LabelFn f) { label_fn_ = std::move(f); }
  void set_tooltip_fn(TooltipFn f) { tooltip_fn_ = std::move(f); }
  /// Text after the tick values, e.g. " s".
  void set_time_unit(std::string unit) { unit_ = std::move(unit); }
  /// Preferred and smallest row height in pixels (before ui_scale).
  void set_row_height(float preferred, float minimum) {
    row_pref_ = preferred;
    row_min_ = minimum;
  }

  std::size_t bar_count() const { return bars_.size(); }
  int row_count() const { return static_cast<int>(rows_.size()); }
  const GanttBar& bar(std::size_t i) const { return bars_[i]; }

  /// Draws the chart filling `size` (0 = available region) and handles zoom/pan/hover.
  /// Returns the index of the hovered bar or -1.
  int draw(const char* id, ImVec2 size, float ui_scale);

  /// Where the last draw() put the plot, for overlays drawn right after it (arrows, highlights);
  /// clip them to [px0, px1] x [py0, py1].
  struct Layout {
    float px0 = 0, px1 = 1, py0 = 0, py1 = 1;  ///< plot rectangle in screen pixels
    float row_height = 1, pad = 0, row_scroll = 0;
    double t0 = 0, t1 = 1;  ///< visible time window
    float x(double t) const { return px0 + static_cast<float>((t - t0) / (t1 - t0)) * (px1 - px0); }
    float row_top(int row) const {
      return py0 + (static_cast<float>(row) - row_scroll) * row_height;
    }
    /// y of a fraction of row's band area (0 = top of its bars, 1 = bottom).
    float band_y(int row, float frac) const {
      return row_top(row) + pad + frac * (row_height - 2 * pad);
    }
  };
  const Layout& layout() const { return layout_; }

 private:
  struct Row {
    std::string label;
    std::vector<std::uint32_t> order;  // bar indices sorted by start
    std::vector<double> max_finish;    // prefix maximum of finish along `order`
    std::vector<double> starts;        // start along `order` (binary search for skipping)
    bool disjoint = true;              // no two bars overlap in time (a processor's schedule)
  };
  void prepare();
  int hit_test(double t, int row, float frac, double tol) const;

  std::vector<Row> rows_;
  std::vector<GanttBar> bars_;
  std::vector<GanttMarker> markers_;
  bool prepared_ = false;
  bool has_domain_ = false;
  double dom_t0_ = 0, dom_t1_ = 1;
  bool fitted_ = false;
  double view_t0_ = 0, view_t1_ = 1;
  float row_scroll_ = 0;  // rows scrolled off the top (fractional)
  float row_pref_ = 26.0f, row_min_ = 3.0f;
  std::string unit_;
  LabelFn label_fn_;
  TooltipFn tooltip_fn_;
  Layout layout_;
};

/// Diagonal stripes and a light outline over [a, b]: how a hatched bar (and its legend swatch)
/// is marked on top of its fill.
void draw_gantt_hatch(ImDrawList* dl, ImVec2 a, ImVec2 b, float ui_scale);

/// Picks a "nice" tick step (1, 2 or 5 times a power of ten) for about `target` ticks over `span`.
double nice_step(double span, int target);

/// A distinct colour for index i (golden-ratio hue walk), with value v.
ImU32 palette_colour(int i, float v = 0.85f);

}  // namespace loadlab::app
