// The balance kind's exported pictures (app/widgets/svg_views.h): the spread of the loads per
// step (max, average, min) and the network with each node's load before -> after and the links
// that carried transfers.
#include <algorithm>
#include <cmath>

#include "app/widgets/format.h"
#include "app/widgets/svg_charts.h"
#include "app/widgets/svg_views.h"
#include "io/topology_json.h"

namespace loadlab::app {

namespace {

std::optional<SvgDoc> balance_picture_plot(const io::Json& scenario, const io::Json& r) {
  if (!r.contains("trace") || !r["trace"].is_array()) return std::nullopt;
  std::vector<double> mx, mn, avg;
  for (const auto& step : r["trace"]) {
    const auto v = svg_numbers(step);
    if (v.empty()) continue;
    mx.push_back(*std::max_element(v.begin(), v.end()));
    mn.push_back(*std::min_element(v.begin(), v.end()));
    double s = 0;
    for (double x : v) s += x;
    avg.push_back(s / static_cast<double>(v.size()));
  }
  return svg_series_plot(svg_title_of(scenario, r, "") + "load per node by step", "step",
                         {{"max load", mx}, {"average", avg}, {"min load", mn}}, false);
}

std::optional<SvgDoc> balance_picture_network(const io::Json& scenario, const io::Json& r) {
  if (!scenario.contains("topology")) return std::nullopt;
  const core::Topology topo = io::read_topology(io::JsonReader(scenario["topology"], "/topology"),
                                                scenario.value("seed", 0ull));
  const int n = topo.size();
  if (n > kSvgMaxNetworkNodes)
    throw io::ScenarioError("--view",
                            "network: " + format_int(n) +
                                " nodes; SVG and PNG pictures of a network are for up to " +
                                std::to_string(kSvgMaxNetworkNodes) + " nodes");
  const auto pos = topo.layout();
  std::vector<double> before, after;
  if (r.contains("trace") && r["trace"].is_array() && !r["trace"].empty())
    before = svg_numbers(r["trace"][0]);
  after = svg_numbers(r.value("final_loads", io::Json::array()));
  // The title sits above the nodes' band; labels below the lowest row stay inside the margin.
  constexpr double size = 640, margin = 50, top = 40 + 40;
  SvgDoc d(size + 2 * margin, size + top + margin);
  d.rect(0, 0, size + 2 * margin, size + top + margin, kSvgPaper);
  d.text(margin, 22, svg_title_of(scenario, r, "loads before -> after"), kSvgInk, 14);
  auto at = [&](int v) {
    return std::pair<double, double>{margin + pos[v].x * size, top + pos[v].y * size};
  };
  topo.for_each_edge([&](int a, int b, int) {
    const auto [x1, y1] = at(a);
    const auto [x2, y2] = at(b);
    d.line(x1, y1, x2, y2, kSvgGrid, 1.5);
  });
  if (r.contains("transfers") && r["transfers"].is_array())
    for (const auto& t : r["transfers"]) {
      const int a = t.value("from", -1), b = t.value("to", -1);
      if (a < 0 || b < 0 || a >= n || b >= n) continue;
      const auto [x1, y1] = at(a);
      const auto [x2, y2] = at(b);
      d.line(x1, y1, x2, y2, kSvgPalette[0], 3);
    }
  const double radius = std::clamp(size / (2.5 * std::sqrt(static_cast<double>(n)) + 4), 6.0, 22.0);
  for (int v = 0; v < n; ++v) {
    const auto [x, y] = at(v);
    d.circle(x, y, radius, 0xf3f4f6, kSvgInk);
    std::string label = v < static_cast<int>(after.size()) ? format_real(after[v]) : "";
    if (v < static_cast<int>(before.size())) label = format_real(before[v]) + "->" + label;
    d.text(x, y + radius + 13, label, kSvgInk, 11, 1);
    d.text(x, y + 4, std::to_string(v), kSvgMuted, std::min(11.0, radius), 1);
  }
  return d;
}

const KindPicturesRegistrar balance_pictures_registrar{
    {"balance", nullptr, balance_picture_plot, balance_picture_network}};

}  // namespace

}  // namespace loadlab::app
