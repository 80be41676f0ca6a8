// The dynamic kind's exported pictures (app/widgets/svg_views.h): each node's idle time.
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

std::optional<SvgDoc> dynamic_picture_plot(const io::Json& scenario, const io::Json& r) {
  if (!r.contains("idle_time")) return std::nullopt;
  return svg_series_plot(svg_title_of(scenario, r, "") + "idle time per node", "node",
                         {{"idle", svg_numbers(r["idle_time"])}}, true);
}

const KindPicturesRegistrar dynamic_pictures_registrar{
    {"dynamic", nullptr, dynamic_picture_plot, nullptr}};

}  // namespace

}  // namespace loadlab::app
