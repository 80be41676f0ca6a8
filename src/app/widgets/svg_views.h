// Headless pictures of a run's views, drawn from the result JSON (the typed results as every
// front end receives them): a Gantt chart of any schedule (dag tasks, loop chunks, os jobs), the
// balance network (small topologies) and the plots (balance load spread per step, loop per-thread
// time, dlt load per layer). `loadlab render` writes them as SVG or PNG; the app exports the same
// pictures for the selected result.
#pragma once

#include <string>
#include <vector>

#include "app/widgets/svg_doc.h"
#include "io/json_reader.h"

namespace loadlab::app {

/// The views render_view_svg knows: "gantt", "network", "plot".
const std::vector<std::string>& svg_view_names();

/// Gantt geometry, public so a test can place a bar independently: a task running [s, f) on
/// lane p is the rectangle x = kGanttLeft + s * scale, width = (f - s) * scale,
/// y = kGanttTop + p * kGanttLane, with scale = (kSvgWidth - kGanttLeft - kGanttRight) / end,
/// end = the latest finish.
constexpr double kSvgWidth = 1000;
constexpr double kGanttLeft = 70, kGanttRight = 20, kGanttTop = 40, kGanttLane = 22;
/// Pictures are for looking at: more bars than this, or a network of more nodes, are refused.
constexpr std::size_t kSvgMaxBars = 100000;
constexpr int kSvgMaxNetworkNodes = 256;

/// The picture of `view` for one result of `results` (the document `loadlab run` prints): the
/// entry of `algorithm`, or the first that ran when empty. `scenario` is the scenario that was
/// run (the network needs its topology). Throws io::ScenarioError naming "--view" or
/// "--algorithm" when the kind has no such view, the algorithm is not in the results, or the
/// picture would be too big.
SvgDoc render_view_svg(const io::Json& scenario, const io::Json& results, const std::string& view,
                       const std::string& algorithm);

}  // namespace loadlab::app
