// The dag kind's exported pictures (app/widgets/svg_views.h): the Gantt chart of a schedule,
// duplicated tasks (duplication-based schedulers) hatched.
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

std::vector<SvgBar> dag_picture_bars(const io::Json& r, std::string& lane_word) {
  std::vector<SvgBar> bars;
  if (!r.contains("schedule") || !r["schedule"].is_array()) return bars;
  lane_word = "P";
  svg_check_bars(r["schedule"].size());
  for (const auto& s : r["schedule"])
    bars.push_back({s.value("proc", 0), s.value("start", 0.0), s.value("finish", 0.0),
                    "task " + s.value("task", std::string("?")), s.value("duplicate", false)});
  return bars;
}

const KindPicturesRegistrar dag_pictures_registrar{{"dag", dag_picture_bars, nullptr, nullptr}};

}  // namespace

}  // namespace loadlab::app
