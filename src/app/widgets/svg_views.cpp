#include "app/widgets/svg_views.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "app/widgets/svg_charts.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::vector<KindPictures>& kind_pictures_storage() {
  static std::vector<KindPictures> all;
  return all;
}

const io::Json& svg_pick_result(const io::Json& results, const std::string& algorithm) {
  if (!results.is_object() || !results.contains("results") || !results["results"].is_array())
    throw io::ScenarioError("/results", "no results to draw");
  for (const auto& r : results["results"]) {
    const bool failed = r.contains("error") && r["error"].is_object();
    if (algorithm.empty() ? !failed : r.value("algorithm", "") == algorithm) {
      if (failed)
        throw io::ScenarioError("--algorithm", "'" + algorithm + "' failed: nothing to draw");
      return r;
    }
  }
  throw io::ScenarioError("--algorithm", algorithm.empty()
                                             ? "no algorithm ran successfully"
                                             : "'" + algorithm + "' is not in the results");
}

const KindPictures* svg_find_pictures(const std::string& kind) {
  for (const auto& p : kind_pictures())
    if (kind == p.kind) return &p;
  return nullptr;
}

// "a, b, c": the kinds that have the view (a hook of that member), for the error messages.
template <class Hook>
std::string svg_kinds_with(Hook KindPictures::*hook) {
  std::string list;
  for (const auto& p : kind_pictures())
    if (p.*hook) list += (list.empty() ? "" : ", ") + std::string(p.kind);
  return list;
}

SvgDoc svg_gantt(const io::Json& scenario, const io::Json& r, const KindPictures* k) {
  std::string lane_word;
  std::vector<SvgBar> bars;
  if (k && k->gantt_bars) bars = k->gantt_bars(r, lane_word);
  if (bars.empty())
    throw io::ScenarioError("--view", "gantt: a " + r.value("algorithm", std::string("?")) +
                                          " result has no schedule (try --view plot or network)");
  return svg_gantt_chart(svg_title_of(scenario, r, "Gantt chart"), bars, lane_word);
}

SvgDoc svg_plot(const io::Json& scenario, const io::Json& r, const KindPictures* k,
                const std::string& kind) {
  if (k && k->plot)
    if (auto d = k->plot(scenario, r)) return std::move(*d);
  throw io::ScenarioError("--view", "plot: no plot for a " + kind + " result (plots: " +
                                        svg_kinds_with(&KindPictures::plot) + ")");
}

SvgDoc svg_network(const io::Json& scenario, const io::Json& r, const KindPictures* k,
                   const std::string& kind) {
  if (k && k->network)
    if (auto d = k->network(scenario, r)) return std::move(*d);
  throw io::ScenarioError("--view", "network: drawn for " + svg_kinds_with(&KindPictures::network) +
                                        " scenarios (a " + kind +
                                        " scenario has no network view to export)");
}

}  // namespace

void register_kind_pictures(const KindPictures& pictures) {
  auto& all = kind_pictures_storage();
  for (const auto& p : all)
    if (std::string_view(p.kind) == pictures.kind)
      throw std::logic_error(std::string("pictures registered twice for kind ") + pictures.kind);
  all.push_back(pictures);
  // Static initialisation order between files is unspecified: io's kind table orders them, so
  // the lists in messages come out the same in every build.
  std::map<std::string, std::size_t> io_order;
  for (const auto& k : io::scenario_kinds()) io_order.emplace(k.name, io_order.size());
  auto rank = [&](const KindPictures& p) {
    const auto it = io_order.find(p.kind);
    return std::make_pair(it == io_order.end() ? io_order.size() : it->second, std::string(p.kind));
  };
  std::stable_sort(all.begin(), all.end(),
                   [&](const KindPictures& a, const KindPictures& b) { return rank(a) < rank(b); });
}

const std::vector<KindPictures>& kind_pictures() {
  return kind_pictures_storage();
}

const std::vector<std::string>& svg_view_names() {
  static const std::vector<std::string> names = {"gantt", "network", "plot"};
  return names;
}

SvgDoc render_view_svg(const io::Json& scenario, const io::Json& results, const std::string& view,
                       const std::string& algorithm) {
  const io::Json& r = svg_pick_result(results, algorithm);
  const std::string kind = results.value("kind", scenario.value("kind", std::string()));
  const KindPictures* k = svg_find_pictures(kind);
  if (view == "gantt") return svg_gantt(scenario, r, k);
  if (view == "plot") return svg_plot(scenario, r, k, kind);
  if (view == "network") return svg_network(scenario, r, k, kind);
  throw io::ScenarioError("--view", "'" + view + "' is not one of gantt, network, plot");
}

}  // namespace loadlab::app
