// The loop kind's exported pictures (app/widgets/svg_views.h): the Gantt chart of the chunks on
// the threads, and each thread's busy and finish times.
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

std::vector<SvgBar> loop_picture_bars(const io::Json& r, std::string& lane_word) {
  std::vector<SvgBar> bars;
  if (!r.contains("chunks") || !r["chunks"].is_array()) return bars;
  lane_word = "T";
  svg_check_bars(r["chunks"].size());
  for (const auto& c : r["chunks"])
    bars.push_back({c.value("thread", 0), c.value("start", 0.0), c.value("finish", 0.0),
                    "iterations " + std::to_string(c.value("begin", 0)) + ".." +
                        std::to_string(c.value("end", 0))});
  return bars;
}

std::optional<SvgDoc> loop_picture_plot(const io::Json& scenario, const io::Json& r) {
  if (!r.contains("threads") || !r["threads"].is_array()) return std::nullopt;
  std::vector<double> busy, finish;
  for (const auto& t : r["threads"]) {
    busy.push_back(t.value("busy", 0.0));
    finish.push_back(t.value("finish", 0.0));
  }
  return svg_series_plot(svg_title_of(scenario, r, "") + "time per thread", "thread",
                         {{"busy", busy}, {"finish", finish}}, true);
}

const KindPicturesRegistrar loop_pictures_registrar{
    {"loop", loop_picture_bars, loop_picture_plot, nullptr}};

}  // namespace

}  // namespace loadlab::app
