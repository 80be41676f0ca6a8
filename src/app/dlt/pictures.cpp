// The dlt kind's exported pictures (app/widgets/svg_views.h): the load per layer of the
// hypercube.
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"

namespace loadlab::app {

namespace {

std::optional<SvgDoc> dlt_picture_plot(const io::Json& scenario, const io::Json& r) {
  if (!r.contains("load_per_layer")) return std::nullopt;
  return svg_series_plot(svg_title_of(scenario, r, "") + "load per layer", "layer",
                         {{"load", svg_numbers(r["load_per_layer"])}}, true);
}

const KindPicturesRegistrar dlt_pictures_registrar{{"dlt", nullptr, dlt_picture_plot, nullptr}};

}  // namespace

}  // namespace loadlab::app
