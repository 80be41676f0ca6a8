// The kind-neutral pieces of the headless pictures (svg_views.h): the palette, a Gantt chart of
// bars on lanes, a plot of named series, and the small helpers a kind's picture hooks
// (src/app/<kind>/pictures.cpp) draw with. Nothing here knows a kind or a result's keys.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/widgets/svg_doc.h"
#include "io/json_reader.h"

namespace loadlab::app {

constexpr SvgColour kSvgInk = 0x202124, kSvgMuted = 0x6b7280, kSvgGrid = 0xd9dde3,
                    kSvgPaper = 0xffffff;
/// Colour-blind-safe categorical palette (Okabe & Ito), one per lane / series.
constexpr SvgColour kSvgPalette[] = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7,
                                     0x56b4e9, 0xd55e00, 0xf0e442, 0x999999};

/// One bar of a Gantt chart: [start, end) on a lane (a processor, a thread).
struct SvgBar {
  int lane = 0;
  double start = 0, end = 0;
  std::string label;
  bool duplicate = false;  ///< a copy of a task (duplication-based schedulers): drawn hatched
};

/// "<scenario name> | <algorithm> | <what>": every picture's title.
std::string svg_title_of(const io::Json& scenario, const io::Json& result, const char* what);
/// Throws io::ScenarioError naming "--view" when a chart would have more than kSvgMaxBars bars.
void svg_check_bars(std::size_t n);
/// The numbers of a JSON array (anything else as 0; not an array: none).
std::vector<double> svg_numbers(const io::Json& a);

/// The Gantt chart of `bars` (lanes named `lane_word` + index); throws io::ScenarioError naming
/// "--view" for a lane out of range.
SvgDoc svg_gantt_chart(const std::string& title, const std::vector<SvgBar>& bars,
                       const std::string& lane_word);

/// Series on a shared y axis over x = 0..n-1; `bars` draws columns instead of polylines. Throws
/// io::ScenarioError naming "--view" when no series has a value.
SvgDoc svg_series_plot(const std::string& title, const std::string& x_label,
                       const std::vector<std::pair<std::string, std::vector<double>>>& series,
                       bool bars);

}  // namespace loadlab::app
