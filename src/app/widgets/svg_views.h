// Headless pictures of a run's views, drawn from the result JSON (the typed results as every
// front end receives them): a Gantt chart of a schedule, a network, a plot. The views are
// kind-neutral; what a kind draws in them comes from the picture hooks its folder registers
// (src/app/<kind>/pictures.cpp, with KindPicturesRegistrar), so this file names no kind.
// `loadlab render` writes them as SVG or PNG; the app exports the same pictures for the selected
// result.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/widgets/svg_doc.h"
#include "io/json_reader.h"

namespace loadlab::app {

struct SvgBar;  // svg_charts.h

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

/// One kind's picture hooks; a hook left null (or drawing nothing) means the kind has no such
/// view. Each receives the scenario that was run and one result entry of its results document.
struct KindPictures {
  const char* kind = "";  ///< the scenario "kind"
  /// The bars of the result's schedule and the lanes' letter ("P", "T"); none: no Gantt chart.
  std::vector<SvgBar> (*gantt_bars)(const io::Json& result, std::string& lane_word) = nullptr;
  std::optional<SvgDoc> (*plot)(const io::Json& scenario, const io::Json& result) = nullptr;
  std::optional<SvgDoc> (*network)(const io::Json& scenario, const io::Json& result) = nullptr;
};

/// Adds a kind's hooks (at static initialisation: see KindPicturesRegistrar); throws
/// std::logic_error for a kind registered twice.
void register_kind_pictures(const KindPictures& pictures);
/// Every registered kind's hooks: io::scenario_kinds() order first, then the others by name.
const std::vector<KindPictures>& kind_pictures();

/// `static KindPicturesRegistrar registrar{{"kind", bars, plot, network}};` in a kind's
/// pictures.cpp.
struct KindPicturesRegistrar {
  explicit KindPicturesRegistrar(const KindPictures& pictures) { register_kind_pictures(pictures); }
};

/// The picture of `view` for one result of `results` (the document `loadlab run` prints): the
/// entry of `algorithm`, or the first that ran when empty. `scenario` is the scenario that was
/// run (a network needs its topology). Throws io::ScenarioError naming "--view" or
/// "--algorithm" when the kind has no such view, the algorithm is not in the results, or the
/// picture would be too big.
SvgDoc render_view_svg(const io::Json& scenario, const io::Json& results, const std::string& view,
                       const std::string& algorithm);

}  // namespace loadlab::app
