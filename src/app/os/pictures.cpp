// The os kind's exported pictures (app/widgets/svg_views.h): the Gantt chart of the jobs'
// intervals on the processors.
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

std::vector<SvgBar> os_picture_bars(const io::Json& r, std::string& lane_word) {
  std::vector<SvgBar> bars;
  if (!r.contains("chart") || !r["chart"].is_object() || !r["chart"].contains("intervals") ||
      !r["chart"]["intervals"].is_array())
    return bars;
  lane_word = "P";
  svg_check_bars(r["chart"]["intervals"].size());
  for (const auto& c : r["chart"]["intervals"])
    bars.push_back({c.value("processor", 0), c.value("start", 0.0), c.value("end", 0.0),
                    "job " + std::to_string(c.value("job", 0))});
  return bars;
}

const KindPicturesRegistrar os_pictures_registrar{{"os", os_picture_bars, nullptr, nullptr}};

}  // namespace

}  // namespace loadlab::app
